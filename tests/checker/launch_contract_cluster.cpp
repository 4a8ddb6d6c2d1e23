// [[simt::cluster(x[, y[, z]])]]: the blocks of a thread block cluster. It reaches the PTX as
// .reqnctapercluster and the generated header as the contract's cluster shape, which the checked
// launch holds the grid and the stream to. Extents are 1 to 8 and a cluster at most 8 blocks
// (the portable size); the target must have clusters (sm_90 or newer).
// RUN: %simtc build %s --arch sm_90 -o %t.ptx --header %t.hpp
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: FileCheck %s --check-prefix=HDR < %t.hpp
// RUN: not %simtc build %s --arch sm_80 -o /dev/null -fno-caret-diagnostics 2>&1 | FileCheck %s --check-prefix=ARCH --implicit-check-not=error:
// RUN: not %simtc check %s --arch sm_80 -fno-caret-diagnostics 2>&1 | FileCheck %s --check-prefix=ARCH --implicit-check-not=error:
// RUN: not %simtc check %s -fno-caret-diagnostics -DBAD 2>&1 | FileCheck %s --check-prefix=BAD --match-full-lines --implicit-check-not=error:
// REQUIRES: ptxas
// RUN: %simtc build %s --arch sm_90 -o %t2.ptx --ptxas
#include <simt/kernel.hpp>

[[kernel, simt::block(128), simt::cluster(2)]] void pairs(simt::DisjointSlice<float> out) {
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = float(simt::cluster::rank());
}

[[kernel, simt::max_threads(256), simt::cluster(2, 2, 2)]] void cubes(simt::DisjointSlice<float> out) {
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = 1.0f;
}

#ifdef BAD
[[kernel, simt::cluster(0)]] void empty(simt::DisjointSlice<int> out) {}
[[kernel, simt::cluster(9)]] void wide(simt::DisjointSlice<int> out) {}
[[kernel, simt::cluster(4, 4)]] void sixteen(simt::DisjointSlice<int> out) {}
[[kernel, simt::cluster(2), simt::cluster(4)]] void twice(simt::DisjointSlice<int> out) {}
#endif

// PTX-LABEL: .visible .entry pairs(
// PTX:       .reqntid 128, 1, 1
// PTX-NEXT:  .explicitcluster
// PTX-NEXT:  .reqnctapercluster 2, 1, 1
// PTX-LABEL: .visible .entry cubes(
// PTX:       .maxntid 256, 1, 1
// PTX-NEXT:  .explicitcluster
// PTX-NEXT:  .reqnctapercluster 2, 2, 2

// HDR:      inline constexpr simt::LaunchContract contract = {
// HDR-NEXT:     .kernel = "pairs",
// HDR-NEXT:     .block = {128, 1, 1},
// HDR-NEXT:     .cluster = {2, 1, 1},
// HDR-NEXT: };
// HDR:      .kernel = "cubes",
// HDR-NEXT:     .max_threads = 256,
// HDR-NEXT:     .cluster = {2, 2, 2},

// ARCH:      {{.*}}launch_contract_cluster.cpp:16:66: error: %cluster_ctarank needs --arch sm_90 or newer (the target is sm_80) [simt-target]
// ARCH-NEXT: {{.*}}launch_contract_cluster.cpp:15:29: error: kernel 'pairs' declares a thread block cluster (simt::cluster), which needs --arch sm_90 or newer (the target is sm_80) [simt-target]
// ARCH-NEXT: {{.*}}launch_contract_cluster.cpp:19:35: error: kernel 'cubes' declares a thread block cluster (simt::cluster), which needs --arch sm_90 or newer (the target is sm_80) [simt-target]

// BAD: {{.*}}launch_contract_cluster.cpp:24:25: error: a cluster extent must be between 1 and 8, not 0 [simt-launch-contract]
// BAD-NEXT: {{.*}}launch_contract_cluster.cpp:25:25: error: a cluster extent must be between 1 and 8, not 9 [simt-launch-contract]
// BAD-NEXT: {{.*}}launch_contract_cluster.cpp:26:11: error: the cluster (4, 4, 1) has 16 blocks; a cluster has at most 8 (the portable size every sm_90 GPU runs) [simt-launch-contract]
// BAD-NEXT: {{.*}}launch_contract_cluster.cpp:27:29: error: 'simt::cluster' is given twice [simt-launch-contract]
