// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>

constexpr float table[4] = {1, 2, 3, 4};
void keep(const float& v) { (void)&v; }

[[kernel]] void k(simt::Slice<const float> x, simt::DisjointSlice<float> out) {
  (void)&x[0];
  (void)&table[1];
  keep(x[1]);
  float local = x[2];
  (void)&local;
  if (auto o = out.get_mut(simt::thread::index_1d())) (void)&*o;
}

// CHECK: {{.*}}raw_pointer_address_of.cpp:8:9: error: taking the address of an element of read-only simt::Slice 'x'; raw pointers need a {{\[\[}}simt::unsafe{{\]\]}} block [simt-raw-pointer]
// CHECK-NEXT: {{.*}}raw_pointer_address_of.cpp:9:9: error: taking the address of variable 'table' of static storage; raw pointers need a {{\[\[}}simt::unsafe{{\]\]}} block [simt-raw-pointer]
// CHECK-NEXT: {{.*}}raw_pointer_address_of.cpp:13:61: error: taking the address of an element this thread owns (a raw pointer to it reaches the neighbours other threads own); raw pointers need a {{\[\[}}simt::unsafe{{\]\]}} block [simt-raw-pointer]
// CHECK-NEXT: {{.*}}raw_pointer_address_of.cpp:5:35: error: taking the address of what reference 'v' refers to; raw pointers need a {{\[\[}}simt::unsafe{{\]\]}} block [simt-raw-pointer]
