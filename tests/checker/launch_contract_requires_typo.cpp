// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>

[[kernel, simt::requires("x.size() >= n", "y.size() >= nn")]]
void saxpy_n(uint32_t n, float a, simt::Slice<const float> x, simt::DisjointSlice<float> y) {}
[[kernel, simt::requires("count <= out.size()")]] void unknown(uint32_t n, simt::DisjointSlice<float> out) {}

// CHECK: {{.*}}launch_contract_requires_typo.cpp:4:56: error: in requirement 'y.size() >= nn': the kernel has no parameter named 'nn'; did you mean 'n'? [simt-launch-contract]
// CHECK-NEXT: {{.*}}launch_contract_requires_typo.cpp:6:27: error: in requirement 'count <= out.size()': the kernel has no parameter named 'count' [simt-launch-contract]
