// corpus: race-free | 2-D stencil: the point guarded in 64 bits, narrowed to 32-bit row and column, each thread writes out[y * cols + x] after the barrier
#include <simt/kernel.hpp>

[[kernel, simt::block(32, 8)]] void k(uint32_t rows, uint32_t cols, simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  simt::SharedTile<float, 8, 32> tile;
  if (simt::block::index_z() != 0) return;
  const uint32_t tx = simt::thread::index_x(), ty = simt::thread::index_y();
  const size_t gx = size_t(simt::block::index_x()) * 32 + tx, gy = size_t(simt::block::index_y()) * 8 + ty;
  const bool inside = gy < rows && gx < cols;
  const uint32_t x = uint32_t(gx), y = uint32_t(gy);
  if (inside) tile.at_mut(ty, tx) = in[size_t(y) * cols + x];
  simt::sync_threads();
  if (inside) out.at_mut(size_t(y) * cols + x) = tile(ty, tx) + tile(ty, (tx + 1) % 32);
}
