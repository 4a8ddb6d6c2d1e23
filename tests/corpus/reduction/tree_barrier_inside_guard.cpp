// corpus: racy simt-divergent-barrier | tree reduction whose barrier sits inside the t < s guard
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 128> a;
  auto me = simt::thread::index_in_block();
  const uint32_t t = simt::thread::index_x();
  if (auto slot = a.get_mut(me)) *slot = float(t);
  simt::sync_threads();
  for (uint32_t s = 64; s > 0; s >>= 1) {
    if (t < s) {
      const float other = a[t + s];
      if (auto slot = a.get_mut(me)) *slot += other;
      simt::sync_threads();
    }
  }
  const float v = t == 0 ? a[0] : 0.0f;
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
