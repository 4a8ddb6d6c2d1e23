// corpus: racy simt-warp-divergence | warp::sync(full_mask) in the lower half of each warp
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::DisjointSlice<float> out) {
  const uint32_t lane = simt::warp::lane_id();
  float v = float(simt::thread::index_x());
  if (lane < 8) simt::warp::sync(simt::warp::full_mask);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
