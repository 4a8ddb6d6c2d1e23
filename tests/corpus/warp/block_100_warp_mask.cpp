// corpus: race-free | block of 100 threads using block_warp_mask() for its partial last warp
#include <simt/kernel.hpp>

[[kernel, simt::block(100)]] void k(simt::DisjointSlice<float> out) {
  const uint32_t t = simt::thread::index_x();
  const uint32_t lane = simt::warp::lane_id();
  float v = float(t);
  v = simt::warp::reduce_add(simt::warp::block_warp_mask(), v);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
