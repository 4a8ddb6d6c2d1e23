// corpus: race-free | an endless loop left by a thread-dependent break, then a barrier after it
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(simt::DisjointSlice<float> out) {
  const uint32_t t = simt::thread::index_x();
  float v = float(t);
  for (uint32_t i = 0;; ++i) {
    if (i * i > t) break;
    v += 1.0f;
  }
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
