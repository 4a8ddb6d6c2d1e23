// corpus: racy simt-divergent-barrier | the thread-dependent inner loop holds the barrier
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(uint32_t n, simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 128> s;
  const uint32_t t = simt::thread::index_x();
  float v = float(t);
  for (uint32_t i = 0; i < n; ++i) {
    for (uint32_t j = 0; j < t % 8; ++j) {
      v += 1.0f;
      simt::sync_threads();
    }
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
