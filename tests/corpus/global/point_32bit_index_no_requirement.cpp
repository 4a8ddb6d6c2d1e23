// corpus: racy simt-global-race | 2-D point written at the 32-bit index y * cols + x with nothing bounding rows * cols: the index wraps and two points share an element
#include <simt/kernel.hpp>

[[kernel, simt::block(32, 8)]] void k(uint32_t rows, uint32_t cols, simt::DisjointSlice<float> out) {
  if (simt::block::index_z() != 0) return;
  const size_t gx = size_t(simt::block::index_x()) * 32 + simt::thread::index_x();
  const size_t gy = size_t(simt::block::index_y()) * 8 + simt::thread::index_y();
  if (gy < rows && gx < cols) out.at_mut(uint32_t(gy) * cols + uint32_t(gx)) = 1.0f;
}
