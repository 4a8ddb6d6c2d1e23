// RUN: %simtc check %s 2>&1 | count 0
// RUN: %simtc build %s -o /dev/null 2>&1 | count 0
// Full-mask warp operations that whole warps reach, and partial masks under divergence.
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void first_warp_only(simt::DisjointSlice<float> out) {
  float v = float(simt::thread::index_x());
  if (simt::thread::index_x() < 32) v = simt::warp::reduce_add(simt::warp::full_mask, v);
  if (simt::warp::warp_id() == 2) v = simt::warp::shuffle_xor(simt::warp::full_mask, v, 1);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

[[kernel, simt::block(32, 4)]] void one_row_per_warp(simt::DisjointSlice<uint32_t, simt::space::Rows<32>> out) {
  uint32_t v = simt::thread::index_x();
  if (simt::thread::index_y() % 2 == 0) v = simt::warp::shuffle(simt::warp::full_mask, v, 0);
  if (auto o = out.get_mut(simt::thread::index_2d<32>())) *o = v;
}

[[kernel, simt::block(128)]] void partial_mask(simt::DisjointSlice<uint32_t> out) {
  uint32_t v = simt::warp::lane_id();
  if (simt::warp::lane_id() < 16) v = simt::warp::shuffle_xor(0x0000ffffu, v, 1, 16);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

[[kernel]] void uniform_without_a_contract(uint32_t n, simt::DisjointSlice<uint32_t> out) {
  uint32_t v = simt::warp::lane_id();
  if (n > 3) v = simt::warp::shuffle_down(simt::warp::full_mask, v, 1);
  const uint32_t votes = simt::warp::ballot(simt::warp::full_mask, v > 3);
  if (votes != 0) simt::warp::sync(simt::warp::full_mask);  // the same in every lane
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

[[kernel]] void whole_warps_without_a_contract(simt::DisjointSlice<uint32_t> out) {
  uint32_t v = simt::warp::lane_id();
  if (simt::warp::warp_id() % 2 == 0) v = simt::warp::shuffle_xor(simt::warp::full_mask, v, 1);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

[[kernel, simt::block(128)]] void in_an_unsafe_block(simt::DisjointSlice<uint32_t> out) {
  uint32_t v = 0;
  // Tier 2: the lanes of the upper half idle in the same shuffle on the other side.
  if (simt::warp::lane_id() < 16) [[simt::unsafe]] { v = simt::warp::shuffle_xor(simt::warp::full_mask, v, 1); }
  // Tier 2: simt's helpers called from an unsafe block are the block's responsibility too.
  if (simt::warp::lane_id() >= 8) [[simt::unsafe]] { v = simt::warp::reduce_add(simt::warp::full_mask, v); }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
