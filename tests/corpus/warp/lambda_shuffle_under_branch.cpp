// corpus: racy simt-warp-divergence | a lambda with a full-mask shuffle called by even lanes
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::DisjointSlice<float> out) {
  const uint32_t lane = simt::warp::lane_id();
  float v = float(simt::thread::index_x());
  auto swap = [](float x) { return simt::warp::shuffle_xor(simt::warp::full_mask, x, 1); };
  if (lane % 2 == 0) v = swap(v);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
