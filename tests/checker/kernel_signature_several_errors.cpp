// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>
[[kernel]] double bad(int* a, int& b, simt::DisjointSlice<int> ok) { return 0; }

// CHECK: {{.*}}kernel_signature_several_errors.cpp:3:19: error: kernel 'bad' must return void, not 'double' [simt-kernel-signature]
// CHECK-NEXT: {{.*}}kernel_signature_several_errors.cpp:3:28: error: kernel 'bad' parameter 'a' is a raw pointer ('int *') [simt-kernel-signature]
// CHECK-NEXT: {{.*}}kernel_signature_several_errors.cpp:3:28: note: take a read-only input as simt::Slice<const int>, or an output written one element per thread as simt::DisjointSlice<int>
// CHECK-NEXT: {{.*}}kernel_signature_several_errors.cpp:3:36: error: kernel 'bad' parameter 'b' is a reference ('int &') [simt-kernel-signature]
// CHECK-NEXT: {{.*}}kernel_signature_several_errors.cpp:3:36: note: to write results, take simt::DisjointSlice<int> and write through get_mut()
