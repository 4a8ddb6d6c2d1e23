// corpus: racy simt-warp-divergence | full-mask vote in one case of a switch on the lane
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::DisjointSlice<float> out) {
  const uint32_t lane = simt::warp::lane_id();
  float v = float(simt::thread::index_x());
  switch (lane / 8) {
    case 0:
      v = simt::warp::any(simt::warp::full_mask, v > 1.0f) ? 1.0f : 0.0f;
      break;
    default:
      break;
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
