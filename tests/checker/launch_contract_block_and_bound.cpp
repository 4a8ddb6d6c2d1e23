// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>

[[kernel, simt::block(256), simt::max_threads(512)]] void both(simt::DisjointSlice<int> out) {}

// CHECK: {{.*}}launch_contract_block_and_bound.cpp:4:29: error: 'simt::max_threads' cannot be combined with 'simt::block': the exact block shape already fixes the number of threads (PTX allows only one of .reqntid and .maxntid) [simt-launch-contract]
// CHECK-NEXT: {{.*}}launch_contract_block_and_bound.cpp:4:11: note: 'simt::block' is given here
