// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>

[[kernel]] void heap(simt::DisjointSlice<int> out) {
  int* p = new int(3);
  delete p;
}

// CHECK: {{.*}}language_subset_new_delete.cpp:5:12: error: heap allocation is not supported in kernel code: 'new' [simt-language-subset]
// CHECK-NEXT: {{.*}}language_subset_new_delete.cpp:6:3: error: heap allocation is not supported in kernel code: 'delete' [simt-language-subset]
