// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>
#include <typeinfo>
[[kernel]] void names(simt::DisjointSlice<int> out, int x) {
  auto& info = typeid(x);
}

// CHECK: {{.*}}language_subset_typeid.cpp:5:16: error: RTTI is not supported in kernel code: 'typeid' [simt-language-subset]
