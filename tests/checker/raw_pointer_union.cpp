// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>

union Bits { float f; unsigned u; };
struct Packet { int tag; Bits bits; };

[[kernel]] void k(float x, simt::DisjointSlice<unsigned> out) {
  Bits b{x};
  Packet p{};
  unsigned u = __builtin_bit_cast(unsigned, x);
}

// CHECK: {{.*}}raw_pointer_union.cpp:8:8: error: variable 'b' has union type 'Bits': unions reinterpret memory, which needs a {{\[\[}}simt::unsafe{{\]\]}} block; convert values with __builtin_bit_cast instead [simt-raw-pointer]
// CHECK-NEXT: {{.*}}raw_pointer_union.cpp:9:10: error: variable 'p' holds a union (member 'bits' of 'Packet'): unions reinterpret memory, which needs a {{\[\[}}simt::unsafe{{\]\]}} block; convert values with __builtin_bit_cast instead [simt-raw-pointer]
