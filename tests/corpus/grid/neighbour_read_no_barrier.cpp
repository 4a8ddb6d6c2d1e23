// corpus: racy simt-global-race | each thread writes its element and reads the next one with no barrier
#include <simt/kernel.hpp>

[[kernel, simt::block(256)]] void k(simt::DisjointSlice<float> out) {
  if (simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  const size_t i = size_t(simt::block::index_x()) * 256 + simt::thread::index_x();
  out.at_mut(i) = 1.0f;
  const float v = out[i + 1];
  out.at_mut(i) = v + 1.0f;
}
