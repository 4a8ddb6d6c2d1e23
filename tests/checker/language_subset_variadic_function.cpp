// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>

int sum(int n, ...) { return n; }
[[kernel]] void k(simt::DisjointSlice<int> out) {
  int s = sum(2, 1, 2);
}

// CHECK: {{.*}}language_subset_variadic_function.cpp:4:5: error: variadic functions are not supported in kernel code: 'sum' [simt-language-subset]
