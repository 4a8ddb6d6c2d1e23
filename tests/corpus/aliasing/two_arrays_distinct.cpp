// corpus: race-free | writes to one shared array and neighbour reads of another, which nobody writes
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 64> written;
  simt::SharedArray<float, 64> untouched;
  const uint32_t t = simt::thread::index_x();
  if (auto slot = written.get_mut(simt::thread::index_in_block())) *slot = float(t);
  const float v = untouched[(t + 1) % 64];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
