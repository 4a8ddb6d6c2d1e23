// corpus: race-free | a row per block at the 32-bit offset blockIdx.x * cols, kept from wrapping by the requirement rows * cols <= 2^32 - 1
#include <simt/kernel.hpp>

[[kernel, simt::block(256), simt::requires("rows * cols <= 4294967295")]] void k(uint32_t rows, uint32_t cols, simt::DisjointSlice<float> out) {
  if (simt::block::index_x() >= rows || simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  const uint32_t base = simt::block::index_x() * cols;
  for (uint32_t j = simt::thread::index_x(); j < cols; j += 256) out.at_mut(base + j) = 1.0f;
}
