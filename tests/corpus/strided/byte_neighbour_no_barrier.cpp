// corpus: racy simt-shared-race | 8-bit elements: s[t + 1] is the next thread's byte, read before the barrier
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(simt::DisjointSlice<float> out) {
  simt::SharedArray<uint8_t, 128> s;
  const uint32_t t = simt::thread::index_x();
  if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = uint8_t(t);
  const float v = t + 1 < 128 ? float(s[t + 1]) : 0.0f;
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
