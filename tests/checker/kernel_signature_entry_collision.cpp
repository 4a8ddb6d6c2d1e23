// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>

namespace ns {
[[kernel]] void fill(simt::DisjointSlice<int> out) {}
}  // namespace ns
[[kernel]] void ns_fill(simt::DisjointSlice<int> out) {}

// CHECK: {{.*}}kernel_signature_entry_collision.cpp:7:17: error: kernel 'ns_fill' has the PTX entry name 'ns_fill' of another kernel; rename one [simt-kernel-signature]
// CHECK-NEXT: {{.*}}kernel_signature_entry_collision.cpp:5:17: note: the other kernel is declared here
