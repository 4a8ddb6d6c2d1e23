// corpus: race-free | the index goes through copies that end where they started: (t + 64) & 63 is the own slot
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 64> s;
  uint32_t i = simt::thread::index_x();
  if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = float(i);
  uint32_t j = i;
  j += 64;
  j &= 63;
  const float v = s[j];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
