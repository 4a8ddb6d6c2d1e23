// Silencing Clang's unknown-attribute warning does not silence the error for a misspelt simt
// attribute: the check reads the attributes itself.
// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error: --implicit-check-not=warning:
#include <simt/kernel.hpp>

#pragma clang diagnostic ignored "-Wunknown-attributes"
[[kernel, simt::requries("out.size() > 0")]] void a(simt::DisjointSlice<int> out) {}
[[kernal]] void b(simt::DisjointSlice<int> out) {}
[[kernel, other::thing]] void c(simt::DisjointSlice<int> out) {}

// CHECK: {{.*}}launch_contract_attribute_pragma.cpp:7:11: error: unknown attribute 'simt::requries'; did you mean 'simt::requires'? [simt-launch-contract]
// CHECK-NEXT: {{.*}}launch_contract_attribute_pragma.cpp:8:3: error: unknown attribute 'kernal'; did you mean 'kernel'? [simt-launch-contract]
