// corpus: race-free | a loop over tiles strided by the grid size, barrier inside
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(uint32_t tiles, simt::DisjointSlice<float> out) {
  float v = 0.0f;
  for (uint32_t b = simt::block::index_x(); b < tiles; b += simt::grid::dim_x()) {
    v += float(b);
    simt::sync_threads();
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}
