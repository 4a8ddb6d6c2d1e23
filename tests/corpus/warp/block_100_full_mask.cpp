// corpus: racy simt-warp-divergence | full-mask reduction in a block of 100 threads: the last warp has 4 lanes
#include <simt/kernel.hpp>

[[kernel, simt::block(100)]] void k(simt::DisjointSlice<float> out) {
  const uint32_t lane = simt::warp::lane_id();
  float v = float(simt::thread::index_x());
  v = simt::warp::reduce_add(simt::warp::full_mask, v);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
