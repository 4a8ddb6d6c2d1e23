// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>
[[kernel]] void scale(const float& factor, simt::DisjointSlice<float> y) {}

// CHECK: {{.*}}kernel_signature_const_reference.cpp:3:36: error: kernel 'scale' parameter 'factor' is a reference ('const float &') [simt-kernel-signature]
// CHECK-NEXT: {{.*}}kernel_signature_const_reference.cpp:3:36: note: pass 'float' by value
