// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
// The reference at_mut returns is no way to a raw pointer in safe code.
#include <simt/kernel.hpp>

using simt::DisjointSlice;

// Global: a raw pointer to the element would reach its neighbours.
[[kernel, simt::block(64)]] void global_raw_pointer(DisjointSlice<float> out) {
  float* p = &out.at_mut(simt::thread::index_x());
  p[1] = 1.0f;
}

[[kernel, simt::block(64)]] void shared_raw_pointer(DisjointSlice<float> out) {
  simt::SharedArray<float, 64> s;
  float* p = &s.at_mut(simt::thread::index_x());
  p[1] = 1.0f;
}

// CHECK: {{.*}}at_mut_raw_pointer.cpp:9:10: error: variable 'p' has pointer type 'float *'; raw pointers need a {{\[\[}}simt::unsafe{{\]\]}} block [simt-raw-pointer]
// CHECK-NEXT: {{.*}}at_mut_raw_pointer.cpp:9:14: error: taking the address of memory this thread may not own; raw pointers need a {{\[\[}}simt::unsafe{{\]\]}} block [simt-raw-pointer]
// CHECK-NEXT: {{.*}}at_mut_raw_pointer.cpp:10:3: error: subscripting a raw pointer needs a {{\[\[}}simt::unsafe{{\]\]}} block; index a simt::Slice or an array [simt-raw-pointer]
// CHECK-NEXT: {{.*}}at_mut_raw_pointer.cpp:15:10: error: variable 'p' has pointer type 'float *'; raw pointers need a {{\[\[}}simt::unsafe{{\]\]}} block [simt-raw-pointer]
// CHECK-NEXT: {{.*}}at_mut_raw_pointer.cpp:15:14: error: taking the address of memory this thread may not own; raw pointers need a {{\[\[}}simt::unsafe{{\]\]}} block [simt-raw-pointer]
// CHECK-NEXT: {{.*}}at_mut_raw_pointer.cpp:16:3: error: subscripting a raw pointer needs a {{\[\[}}simt::unsafe{{\]\]}} block; index a simt::Slice or an array [simt-raw-pointer]
