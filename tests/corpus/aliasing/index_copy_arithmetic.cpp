// corpus: racy simt-shared-race | the index is copied and changed step by step into (t + 63) & 63
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 64> s;
  uint32_t i = simt::thread::index_x();
  if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = float(i);
  uint32_t j = i;
  j += 63;
  j &= 63;
  const float v = s[j];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
