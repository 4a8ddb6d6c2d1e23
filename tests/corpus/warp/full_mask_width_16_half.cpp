// corpus: racy simt-warp-divergence | a width-16 shuffle, but with the full mask, run only by the lower half-warp
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(simt::DisjointSlice<float> out) {
  const uint32_t t = simt::thread::index_x();
  const uint32_t lane = simt::warp::lane_id();
  float v = float(t);
  if (lane < 16) v = simt::warp::shuffle_xor(simt::warp::full_mask, v, 1, 16);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
