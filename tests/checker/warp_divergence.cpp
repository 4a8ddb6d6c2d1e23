// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
// RUN: not %simtc build %s -o /dev/null 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
// Full-mask warp operations that only some lanes of a warp reach.
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void half_warp_shuffle(simt::DisjointSlice<float> out) {
  float v = float(simt::thread::index_x());
  if (simt::warp::lane_id() < 16) v = simt::warp::shuffle_xor(simt::warp::full_mask, v, 1);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

[[kernel, simt::block(128)]] void half_warp_sync() {
  if (simt::thread::index_x() % 32 < 16) simt::warp::sync(simt::warp::full_mask);
}

[[kernel, simt::block(128)]] void reduce_in_a_branch(uint32_t n, simt::DisjointSlice<float> out) {
  float v = 1.0f;
  if (simt::thread::index_x() < n) v = simt::warp::reduce_add(simt::warp::full_mask, v);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

[[kernel, simt::block(128)]] void vote_after_return(uint32_t n, simt::DisjointSlice<uint32_t> out) {
  auto i = simt::thread::index_1d();
  if (i.get() >= n) return;
  const uint32_t votes = simt::warp::ballot(simt::warp::full_mask, true);
  if (auto o = out.get_mut(i)) *o = votes;
}

[[kernel, simt::block(48, 2)]] void rows_split_warps(simt::DisjointSlice<uint32_t, simt::space::Rows<48>> out) {
  uint32_t any = 0;
  if (simt::thread::index_y() == 0) any = simt::warp::any(simt::warp::full_mask, true);
  if (auto o = out.get_mut(simt::thread::index_2d<48>())) *o = any;
}

[[kernel]] void without_a_contract(simt::DisjointSlice<uint32_t> out) {
  uint32_t v = 0;
  if (simt::thread::index_x() < 32) v = simt::warp::redux_add(simt::warp::full_mask, 1u);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

[[kernel, simt::block(128)]] void laundered_through_an_atomic(simt::AtomicSlice<uint32_t> counter) {
  const uint32_t ticket = counter[0].fetch_add(1u);
  if (ticket % 2 == 0) simt::warp::sync(simt::warp::full_mask);
}

// 100 threads: the last warp has 4 lanes; block_warp_mask() names them.
[[kernel, simt::block(100)]] void partial_last_warp(simt::DisjointSlice<float> out) {
  float v = simt::warp::reduce_add(simt::warp::full_mask, 1.0f);
  v += simt::warp::reduce_add(simt::warp::block_warp_mask(), 1.0f);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

// CHECK: {{.*}}warp_divergence.cpp:8:39: error: warp operation with the full mask reached under thread-dependent control flow: lanes that took the other branch never arrive [simt-warp-divergence]
// CHECK-NEXT: {{.*}}warp_divergence.cpp:8:7: note: this branch depends on the lane index
// CHECK-NEXT: {{.*}}warp_divergence.cpp:13:42: error: warp operation with the full mask reached under thread-dependent control flow: lanes that took the other branch never arrive [simt-warp-divergence]
// CHECK-NEXT: {{.*}}warp_divergence.cpp:13:7: note: this branch depends on the thread index
// CHECK-NEXT: {{.*}}warp_divergence.cpp:18:40: error: warp operation with the full mask reached under thread-dependent control flow: lanes that took the other branch never arrive [simt-warp-divergence]
// CHECK-NEXT: {{.*}}warp_divergence.cpp:18:7: note: this branch depends on the thread index
// CHECK-NEXT: {{.*}}warp_divergence.cpp:25:26: error: warp operation with the full mask reached under thread-dependent control flow: lanes that took the other branch never arrive [simt-warp-divergence]
// CHECK-NEXT: {{.*}}warp_divergence.cpp:24:7: note: this branch depends on the thread index
// CHECK-NEXT: {{.*}}warp_divergence.cpp:31:43: error: warp operation with the full mask reached under thread-dependent control flow: lanes that took the other branch never arrive [simt-warp-divergence]
// CHECK-NEXT: {{.*}}warp_divergence.cpp:31:7: note: this branch depends on the thread index
// CHECK-NEXT: {{.*}}warp_divergence.cpp:37:41: error: warp operation with the full mask reached under thread-dependent control flow: lanes that took the other branch never arrive [simt-warp-divergence]
// CHECK-NEXT: {{.*}}warp_divergence.cpp:37:7: note: this branch depends on the thread index
// CHECK-NEXT: {{.*}}warp_divergence.cpp:43:24: error: warp operation with the full mask reached under thread-dependent control flow: lanes that took the other branch never arrive [simt-warp-divergence]
// CHECK-NEXT: {{.*}}warp_divergence.cpp:43:7: note: this branch depends on the result of an atomic operation, which differs between threads
// CHECK-NEXT: {{.*}}warp_divergence.cpp:48:13: error: warp operation with the full mask in a block of 100 threads: its last warp has only 4 lanes, and the lanes past the end of the block never arrive [simt-warp-divergence]
// CHECK-NEXT: {{.*}}warp_divergence.cpp:47:35: note: the launch contract's simt::block gives this kernel 100 threads per block
