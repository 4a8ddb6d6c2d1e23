// corpus: race-free | the same helper called after a barrier
#include <simt/kernel.hpp>

float next_of(const simt::SharedArray<float, 64>& s, uint32_t t) { return s[(t + 1) % 64]; }

[[kernel, simt::block(64)]] void k(simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 64> s;
  if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = 1.0f;
  simt::sync_threads();
  const float v = next_of(s, simt::thread::index_x());
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
