// corpus: racy simt-shared-race | interleaved-address reduction without barriers: thread 0 reads a[2] while thread 2 adds into it
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 128> a;
  auto me = simt::thread::index_in_block();
  const uint32_t t = simt::thread::index_x();
  if (auto slot = a.get_mut(me)) *slot = float(t);
  simt::sync_threads();
  for (uint32_t s = 1; s < 128; s *= 2) {
    if (t % (2 * s) == 0) {
      const float other = a[t + s];
      if (auto slot = a.get_mut(me)) *slot += other;
    }
  }
  simt::sync_threads();
  const float v = a[0];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
