// Matrix transpose through a shared-memory tile: out (cols x rows) = in (rows x cols)^T.
// A block reads a kTile x kTile tile row by row (coalesced), writes it into shared memory, and
// after a barrier writes the transposed tile row by row (coalesced again), reading shared memory
// down a column. The tile has one padding column, so the 32 lanes of a warp reading a column
// hit 32 different banks instead of one.
#include <simt/kernel.hpp>

#include "transpose.hpp"

[[kernel, simt::block(kTile, kRows), simt::requires("in.size() >= rows * cols")]] void transpose(uint32_t rows, uint32_t cols, simt::Slice<const float> in,
                          simt::DisjointSlice<float> out) {
  // Tiles of a 2-D grid: blocks of a second grid layer would write the same tiles.
  if (simt::block::index_z() != 0) return;
  simt::SharedTile<float, kTile, kTile + 1> tile;
  const uint32_t tx = simt::thread::index_x(), ty = simt::thread::index_y();
  // 64-bit tile origins: blockIdx.x * kTile wraps around in 32 bits on a grid of 2^27 blocks.
  const size_t col0 = size_t(simt::block::index_x()) * kTile, row0 = size_t(simt::block::index_y()) * kTile;

  for (uint32_t k = 0; k < kTile; k += kRows) {
    const size_t r = row0 + ty + k, c = col0 + tx;
    if (r < rows && c < cols) {
      const float v = in[r * cols + c];
      // Thread (tx, ty) alone writes cells (ty + k, tx) of the tile.
      tile.at_mut(ty + k, tx) = v;
    }
  }
  simt::sync_threads();
  for (uint32_t k = 0; k < kTile; k += kRows) {
    const size_t r = col0 + ty + k, c = row0 + tx;  // out[r][c] = in[c][r]
    const size_t i = r * rows + c;
    // Each output element belongs to exactly one (block, thread, k): no other thread writes it.
    if (r < cols && c < rows && i < out.size()) out.at_mut(i) = tile(tx, ty + k);
  }
}
