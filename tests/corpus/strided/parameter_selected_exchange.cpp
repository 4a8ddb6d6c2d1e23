// corpus: racy simt-shared-race | the exchange s[t ^ 1] runs only when the parameter says so, without a barrier
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(uint32_t mode, simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 64> s;
  const uint32_t t = simt::thread::index_x();
  if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = float(t);
  float v = 0.0f;
  if (mode == 7) v = s[t ^ 1];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
