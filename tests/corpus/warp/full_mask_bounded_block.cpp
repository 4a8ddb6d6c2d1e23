// corpus: racy simt-warp-divergence | full-mask reduction with only a bound on the block: a block of 100 threads has a partial last warp
#include <simt/kernel.hpp>

[[kernel, simt::max_threads(256)]] void k(simt::DisjointSlice<float> out) {
  const uint32_t lane = simt::warp::lane_id();
  float v = float(simt::thread::index_x());
  v = simt::warp::reduce_add(simt::warp::full_mask, v);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
