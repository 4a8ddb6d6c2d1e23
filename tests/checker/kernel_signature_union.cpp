// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>

union Bits {
  float f;
  unsigned u;
};
[[kernel]] void pun(Bits b, simt::DisjointSlice<unsigned> out) {}

// CHECK: {{.*}}kernel_signature_union.cpp:8:26: error: kernel 'pun' parameter 'b' has type 'Bits', which a kernel cannot take: it is a union [simt-kernel-signature]
