// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>
[[kernel]] void many(int n, ...) {}

// CHECK: {{.*}}kernel_signature_variadic.cpp:3:17: error: kernel 'many' cannot be variadic [simt-kernel-signature]
