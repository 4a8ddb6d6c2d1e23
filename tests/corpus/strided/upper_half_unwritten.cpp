// corpus: race-free | the block writes slots 0..63 and reads slots 64..127, which nobody writes
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 128> s;
  const uint32_t t = simt::thread::index_x();
  if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = float(t);

  const float v = s[t + 64];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
