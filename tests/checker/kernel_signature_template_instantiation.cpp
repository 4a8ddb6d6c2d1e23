// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>

template <class T>
[[kernel]] void fill(T* out) {}
template void fill<float>(float*);

// CHECK: {{.*}}kernel_signature_template_instantiation.cpp:5:25: error: kernel 'fill<float>' parameter 'out' is a raw pointer ('float *') [simt-kernel-signature]
// CHECK-NEXT: {{.*}}kernel_signature_template_instantiation.cpp:5:25: note: take a read-only input as simt::Slice<const float>, or an output written one element per thread as simt::DisjointSlice<float>
