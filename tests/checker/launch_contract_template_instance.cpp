// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>

template <uint32_t X, uint32_t Y>
[[kernel, simt::block(X, Y)]] void tile(simt::DisjointSlice<int> out) {}
template void tile<32, 8>(simt::DisjointSlice<int>);
template void tile<64, 64>(simt::DisjointSlice<int>);

// CHECK: {{.*}}launch_contract_template_instance.cpp:5:11: error: the block (64, 64, 1) has 4096 threads; no GPU runs blocks of more than 1024 [simt-launch-contract]
// CHECK-NEXT: {{.*}}launch_contract_template_instance.cpp:7:15: note: in kernel 'tile<64U, 64U>' instantiated here
