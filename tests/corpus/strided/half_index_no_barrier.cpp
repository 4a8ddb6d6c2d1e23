// corpus: racy simt-shared-race | s[t / 2]: thread 1 reads slot 0 while thread 0 writes it
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 128> s;
  const uint32_t t = simt::thread::index_x();
  if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = float(t);
  const float v = s[t / 2];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
