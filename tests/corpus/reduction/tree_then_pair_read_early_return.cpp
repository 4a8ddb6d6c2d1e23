// corpus: racy simt-shared-race | threads 32 and up return from inside the tree loop after its last add, skipping the barrier: thread 32 adds into slot 32 while thread 0, past the loop, reads it
#include <simt/kernel.hpp>

[[kernel, simt::block(256)]] void k(simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 256> partial;
  auto me = simt::thread::index_in_block();
  const size_t t = me.get();
  if (auto slot = partial.get_mut(me)) *slot = float(t);
  simt::sync_threads();
  for (uint32_t half = 128; half >= 64; half /= 2) {
    if (t < half) {
      const float other = partial[t + half];
      if (auto slot = partial.get_mut(me)) *slot += other;
    }
    if (t >= 32 && half == 64) return;
    simt::sync_threads();
  }
  if (t < 32)
    if (auto o = out.get_mut(simt::thread::index_1d())) *o = partial[t] + partial[t + 32];
}
