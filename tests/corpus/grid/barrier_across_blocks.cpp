// corpus: racy simt-global-race | a barrier orders a block, not its neighbour: the last thread reads the first element of the next block
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::DisjointSlice<float> out) {
  if (simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  const size_t i = size_t(simt::block::index_x()) * 64 + simt::thread::index_x();
  out.at_mut(i) = 1.0f;
  simt::sync_threads();
  const float v = out[i + 1];
  simt::sync_threads();
  out.at_mut(i) = v;
}
