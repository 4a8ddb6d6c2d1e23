// corpus: race-free | a loop counting a parameter down, barrier inside, neighbour reads between barriers
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(uint32_t n, simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 128> s;
  const uint32_t t = simt::thread::index_x();
  float v = float(t);
  uint32_t left = n;
  while (left > 0) {
    if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = v;
    simt::sync_threads();
    v = 0.5f * (v + s[(t + 64) % 128]);
    simt::sync_threads();
    --left;
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
