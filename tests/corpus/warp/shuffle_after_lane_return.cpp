// corpus: racy simt-warp-divergence | lane 31 returns, the other lanes shuffle with the full mask
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::DisjointSlice<float> out) {
  const uint32_t lane = simt::warp::lane_id();
  float v = float(simt::thread::index_x());
  if (lane == 31) return;
  v = simt::warp::shuffle_down(simt::warp::full_mask, v, 1);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
