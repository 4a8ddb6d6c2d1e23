// corpus: race-free | read, barrier, write, barrier in each iteration
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(uint32_t n, simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 128> s;
  const uint32_t t = simt::thread::index_x();
  float v = float(t);
  for (uint32_t i = 0; i < n; ++i) {
    v = t + 1 < 128 ? s[t + 1] : v;
    simt::sync_threads();
    if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = v;
    simt::sync_threads();
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
