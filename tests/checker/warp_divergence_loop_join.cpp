// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
// A loop that starts where a thread-dependent branch rejoins: its counter's phi meets the
// branch's paths along one edge only (the other comes from the loop's own latch), so a counter
// that starts from a constant stays uniform; one that starts from what the branch chose, or
// from what the thread-dependent loop counted, does not.
#include <simt/kernel.hpp>

// Accepted: the combine loop right after a loop whose trip count depends on the thread.
[[kernel, simt::block(256)]] void combine_after_strided_loop(uint32_t cols, simt::Slice<const float> in,
                                                             simt::DisjointSlice<float> out) {
  float m = 0.0f;
  for (uint32_t j = simt::thread::index_x(); j < cols && j < in.size(); j += 256) m += in[j];
  for (int32_t offset = 16; offset > 0; offset /= 2) m += simt::warp::shuffle_xor(simt::warp::full_mask, m, offset);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = m;
}

// Rejected: the second loop runs as many times as the first ran in this thread.
[[kernel, simt::block(256)]] void trip_count_from_strided_loop(uint32_t cols, simt::DisjointSlice<float> out) {
  uint32_t steps = 0;
  for (uint32_t j = simt::thread::index_x(); j < cols; j += 256) ++steps;
  float m = 1.0f;
  for (uint32_t k = 0; k < steps; ++k) m += simt::warp::shuffle_xor(simt::warp::full_mask, m, 1);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = m;
}

// Rejected: the loop's first value is chosen by a branch on the lane, both arms of which jump
// straight to the loop's header.
[[kernel, simt::block(256)]] void start_chosen_by_the_lane(simt::DisjointSlice<float> out) {
  float m = 1.0f;
  int32_t first;
  if (simt::warp::lane_id() < 5) first = 1;
  else first = 2;
  for (int32_t offset = first; offset < 4; ++offset) m += simt::warp::shuffle_xor(simt::warp::full_mask, m, 1);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = m;
}

// CHECK: {{.*}}warp_divergence_loop_join.cpp:22:45: error: warp operation with the full mask reached under thread-dependent control flow: lanes that took the other branch never arrive [simt-warp-divergence]
// CHECK-NEXT: {{.*}}warp_divergence_loop_join.cpp:22:24: note: this branch depends on the thread index
// CHECK-NEXT: {{.*}}warp_divergence_loop_join.cpp:33:59: error: warp operation with the full mask reached under thread-dependent control flow: lanes that took the other branch never arrive [simt-warp-divergence]
// CHECK-NEXT: {{.*}}warp_divergence_loop_join.cpp:33:32: note: this branch depends on the lane index
