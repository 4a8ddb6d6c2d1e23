// corpus: racy simt-shared-race | an 8-bit index t + 200 wraps: thread 56 reads slot 0 while thread 0 writes it
#include <simt/kernel.hpp>

[[kernel, simt::block(256)]] void k(simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 256> s;
  const uint32_t t = simt::thread::index_x();
  if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = float(t);
  const uint8_t j = uint8_t(t + 200);
  const float v = s[j];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
