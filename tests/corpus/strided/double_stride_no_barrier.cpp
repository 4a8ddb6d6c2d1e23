// corpus: racy simt-shared-race | s[2t]: thread 1 reads the slot thread 2 is writing
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 256> s;
  const uint32_t t = simt::thread::index_x();
  if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = float(t);

  const float v = s[2 * t];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
