// corpus: racy simt-shared-race | a barrier-free loop reads s[(t + i) % 64] for i = 0..n-1 right after the owners write
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(uint32_t n, simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 64> s;
  const uint32_t t = simt::thread::index_x();
  if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = float(t);
  float v = 0.0f;
  for (uint32_t i = 0; i < n; ++i) v += s[(t + i) % 64];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
