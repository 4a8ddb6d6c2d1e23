// irgen names what it cannot lower, at its location, and keeps going.
// RUN: not %simtc build %s -o /dev/null -fno-caret-diagnostics 2>&1 | FileCheck %s --implicit-check-not=error:
#include <simt/kernel.hpp>

union Bits {
  float f;
  unsigned u;
};

[[kernel]] void pun(float x, simt::DisjointSlice<unsigned> out) {
  Bits b = {x};
  unsigned y = __builtin_ctz(unsigned(x));
}

// CHECK: {{.*}}unsupported_construct.cpp:11:12: error: a union is not supported in kernel code
// CHECK: {{.*}}unsupported_construct.cpp:12:16: error: the builtin '__builtin_ctz' is not supported in kernel code
