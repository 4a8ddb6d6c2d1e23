// corpus: racy simt-warp-divergence | full-mask reduce_add guarded by t < n (n splits a warp)
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(uint32_t n, simt::DisjointSlice<float> out) {
  const uint32_t lane = simt::warp::lane_id();
  float v = float(simt::thread::index_x());
  if (simt::thread::index_x() < n) v = simt::warp::reduce_add(simt::warp::full_mask, v);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
