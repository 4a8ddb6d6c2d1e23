// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>

[[kernel]] void jump(simt::DisjointSlice<int> out, int n) {
  if (n > 0) goto done;
  n = 1;
done:
  return;
}

// CHECK: {{.*}}language_subset_goto.cpp:5:14: error: 'goto' is not supported in kernel code [simt-language-subset]
