// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>

namespace ns {
[[kernel]] void fill(simt::DisjointSlice<int> out) {}
}  // namespace ns
[[kernel]] void ns_fill(simt::DisjointSlice<int> out) {}
// An extern "C" device function keeps its plain name, which is also the kernel's entry.
extern "C" unsigned scale(unsigned v) { return v + 1; }
[[kernel]] void scale(simt::DisjointSlice<unsigned> out) {
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = scale(2u);
}

// CHECK: {{.*}}kernel_signature_entry_collision.cpp:7:17: error: kernel 'ns_fill' has the PTX entry name 'ns_fill' of another kernel; rename one [simt-kernel-signature]
// CHECK-NEXT: {{.*}}kernel_signature_entry_collision.cpp:5:17: note: the other kernel is declared here
// CHECK-NEXT: {{.*}}kernel_signature_entry_collision.cpp:9:21: error: extern "C" function 'scale' has the PTX name that kernel 'scale' takes as its entry; rename one, or drop extern "C" [simt-kernel-signature]
// CHECK-NEXT: {{.*}}kernel_signature_entry_collision.cpp:10:17: note: the kernel is declared here
