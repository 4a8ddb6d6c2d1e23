// corpus: race-free | 16-bit elements: neighbouring own slots share a word but not a byte
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(simt::DisjointSlice<float> out) {
  simt::SharedArray<uint16_t, 128> s;
  const uint32_t t = simt::thread::index_x();
  if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = uint16_t(t * 3);
  const float v = float(s[t]);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
