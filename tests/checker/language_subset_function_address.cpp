// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>

int twice(int x) { return 2 * x; }
struct Op {
  int bias;
  int apply(int x) const { return x + bias; }
};

[[kernel]] void pointers(simt::Slice<const int> in, simt::DisjointSlice<int> out) {
  auto i = simt::thread::index_1d();
  auto f = &twice;
  int (*g)(int) = twice;
  auto m = &Op::apply;
  if (auto o = out.get_mut(i)) *o = twice(in[i.get()]);
}

// CHECK: {{.*}}language_subset_function_address.cpp:12:13: error: function pointers are not supported in kernel code: 'twice' [simt-language-subset]
// CHECK-NEXT: {{.*}}language_subset_function_address.cpp:13:19: error: function pointers are not supported in kernel code: 'twice' [simt-language-subset]
// CHECK-NEXT: {{.*}}language_subset_function_address.cpp:14:12: error: pointers to members are not supported in kernel code [simt-language-subset]
