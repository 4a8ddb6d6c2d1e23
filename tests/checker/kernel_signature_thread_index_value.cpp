// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>
[[kernel]] void forge(simt::ElementRef<int> slot) {}

// CHECK: {{.*}}kernel_signature_thread_index_value.cpp:3:45: error: kernel 'forge' parameter 'slot' has type 'simt::ElementRef<int>', which a kernel cannot take: each thread gets its own element from DisjointSlice::get_mut() [simt-kernel-signature]
