// corpus: racy simt-divergent-barrier | while loop on a per-thread value with a barrier inside
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(uint32_t n, simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 128> s;
  const uint32_t t = simt::thread::index_x();
  float v = float(t);
  uint32_t x = t;
  while (x > 0) {
    x /= 2;
    simt::sync_threads();
  }
  v = float(x);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
