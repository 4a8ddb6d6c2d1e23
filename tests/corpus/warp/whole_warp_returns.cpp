// corpus: race-free | warp 3 returns as a whole before the full-mask shuffle
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(simt::DisjointSlice<float> out) {
  const uint32_t t = simt::thread::index_x();
  const uint32_t lane = simt::warp::lane_id();
  float v = float(t);
  if (simt::warp::warp_id() == 3) return;
  v = simt::warp::shuffle_down(simt::warp::full_mask, v, 4);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
