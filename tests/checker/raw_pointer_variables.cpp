// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>

struct Cursor { float* at; };
float* next(float* p) { return p; }

[[kernel]] void k(simt::DisjointSlice<float> out) {
  float x = 0.0f;
  float* p = &x;
  Cursor c{&x};
  next(&x);
}

// CHECK: {{.*}}raw_pointer_variables.cpp:9:10: error: variable 'p' has pointer type 'float *'; raw pointers need a {{\[\[}}simt::unsafe{{\]\]}} block [simt-raw-pointer]
// CHECK-NEXT: {{.*}}raw_pointer_variables.cpp:10:10: error: variable 'c' holds a raw pointer (member 'at' of 'Cursor'); raw pointers need a {{\[\[}}simt::unsafe{{\]\]}} block [simt-raw-pointer]
// CHECK-NEXT: {{.*}}raw_pointer_variables.cpp:5:8: error: function 'next' returns a raw pointer ('float *'); return a reference or a value, or mark 'next' SIMT_REQUIRES_UNSAFE [simt-raw-pointer]
// CHECK-NEXT: {{.*}}raw_pointer_variables.cpp:5:20: error: parameter 'p' of 'next' has pointer type 'float *'; take a reference, a simt::Slice or a value, or mark 'next' SIMT_REQUIRES_UNSAFE [simt-raw-pointer]
