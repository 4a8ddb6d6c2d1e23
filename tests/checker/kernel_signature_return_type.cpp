// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>
[[kernel]] int compute(simt::DisjointSlice<int> out) { return 0; }

// CHECK: {{.*}}kernel_signature_return_type.cpp:3:16: error: kernel 'compute' must return void, not 'int' [simt-kernel-signature]
