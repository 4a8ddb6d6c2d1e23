// corpus: race-free | threads past m skip the work of each round but not its barriers
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(uint32_t n, uint32_t m, simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 128> s;
  const uint32_t t = simt::thread::index_x();
  float v = float(t);
  for (uint32_t i = 0; i < n; ++i) {
    if (t < m) {
      if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = v;
    }
    simt::sync_threads();
    if (t < m) v += s[m - 1 - t];
    simt::sync_threads();
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
