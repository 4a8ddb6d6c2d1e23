// corpus: race-free | tree reduction in the launch's dynamic shared memory
#include <simt/kernel.hpp>

[[kernel, simt::block(128), simt::dynamic_shared(512, 512)]] void k(simt::DisjointSlice<float> out) {
  auto a = simt::dynamic_shared<float>();
  auto me = simt::thread::index_in_block();
  const uint32_t t = simt::thread::index_x();
  if (auto slot = a.get_mut(me)) *slot = float(t);
  simt::sync_threads();
  for (uint32_t s = 64; s > 0; s >>= 1) {
    if (t < s) {
      const float other = a[t + s];
      if (auto slot = a.get_mut(me)) *slot += other;
    }
    simt::sync_threads();
  }
  const float v = a[0];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
