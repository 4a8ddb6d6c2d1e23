// corpus: race-free | a loop left by a uniform break after its barrier; reads stay behind the barrier
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(uint32_t n, simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 128> s;
  const uint32_t t = simt::thread::index_x();
  float v = float(t);
  for (uint32_t i = 0;; ++i) {
    if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = v;
    simt::sync_threads();
    v = s[127 - t];
    simt::sync_threads();
    if (i >= n) break;
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
