// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>
[[kernel]] void sum(const float* in, simt::DisjointSlice<float> out) {}

// CHECK: {{.*}}kernel_signature_const_pointer.cpp:3:34: error: kernel 'sum' parameter 'in' is a raw pointer ('const float *') [simt-kernel-signature]
// CHECK-NEXT: {{.*}}kernel_signature_const_pointer.cpp:3:34: note: take a read-only input as simt::Slice<const float>
