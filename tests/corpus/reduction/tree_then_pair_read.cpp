// corpus: race-free | tree reduction down to 64 sums with a barrier per round, then threads 0..31 read slots t and t + 32 after the loop
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
    simt::sync_threads();
  }
  if (t < 32)
    if (auto o = out.get_mut(simt::thread::index_1d())) *o = partial[t] + partial[t + 32];
}
