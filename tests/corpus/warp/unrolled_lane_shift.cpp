// corpus: race-free | #pragma unroll of a full-mask shuffle_up scan
#include <simt/kernel.hpp>

[[kernel, simt::block(256)]] void k(simt::DisjointSlice<float> out) {
  const uint32_t lane = simt::warp::lane_id();
  float v = float(simt::thread::index_x());
  #pragma unroll
  for (uint32_t d = 1; d < 32; d *= 2) {
    const float up = simt::warp::shuffle_up(simt::warp::full_mask, v, d);
    if (lane >= d) v += up;
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
