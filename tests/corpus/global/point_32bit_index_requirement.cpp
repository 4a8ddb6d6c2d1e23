// corpus: race-free | 2-D point written at the 32-bit index y * cols + x, kept from wrapping by the requirement rows * cols <= 2^32 - 1
#include <simt/kernel.hpp>

[[kernel, simt::block(32, 8), simt::requires("rows * cols <= 4294967295")]] void k(uint32_t rows, uint32_t cols, simt::DisjointSlice<float> out) {
  if (simt::block::index_z() != 0) return;
  const size_t gx = size_t(simt::block::index_x()) * 32 + simt::thread::index_x();
  const size_t gy = size_t(simt::block::index_y()) * 8 + simt::thread::index_y();
  if (gy < rows && gx < cols) out.at_mut(uint32_t(gy) * cols + uint32_t(gx)) = 1.0f;
}
