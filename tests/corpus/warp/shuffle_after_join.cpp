// corpus: race-free | a lane-dependent branch joins before the full-mask shuffle
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::DisjointSlice<float> out) {
  const uint32_t lane = simt::warp::lane_id();
  float v = float(simt::thread::index_x());
  if (lane < 5) v *= 2.0f;
  v = simt::warp::shuffle(simt::warp::full_mask, v, 3);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
