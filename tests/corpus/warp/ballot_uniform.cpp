// corpus: race-free | full-mask ballot by every lane, then a branch on its warp-uniform result
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::DisjointSlice<float> out) {
  const uint32_t lane = simt::warp::lane_id();
  float v = float(simt::thread::index_x());
  const uint32_t votes = simt::warp::ballot(simt::warp::full_mask, v > 10.0f);
  if (votes != 0) v = simt::warp::shuffle(simt::warp::full_mask, v, 0);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
