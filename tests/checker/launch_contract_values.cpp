// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>

[[kernel, simt::block(0)]] void empty_block(simt::DisjointSlice<int> out) {}
[[kernel, simt::block(64, 32)]] void too_many_threads(simt::DisjointSlice<int> out) {}
[[kernel, simt::block(1, 1, 128)]] void deep(simt::DisjointSlice<int> out) {}
[[kernel, simt::max_threads(2000)]] void bound(simt::DisjointSlice<int> out) {}
[[kernel, simt::min_arch(5)]] void arch(simt::DisjointSlice<int> out) {}
[[kernel, simt::dynamic_shared(4096, 1024)]] void shared_range(simt::DisjointSlice<int> out) {}
[[kernel, simt::min_blocks_per_sm(2)]] void residency(simt::DisjointSlice<int> out) {}
[[kernel, simt::block(32), simt::block(64)]] void twice(simt::DisjointSlice<int> out) {}
[[kernel, simt::block(1.5)]] void not_integer(simt::DisjointSlice<int> out) {}

// CHECK: {{.*}}launch_contract_values.cpp:4:23: error: a block extent must be between 1 and 1024, not 0 [simt-launch-contract]
// CHECK-NEXT: {{.*}}launch_contract_values.cpp:5:11: error: the block (64, 32, 1) has 2048 threads; no GPU runs blocks of more than 1024 [simt-launch-contract]
// CHECK-NEXT: {{.*}}launch_contract_values.cpp:6:11: error: a block's z extent is at most 64 on every GPU, not 128 [simt-launch-contract]
// CHECK-NEXT: {{.*}}launch_contract_values.cpp:7:29: error: the thread bound must be between 1 and 1024, not 2000 [simt-launch-contract]
// CHECK-NEXT: {{.*}}launch_contract_values.cpp:8:26: error: a compute capability (major * 10 + minor) must be between 10 and 999, not 5 [simt-launch-contract]
// CHECK-NEXT: {{.*}}launch_contract_values.cpp:9:11: error: the range of 'simt::dynamic_shared' is empty: the minimum 4096 is above the maximum 1024 [simt-launch-contract]
// CHECK-NEXT: {{.*}}launch_contract_values.cpp:10:11: error: 'simt::min_blocks_per_sm' needs 'simt::block' or 'simt::max_threads' on the same kernel: without a block size the residency hint means nothing (ptxas ignores .minnctapersm) [simt-launch-contract]
// CHECK-NEXT: {{.*}}launch_contract_values.cpp:11:28: error: 'simt::block' is given twice [simt-launch-contract]
// CHECK-NEXT: {{.*}}launch_contract_values.cpp:12:23: error: argument 1 of 'simt::block' must be an integer constant [simt-launch-contract]
