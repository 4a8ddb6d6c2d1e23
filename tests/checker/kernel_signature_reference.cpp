// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>
[[kernel]] void accumulate(float& total, simt::Slice<const float> x) {}

// CHECK: {{.*}}kernel_signature_reference.cpp:3:35: error: kernel 'accumulate' parameter 'total' is a reference ('float &') [simt-kernel-signature]
// CHECK-NEXT: {{.*}}kernel_signature_reference.cpp:3:35: note: to write results, take simt::DisjointSlice<float> and write through get_mut()
