// corpus: race-free | reduction with block_warp_mask(), the lanes that exist, under any block shape
#include <simt/kernel.hpp>

[[kernel, simt::max_threads(256)]] void k(simt::DisjointSlice<float> out) {
  const uint32_t lane = simt::warp::lane_id();
  float v = float(simt::thread::index_x());
  v = simt::warp::reduce_add(simt::warp::block_warp_mask(), v);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
