// corpus: race-free | a loop-carried shift through registers with full-mask shuffles, no shared memory
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(uint32_t n, simt::DisjointSlice<float> out) {
  float v = float(simt::thread::index_x());
  for (uint32_t i = 0; i < n; ++i) v = simt::warp::shuffle_down(simt::warp::full_mask, v, 1) + 1.0f;
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
