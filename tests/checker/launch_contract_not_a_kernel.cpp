// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>

[[simt::block(256)]] void helper(int x) {}
namespace ns {
[[simt::requires("n > 0")]] void other(uint32_t n) {}
}
[[kernel]] void k(simt::DisjointSlice<int> out) { helper(1); }

// CHECK: {{.*}}launch_contract_not_a_kernel.cpp:4:3: error: 'simt::block' applies only to kernels; 'helper' is not marked {{\[\[}}kernel{{\]\]}} [simt-launch-contract]
// CHECK-NEXT: {{.*}}launch_contract_not_a_kernel.cpp:6:3: error: 'simt::requires' applies only to kernels; 'other' is not marked {{\[\[}}kernel{{\]\]}} [simt-launch-contract]
