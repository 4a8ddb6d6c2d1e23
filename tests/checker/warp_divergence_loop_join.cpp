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

// Rejected: a thread that returns inside the strided loop never reaches the shuffles.
[[kernel, simt::block(256)]] void early_return_in_loop(uint32_t cols, simt::Slice<const float> in,
                                                       simt::DisjointSlice<float> out) {
  float m = 0.0f;
  for (uint32_t j = simt::thread::index_x(); j < cols && j < in.size(); j += 256) {
    if (in[j] < 0.0f) return;
    m += in[j];
  }
  for (int32_t offset = 16; offset > 0; offset /= 2) m += simt::warp::shuffle_xor(simt::warp::full_mask, m, offset);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = m;
}
// Rejected: the start value passes through a local array the divergent loop writes.
[[kernel, simt::block(256)]] void start_through_memory(uint32_t cols, simt::DisjointSlice<float> out) {
  int32_t first[1] = {1};
  for (uint32_t j = simt::thread::index_x(); j < cols; j += 256) first[0] = first[0] + 1;
  float m = 1.0f;
  for (int32_t offset = first[0]; offset < 40; ++offset) m += simt::warp::shuffle_xor(simt::warp::full_mask, m, 1);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = m;
}
// Rejected: the shuffle loop in a helper, its counter starting from what the divergent loop counted.
float combine_from(int32_t start, float m) {
  for (int32_t offset = start; offset > 0; offset /= 2) m += simt::warp::shuffle_xor(simt::warp::full_mask, m, offset);
  return m;
}
[[kernel, simt::block(256)]] void helper_start_from_loop(uint32_t cols, simt::DisjointSlice<float> out) {
  int32_t n = 0;
  for (uint32_t j = simt::thread::index_x(); j < cols; j += 256) ++n;
  const float m = combine_from(n, 1.0f);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = m;
}
// Rejected: a loop of barriers right after the divergent loop, as many as it ran.
[[kernel, simt::block(256)]] void barrier_loop_counted(uint32_t cols, simt::DisjointSlice<float> out) {
  uint32_t n = 0;
  for (uint32_t j = simt::thread::index_x(); j < cols; j += 256) ++n;
  for (uint32_t k = 0; k < n; ++k) simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = 1.0f;
}

// CHECK: {{.*}}warp_divergence_loop_join.cpp:22:45: error: warp operation with the full mask reached under thread-dependent control flow: lanes that took the other branch never arrive [simt-warp-divergence]
// CHECK-NEXT: {{.*}}warp_divergence_loop_join.cpp:22:24: note: this branch depends on the thread index
// CHECK-NEXT: {{.*}}warp_divergence_loop_join.cpp:33:59: error: warp operation with the full mask reached under thread-dependent control flow: lanes that took the other branch never arrive [simt-warp-divergence]
// CHECK-NEXT: {{.*}}warp_divergence_loop_join.cpp:33:32: note: this branch depends on the lane index
// CHECK-NEXT: {{.*}}warp_divergence_loop_join.cpp:45:59: error: warp operation with the full mask reached under thread-dependent control flow: lanes that took the other branch never arrive [simt-warp-divergence]
// CHECK-NEXT: {{.*}}warp_divergence_loop_join.cpp:41:46: note: this branch depends on the thread index
// CHECK-NEXT: {{.*}}warp_divergence_loop_join.cpp:53:63: error: warp operation with the full mask reached under thread-dependent control flow: lanes that took the other branch never arrive [simt-warp-divergence]
// CHECK-NEXT: {{.*}}warp_divergence_loop_join.cpp:53:35: note: this branch depends on the thread index
// CHECK-NEXT: {{.*}}warp_divergence_loop_join.cpp:58:62: error: warp operation with the full mask reached under thread-dependent control flow: lanes that took the other branch never arrive [simt-warp-divergence]
// CHECK-NEXT: {{.*}}warp_divergence_loop_join.cpp:58:32: note: this branch depends on the thread index
// CHECK-NEXT: {{.*}}warp_divergence_loop_join.cpp:64:19: note: reached through this call
// CHECK-NEXT: {{.*}}warp_divergence_loop_join.cpp:71:36: error: barrier reached under thread-dependent control flow: threads that took the other branch never arrive [simt-divergent-barrier]
// CHECK-NEXT: {{.*}}warp_divergence_loop_join.cpp:71:24: note: this branch depends on the thread index
