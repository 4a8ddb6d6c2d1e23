// corpus: racy simt-shared-race | s[(32 t) % 256]: thread 1 reads slot 32 while thread 32 writes it
#include <simt/kernel.hpp>

[[kernel, simt::block(256)]] void k(simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 256> s;
  const uint32_t t = simt::thread::index_x();
  if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = float(t);

  const float v = s[(32 * t) % 256];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
