// corpus: racy simt-warp-divergence | full-mask shuffle in a loop whose trip count is the lane index
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::DisjointSlice<float> out) {
  const uint32_t lane = simt::warp::lane_id();
  float v = float(simt::thread::index_x());
  for (uint32_t i = 0; i < lane; ++i) v += simt::warp::shuffle_down(simt::warp::full_mask, v, 1);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
