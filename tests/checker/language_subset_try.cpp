// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>

[[kernel]] void guarded(simt::DisjointSlice<int> out) {
  try {
    auto i = simt::thread::index_1d();
  } catch (...) {
  }
}

// CHECK: {{.*}}language_subset_try.cpp:5:3: error: exceptions are not supported in kernel code: 'try' [simt-language-subset]
