// corpus: racy simt-shared-race | s[min(t + 1, 63)] before the barrier
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 64> s;
  const uint32_t t = simt::thread::index_x();
  if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = float(t);
  const uint32_t j = t + 1 < 63 ? t + 1 : 63;
  const float v = s[j];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
