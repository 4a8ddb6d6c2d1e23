// corpus: race-free | full-mask shuffle_down in a loop of five constant rounds
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::DisjointSlice<float> out) {
  const uint32_t lane = simt::warp::lane_id();
  float v = float(simt::thread::index_x());
  for (uint32_t d = 16; d >= 1; d /= 2) v += simt::warp::shuffle_down(simt::warp::full_mask, v, d);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
