// corpus: race-free | Tier 2: thread t writes elements 2t and 2t + 1, then a barrier before the safe reads
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 128> s;
  const uint32_t t = simt::thread::index_x();
  // Tier 2: element 2t and 2t + 1 belong to thread t alone in this interval.
  [[simt::unsafe]] {
    s.at_mut(2 * t) = float(t);
    s.at_mut(2 * t + 1) = -float(t);
  }
  simt::sync_threads();
  const float v = s[(2 * t + 3) % 128];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
