// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>
[[kernel(256)]] void k(simt::DisjointSlice<int> out) {}

// CHECK: {{.*}}kernel_signature_attribute_arguments.cpp:3:3: error: 'kernel' attribute takes no arguments
