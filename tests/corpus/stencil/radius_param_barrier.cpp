// corpus: race-free | stencil with a run-time radius r after the barrier
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(uint32_t r, simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 128> s;
  const uint32_t t = simt::thread::index_x();
  if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = float(t);
  simt::sync_threads();
  float v = 0.0f;
  if (r < 64 && t + r < 128 && t >= r) v = s[t + r] + s[t - r];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
