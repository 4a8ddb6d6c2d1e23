// corpus: racy simt-divergent-barrier | continue skips the barrier for some threads
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(uint32_t n, simt::DisjointSlice<float> out) {
  const uint32_t t = simt::thread::index_x();
  float v = 0.0f;
  for (uint32_t i = 0; i < n; ++i) {
    if ((t + i) % 3 == 0) continue;
    v += 1.0f;
    simt::sync_threads();
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
