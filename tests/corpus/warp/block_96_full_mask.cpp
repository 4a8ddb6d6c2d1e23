// corpus: race-free | full-mask reduction in a block of 96 threads: three whole warps
#include <simt/kernel.hpp>

[[kernel, simt::block(96)]] void k(simt::DisjointSlice<float> out) {
  const uint32_t lane = simt::warp::lane_id();
  float v = float(simt::thread::index_x());
  v = simt::warp::reduce_add(simt::warp::full_mask, v);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
