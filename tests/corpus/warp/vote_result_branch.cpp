// corpus: race-free | a branch on a full-mask all() is warp-uniform, then a full-mask shuffle
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::DisjointSlice<float> out) {
  const uint32_t lane = simt::warp::lane_id();
  float v = float(simt::thread::index_x());
  if (simt::warp::all(simt::warp::full_mask, v >= 0.0f)) v = simt::warp::shuffle_up(simt::warp::full_mask, v, 1);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
