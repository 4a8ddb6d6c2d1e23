// corpus: racy simt-warp-divergence | a full-mask ballot in a block of 100 threads
#include <simt/kernel.hpp>

[[kernel, simt::block(100)]] void k(simt::DisjointSlice<float> out) {
  const uint32_t t = simt::thread::index_x();
  const uint32_t lane = simt::warp::lane_id();
  float v = float(t);
  v = float(simt::warp::ballot(simt::warp::full_mask, v > 50.0f));
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
