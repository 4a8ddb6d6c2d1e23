// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>

[[kernel]] void statics(simt::DisjointSlice<int> out) {
  static int calls = 0;
  static constexpr int kTable[2] = {1, 2};
}

// CHECK: {{.*}}language_subset_static_local.cpp:5:14: error: static local variables are not supported in kernel code [simt-language-subset]
