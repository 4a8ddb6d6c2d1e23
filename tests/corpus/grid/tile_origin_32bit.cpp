// corpus: racy simt-global-race | a tile origin blockIdx.x * 64 in 32 bits wraps around on a grid of 2^26 blocks
#include <simt/kernel.hpp>

[[kernel, simt::block(64)]] void k(simt::DisjointSlice<float> out) {
  if (simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  const uint32_t first = simt::block::index_x() * 64 + simt::thread::index_x();
  out.at_mut(first) = 1.0f;
}
