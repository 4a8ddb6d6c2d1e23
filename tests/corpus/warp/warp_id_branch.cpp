// corpus: race-free | a branch on warp_id() is taken by whole warps
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(simt::DisjointSlice<float> out) {
  const uint32_t lane = simt::warp::lane_id();
  float v = float(simt::thread::index_x());
  if (simt::warp::warp_id() == 1) v = simt::warp::shuffle_xor(simt::warp::full_mask, v, 2);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
