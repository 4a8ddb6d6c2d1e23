// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>

[[kernel]] void k(simt::DisjointSlice<int> out) {
  int a[8] = {};
  *(a + 2) = 1;
  int b = (a + 1)[3];
  int n = (a + 4) - a;
}

// CHECK: {{.*}}raw_pointer_arithmetic.cpp:6:7: error: pointer arithmetic needs a {{\[\[}}simt::unsafe{{\]\]}} block [simt-raw-pointer]
// CHECK-NEXT: {{.*}}raw_pointer_arithmetic.cpp:7:11: error: subscripting a raw pointer needs a {{\[\[}}simt::unsafe{{\]\]}} block; index a simt::Slice or an array [simt-raw-pointer]
// CHECK-NEXT: {{.*}}raw_pointer_arithmetic.cpp:7:14: error: pointer arithmetic needs a {{\[\[}}simt::unsafe{{\]\]}} block [simt-raw-pointer]
// CHECK-NEXT: {{.*}}raw_pointer_arithmetic.cpp:8:19: error: pointer arithmetic needs a {{\[\[}}simt::unsafe{{\]\]}} block [simt-raw-pointer]
// CHECK-NEXT: {{.*}}raw_pointer_arithmetic.cpp:8:14: error: pointer arithmetic needs a {{\[\[}}simt::unsafe{{\]\]}} block [simt-raw-pointer]
