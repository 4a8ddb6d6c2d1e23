// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>
[[kernel]] int counter;

// CHECK: {{.*}}kernel_signature_not_a_function.cpp:3:3: error: 'kernel' applies only to functions [simt-kernel-signature]
