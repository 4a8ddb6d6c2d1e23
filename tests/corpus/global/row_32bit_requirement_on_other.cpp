// corpus: racy simt-global-race | a row per block at the 32-bit offset blockIdx.x * cols under a requirement on the buffer's size only: the offset wraps onto another block's row
#include <simt/kernel.hpp>

[[kernel, simt::block(256), simt::requires("out.size() <= 4294967295")]] void k(uint32_t rows, uint32_t cols, simt::DisjointSlice<float> out) {
  if (simt::block::index_x() >= rows || simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  const uint32_t base = simt::block::index_x() * cols;
  for (uint32_t j = simt::thread::index_x(); j < cols; j += 256) out.at_mut(base + j) = 1.0f;
}
