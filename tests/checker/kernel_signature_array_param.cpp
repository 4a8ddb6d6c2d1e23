// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>
[[kernel]] void table(float weights[4], simt::DisjointSlice<float> out) {}

// CHECK: {{.*}}kernel_signature_array_param.cpp:3:29: error: kernel 'table' parameter 'weights' is a raw pointer ('float *') [simt-kernel-signature]
// CHECK-NEXT: {{.*}}kernel_signature_array_param.cpp:3:29: note: take a read-only input as simt::Slice<const float>, or an output written one element per thread as simt::DisjointSlice<float>
