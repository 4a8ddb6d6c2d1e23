// corpus: racy simt-divergent-barrier | a thread-dependent return inside a loop that has a barrier
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(uint32_t n, simt::DisjointSlice<float> out) {
  const uint32_t t = simt::thread::index_x();
  float v = 0.0f;
  for (uint32_t i = 0; i < n; ++i) {
    if (i * 16 > t) return;
    v += 1.0f;
    simt::sync_threads();
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
