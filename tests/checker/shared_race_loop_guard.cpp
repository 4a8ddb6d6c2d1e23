// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --implicit-check-not=error:
// A branch's condition holds in a loop that the branch enters directly (the loop's header has
// that edge and its back edge as predecessors): lane 31 alone writes its warp's slots in a loop
// (accepted), where two lanes writing the same slots in the same loop race (reported).
#include <simt/kernel.hpp>

// Lane 31 of warp w writes slots 8k + w for k < 4: one writer per slot.
[[kernel, simt::block(256)]] void last_lane_in_a_loop(simt::DisjointSlice<uint32_t> out) {
  simt::SharedArray<uint32_t, 32> totals;
  const uint32_t lane = simt::warp::lane_id(), warp = simt::warp::warp_id();
  if (lane == 31) {
#pragma unroll
    for (uint32_t k = 0; k < 4; ++k) totals.at_mut(k * 8 + warp) = k;
  }
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = totals[lane];
}

// The same loop not unrolled (a runtime trip count).
[[kernel, simt::block(256)]] void last_lane_in_a_runtime_loop(uint32_t rows, simt::DisjointSlice<uint32_t> out) {
  simt::SharedArray<uint32_t, 32> totals;
  const uint32_t lane = simt::warp::lane_id(), warp = simt::warp::warp_id();
  if (lane == 31)
    for (uint32_t k = 0; k < rows && k < 4; ++k) totals.at_mut(k * 8 + warp) = k;
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = totals[lane];
}

// Lanes 30 and 31 of a warp write the same slots.
[[kernel, simt::block(256)]] void two_lanes_in_a_loop(simt::DisjointSlice<uint32_t> out) {
  simt::SharedArray<uint32_t, 32> totals;
  const uint32_t lane = simt::warp::lane_id(), warp = simt::warp::warp_id();
  if (lane >= 30) {
#pragma unroll
    for (uint32_t k = 0; k < 4; ++k) totals.at_mut(k * 8 + warp) = k;
  }
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = totals[lane];
}
// CHECK: {{.*}}shared_race_loop_guard.cpp:[[@LINE-5]]:{{[0-9]+}}: error: threads may race on shared memory 'totals': this write and the same write by another thread run between the same barriers [simt-shared-race]

// The guard tests `who` before the loop; the loop then changes `who`. The condition holds for
// the value tested, not for the new one: in its second round, lane 31 of warp w writes slot
// 32 w + 63, which is lane 31 of warp w + 1's first slot.
[[kernel, simt::block(256)]] void guard_variable_changed_in_the_loop(simt::DisjointSlice<uint32_t> out) {
  simt::SharedArray<uint32_t, 320> totals;
  const uint32_t lane = simt::warp::lane_id(), warp = simt::warp::warp_id();
  uint32_t who = lane;
  if (who == 31) {
    for (uint32_t k = 0; k < 2; ++k) {
      totals.at_mut(warp * 32 + who) = k;
      who = 63;
    }
  }
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = totals[lane];
}
// CHECK: {{.*}}shared_race_loop_guard.cpp:[[@LINE-7]]:{{[0-9]+}}: error: threads may race on shared memory 'totals': {{.*}} [simt-shared-race]
