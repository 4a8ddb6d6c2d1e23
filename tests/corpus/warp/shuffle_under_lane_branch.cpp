// corpus: racy simt-warp-divergence | full-mask shuffle reached only by lanes below 16
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(simt::DisjointSlice<float> out) {
  const uint32_t lane = simt::warp::lane_id();
  float v = float(simt::thread::index_x());
  if (lane < 16) v = simt::warp::shuffle_xor(simt::warp::full_mask, v, 1);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
