// corpus: racy simt-shared-race | a lambda capturing the array by reference reads s[t + 1] before the barrier
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 64> s;
  const uint32_t t = simt::thread::index_x();
  auto right = [&s](uint32_t i) { return i + 1 < 64 ? s[i + 1] : 0.0f; };
  if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = float(t);
  const float v = right(t);
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
