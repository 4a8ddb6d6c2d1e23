// corpus: race-free | a transposed 32 x 32 tile per block of a 2-D grid, 64-bit origins
#include <simt/kernel.hpp>

[[kernel, simt::block(32, 8)]] void k(uint32_t rows, uint32_t cols, simt::DisjointSlice<float> out) {
  if (simt::block::index_z() != 0) return;
  const size_t col0 = size_t(simt::block::index_x()) * 32, row0 = size_t(simt::block::index_y()) * 32;
  for (uint32_t k = 0; k < 32; k += 8) {
    const size_t r = col0 + simt::thread::index_y() + k, c = row0 + simt::thread::index_x();
    if (r < cols && c < rows) out.at_mut(r * rows + c) = 1.0f;
  }
}
