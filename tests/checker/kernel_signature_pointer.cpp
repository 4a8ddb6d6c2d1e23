// RUN: not %simtc check %s 2>&1 | FileCheck %s --match-full-lines --strict-whitespace
#include <simt/kernel.hpp>

[[kernel]] void scale(float* data, float factor) {}

// CHECK:{{.*}}kernel_signature_pointer.cpp:4:30: error: kernel 'scale' parameter 'data' is a raw pointer ('float *') [simt-kernel-signature]
// CHECK-NEXT:    4 | {{\[\[}}kernel{{\]\]}} void scale(float* data, float factor) {}
// CHECK-NEXT:      |                       ~~~~~~~^~~~
// CHECK-NEXT:{{.*}}kernel_signature_pointer.cpp:4:30: note: take a read-only input as simt::Slice<const float>, or an output written one element per thread as simt::DisjointSlice<float>
// CHECK:1 error generated.
