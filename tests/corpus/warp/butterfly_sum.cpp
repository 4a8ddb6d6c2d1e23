// corpus: race-free | full-mask butterfly sum over the warp, every lane takes part
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(simt::DisjointSlice<float> out) {
  const uint32_t lane = simt::warp::lane_id();
  float v = float(simt::thread::index_x());
  for (int m = 16; m > 0; m >>= 1) v += simt::warp::shuffle_xor(simt::warp::full_mask, v, m);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
