// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>

int twice(int x) { return 2 * x; }
[[kernel]] void indirect(simt::DisjointSlice<int> out, int x) {
  int (*f)(int) = twice;
  int y = f(x);
}

// CHECK: {{.*}}language_subset_function_pointer.cpp:6:19: error: function pointers are not supported in kernel code: 'twice' [simt-language-subset]
// CHECK-NEXT: {{.*}}language_subset_function_pointer.cpp:7:11: error: calls through function pointers are not supported in kernel code [simt-language-subset]
