// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>

struct Op {
  virtual int apply(int x) const { return x; }
};
[[kernel]] void dispatch(simt::DisjointSlice<int> out, int x) {
  Op op;
  const Op& ref = op;
  int y = ref.apply(x);
}

// CHECK: {{.*}}language_subset_virtual_call.cpp:10:15: error: virtual function calls are not supported in kernel code: 'apply' [simt-language-subset]
