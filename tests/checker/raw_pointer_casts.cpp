// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>

struct Base { int v; };
struct Derived : Base {};

[[kernel]] void k(simt::Slice<const float> x, simt::DisjointSlice<int> out) {
  float f = 1.0f;
  int bits = reinterpret_cast<int&>(f);
  const_cast<float&>(x[0]) = 2.0f;
  int more = (int&)f;
  Derived d{};
  Base& b = d;
  int v = static_cast<Derived*>(&b)->v;
  int w = static_cast<Derived&>(b).v;
}

// CHECK: {{.*}}raw_pointer_casts.cpp:9:14: error: reinterpret_cast needs a {{\[\[}}simt::unsafe{{\]\]}} block [simt-raw-pointer]
// CHECK-NEXT: {{.*}}raw_pointer_casts.cpp:10:3: error: const_cast needs a {{\[\[}}simt::unsafe{{\]\]}} block: it would let safe code write through a read-only view [simt-raw-pointer]
// CHECK-NEXT: {{.*}}raw_pointer_casts.cpp:11:14: error: C-style cast to 'int &' needs a {{\[\[}}simt::unsafe{{\]\]}} block [simt-raw-pointer]
// CHECK-NEXT: {{.*}}raw_pointer_casts.cpp:14:11: error: static_cast to pointer type 'Derived *' needs a {{\[\[}}simt::unsafe{{\]\]}} block [simt-raw-pointer]
// CHECK-NEXT: {{.*}}raw_pointer_casts.cpp:14:33: error: taking the address of what reference 'b' refers to; raw pointers need a {{\[\[}}simt::unsafe{{\]\]}} block [simt-raw-pointer]
// CHECK-NEXT: {{.*}}raw_pointer_casts.cpp:15:11: error: a downcast to a derived class is unchecked (if the object is not of that class, the access goes past it): it needs a {{\[\[}}simt::unsafe{{\]\]}} block with a comment saying why it is safe [simt-unsafe]
