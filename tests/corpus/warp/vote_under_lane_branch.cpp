// corpus: racy simt-warp-divergence | full-mask any() in the odd lanes only
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::DisjointSlice<float> out) {
  const uint32_t lane = simt::warp::lane_id();
  float v = float(simt::thread::index_x());
  if (lane % 2 == 1) v = simt::warp::any(simt::warp::full_mask, v > 3.0f) ? 1.0f : 0.0f;
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
