// corpus: race-free | Tier 2: each round thread t < s writes a[t] with at_mut from a[2t] and a[2t + 1] of the other buffer, barrier per round
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 128> a;
  simt::SharedArray<float, 128> b;
  const uint32_t t = simt::thread::index_x();
  if (auto slot = a.get_mut(simt::thread::index_in_block())) *slot = float(t);
  simt::sync_threads();
  bool in_a = true;
  for (uint32_t s = 64; s > 0; s >>= 1) {
    if (t < s) {
      // Tier 2: in this round thread t alone writes element t of the buffer not being read.
      [[simt::unsafe]] {
        if (in_a) b.at_mut(t) = a[2 * t] + a[2 * t + 1];
        else a.at_mut(t) = b[2 * t] + b[2 * t + 1];
      }
    }
    in_a = !in_a;
    simt::sync_threads();
  }
  const float v = in_a ? a[0] : b[0];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
