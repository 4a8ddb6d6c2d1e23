// corpus: race-free | a loop driven by a full-mask any() runs the same rounds in every lane
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(simt::DisjointSlice<float> out) {
  const uint32_t t = simt::thread::index_x();
  const uint32_t lane = simt::warp::lane_id();
  float v = float(t);
  uint32_t x = lane;
  while (simt::warp::any(simt::warp::full_mask, x > 0)) {
    x = x / 2;
    v += simt::warp::shuffle_xor(simt::warp::full_mask, v, 1);
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
