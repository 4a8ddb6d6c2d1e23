// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>
[[kernel]] void copy(simt::Slice<const float> in, simt::DisjointSlice<const float> out) {}

// CHECK: {{.*}}kernel_signature_disjoint_const.cpp:3:84: error: kernel 'copy' parameter 'out' has type 'simt::DisjointSlice<const float>', which a kernel cannot take: a DisjointSlice of const elements cannot be written; take it as simt::Slice<const float> [simt-kernel-signature]
