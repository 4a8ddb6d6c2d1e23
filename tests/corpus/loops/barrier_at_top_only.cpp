// corpus: racy simt-shared-race | barrier at the top of the loop, then a neighbour read and an own write in one interval
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void k(uint32_t n, simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 128> s;
  const uint32_t t = simt::thread::index_x();
  float v = float(t);
  for (uint32_t i = 0; i < n; ++i) {
    simt::sync_threads();
    v = s[(t + 1) % 128] + 1.0f;
    if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = v;
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
