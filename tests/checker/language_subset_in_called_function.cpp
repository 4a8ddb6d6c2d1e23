// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>

int risky(int x) {
  if (x < 0) throw x;
  return x;
}
int middle(int x) { return risky(x) + 1; }
[[kernel]] void k(simt::DisjointSlice<int> out, int x) {
  int y = middle(x);
}

// CHECK: {{.*}}language_subset_in_called_function.cpp:5:14: error: exceptions are not supported in kernel code: 'throw' [simt-language-subset]
