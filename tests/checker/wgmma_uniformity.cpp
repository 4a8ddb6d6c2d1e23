// RUN: not %simtc check --arch sm_90a -fno-caret-diagnostics %s 2>&1 | FileCheck %s --implicit-check-not=error:
// What the analyses see of wgmma and clusters: an accumulator after an mma differs between
// threads (a barrier under a branch on it is divergent, even when the accumulator started
// uniform), while the cluster's registers are the same in every thread of a block (a barrier
// under a branch on them is not), and the cluster barrier is a block collective.
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void branch_on_accumulator() {
  simt::SharedTile<simt::bfloat16, 64, 64, 1024> tile;
  simt::wgmma::Accumulator<8> d;
  const auto desc = simt::wgmma::k_major<simt::wgmma::Swizzle::bytes128>(tile);
  [[simt::unsafe]] {  // the block is one warpgroup
    simt::wgmma::fence(d);
    simt::wgmma::mma_async(d, desc, desc, false);
    simt::wgmma::commit_group();
    simt::wgmma::wait_group<0>(d);
  }
  if (d.reg[0] > 0.0f) simt::sync_threads();
}

[[kernel, simt::block(128)]] void branch_on_cluster_rank(simt::DisjointSlice<uint32_t> out) {
  if (simt::cluster::rank() == 0 && simt::cluster::dim_x() > 1) simt::sync_threads();
  if (simt::cluster::index_x() == 0) simt::cluster::sync();
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) *o = simt::cluster::size();
}

[[kernel, simt::block(128)]] void cluster_barrier_in_branch() {
  if (simt::thread::index_x() < 64) simt::cluster::sync();
}

// CHECK:      wgmma_uniformity.cpp:18:24: error: barrier reached under thread-dependent control flow: threads that took the other branch never arrive [simt-divergent-barrier]
// CHECK-NEXT: wgmma_uniformity.cpp:18:7: note: this branch depends on a value read from memory that threads write, which may differ between threads
// CHECK-NEXT: wgmma_uniformity.cpp:29:37: error: barrier reached under control flow that differs between warps: warps that took the other branch never arrive [simt-divergent-barrier]
// CHECK-NEXT: wgmma_uniformity.cpp:29:7: note: this branch depends on the warp index, which differs between the warps of a block

// The cluster barrier in a helper, after a thread-dependent early return.
void arrive_and_wait() { simt::cluster::sync(); }
[[kernel, simt::block(128)]] void cluster_barrier_after_early_return(simt::Slice<const uint32_t> in) {
  if (in[simt::thread::index_x()] == 0) return;
  arrive_and_wait();
}
// CHECK-NEXT: wgmma_uniformity.cpp:38:26: error: barrier reached under thread-dependent control flow: threads that took the other branch never arrive [simt-divergent-barrier]
// CHECK-NEXT: wgmma_uniformity.cpp:40:7: note: this branch depends on a value read from memory that threads write, which may differ between threads
// CHECK-NEXT: wgmma_uniformity.cpp:41:3: note: reached through this call
