// corpus: race-free | butterfly partner s[t ^ 16] after a barrier
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 64> s;
  const uint32_t t = simt::thread::index_x();
  if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = float(t);
  simt::sync_threads();
  const float v = s[t ^ 16];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
