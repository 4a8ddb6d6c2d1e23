// corpus: racy simt-warp-divergence | threads past 40 return, the rest shuffle with the full mask
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(simt::DisjointSlice<float> out) {
  const uint32_t t = simt::thread::index_x();
  const uint32_t lane = simt::warp::lane_id();
  float v = float(t);
  if (t >= 40) return;
  v = simt::warp::shuffle_down(simt::warp::full_mask, v, 4);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
