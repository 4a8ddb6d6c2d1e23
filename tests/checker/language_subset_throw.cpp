// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>

[[kernel]] void checked(simt::DisjointSlice<int> out, int limit) {
  auto i = simt::thread::index_1d();
  if (i.get() > 100) throw limit;
}

// CHECK: {{.*}}language_subset_throw.cpp:6:22: error: exceptions are not supported in kernel code: 'throw' [simt-language-subset]
