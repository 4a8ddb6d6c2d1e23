// corpus: race-free | threadIdx.x < 64 in a 1-D block of 128 is warp-uniform
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(simt::DisjointSlice<float> out) {
  const uint32_t lane = simt::warp::lane_id();
  float v = float(simt::thread::index_x());
  if (simt::thread::index_x() < 64) v = simt::warp::reduce_max(simt::warp::full_mask, v);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
