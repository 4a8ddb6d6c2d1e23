// corpus: racy simt-global-race | 2-D stencil with its column blockIdx.x * 32 + tx in 32 bits: on a grid of 2^27 blocks in x it wraps, and two blocks write one point
#include <simt/kernel.hpp>

[[kernel, simt::block(32, 8)]] void k(uint32_t rows, uint32_t cols, simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  if (simt::block::index_z() != 0) return;
  const uint32_t x = simt::block::index_x() * 32 + simt::thread::index_x();
  const size_t y = size_t(simt::block::index_y()) * 8 + simt::thread::index_y();
  if (y < rows && x < cols) out.at_mut(y * cols + x) = 2.0f * in[y * cols + x];
}
