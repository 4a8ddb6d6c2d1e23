// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>

struct Params {
  float scale;
  const float* table;
};
[[kernel]] void apply(Params p, simt::DisjointSlice<float> out) {}

// CHECK: {{.*}}kernel_signature_struct_pointer_member.cpp:8:30: error: kernel 'apply' parameter 'p' has type 'Params', which a kernel cannot take: member 'table' is a pointer [simt-kernel-signature]
// CHECK-NEXT: {{.*}}kernel_signature_struct_pointer_member.cpp:6:16: note: member declared here
