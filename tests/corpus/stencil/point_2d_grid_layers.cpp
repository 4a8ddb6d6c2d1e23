// corpus: racy simt-global-race | 2-D stencil without the blockIdx.z guard: the blocks of a second grid layer write the same points
#include <simt/kernel.hpp>

[[kernel, simt::block(32, 8)]] void k(uint32_t rows, uint32_t cols, simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  const size_t gx = size_t(simt::block::index_x()) * 32 + simt::thread::index_x();
  const size_t gy = size_t(simt::block::index_y()) * 8 + simt::thread::index_y();
  const uint32_t x = uint32_t(gx), y = uint32_t(gy);
  if (gy < rows && gx < cols) out.at_mut(size_t(y) * cols + x) = 2.0f * in[size_t(y) * cols + x];
}
