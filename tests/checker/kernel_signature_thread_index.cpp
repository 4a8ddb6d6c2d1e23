// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>
[[kernel]] void forge(const simt::ThreadIndex<>& i, simt::DisjointSlice<int> out) {}

// CHECK: {{.*}}kernel_signature_thread_index.cpp:3:50: error: kernel 'forge' parameter 'i' has type 'const simt::ThreadIndex<> &', which a kernel cannot take: each thread gets its own index from simt::thread::index_1d() [simt-kernel-signature]
