// corpus: racy simt-shared-race | stencil with a run-time radius r read before the barrier (r = 1 meets the neighbour)
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(uint32_t r, simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 128> s;
  const uint32_t t = simt::thread::index_x();
  if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = float(t);
  float v = 0.0f;
  if (r < 64 && t + r < 128) v = s[t + r];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
