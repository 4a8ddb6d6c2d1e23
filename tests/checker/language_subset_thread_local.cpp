// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>

[[kernel]] void tls(simt::DisjointSlice<int> out) {
  thread_local int counter = 0;
}

// CHECK: {{.*}}language_subset_thread_local.cpp:5:3: error: thread-local storage is not supported for the current target
