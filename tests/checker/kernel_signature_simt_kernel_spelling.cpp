// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>
[[simt::kernel]] void scale(float* data) {}

// CHECK: {{.*}}kernel_signature_simt_kernel_spelling.cpp:3:36: error: kernel 'scale' parameter 'data' is a raw pointer ('float *') [simt-kernel-signature]
// CHECK-NEXT: {{.*}}kernel_signature_simt_kernel_spelling.cpp:3:36: note: take a read-only input as simt::Slice<const float>, or an output written one element per thread as simt::DisjointSlice<float>
