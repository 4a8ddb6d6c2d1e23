// Matrix transpose through a shared-memory tile: out (cols x rows) = in (rows x cols)^T.
//
// A block reads a 64-column strip of the input row by row (each warp 128 consecutive bytes),
// keeps it in shared memory, and after a barrier writes the transposed strip row by row,
// reading shared memory down a column (one padding column: the 32 lanes of a warp hit 32
// different banks). A thread has 18 loads in flight.
//
// Sector-aligned writes. Where `rows` is not a multiple of 8, an output row does not start on a
// 32-byte memory sector, and tiles aligned on columns would split a sector between two blocks'
// writes at every tile edge: the memory system then merges partial sectors, and the transpose
// streams at 58 % of the copy bandwidth instead of 90 % (8191 x 8193 on an H100). So each block
// writes, in output row R, the columns [row0 - s, row0 + 64 - s), s = (R * rows) mod 8: the
// window that starts on a sector. Windows of one row tile it exactly (row0 steps by 64, s
// depends on R alone); the first block of a row starts at column 0 and the last one runs to
// the row's end. The block therefore holds input rows row0 - 8 .. row0 + 63.
#include <simt/kernel.hpp>

#include "transpose.hpp"

[[kernel, simt::block(kThreadsX, kRows), simt::requires("in.size() >= rows * cols", "out.size() >= rows * cols")]]
void transpose(uint32_t rows, uint32_t cols, simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  // Tiles of a 2-D grid: blocks of a second grid layer would write the same tiles.
  if (simt::block::index_z() != 0) return;
  // 64-bit tile origins: blockIdx.x * kTile wraps around in 32 bits on a grid of 2^26 blocks.
  const size_t col0 = size_t(simt::block::index_x()) * kTile, row0 = size_t(simt::block::index_y()) * kTile;
  // A block past the last row would write part of the last block's window.
  if (row0 >= rows) return;
  simt::SharedTile<float, kTile + kSector, kTile + 1> tile;  // row i: input row row0 - 8 + i
  const uint32_t tx = simt::thread::index_x(), ty = simt::thread::index_y();

#pragma unroll
  for (uint32_t k = 0; k < kTile + kSector; k += kRows) {
#pragma unroll
    for (uint32_t h = 0; h < kTile; h += kThreadsX) {
      const size_t r = row0 + ty + k, c = col0 + tx + h;  // input row r - 8
      // Thread (tx, ty) alone writes cells (ty + k, tx + h) of the tile.
      if (r >= kSector && r - kSector < rows && c < cols) tile.at_mut(ty + k, tx + h) = in[(r - kSector) * cols + c];
    }
  }
  simt::sync_threads();
  const bool last = row0 + kTile >= rows;
#pragma unroll
  for (uint32_t k = 0; k < kTile; k += kRows) {
    const size_t row = col0 + ty + k;  // output row: input column
    if (row >= cols) continue;
    const size_t s = (row * rows) & (kSector - 1), up = kSector - s;  // up: 1 to 8
    const size_t end = last ? rows : row0 + kTile - s;
#pragma unroll
    for (uint32_t h = 0; h < kTile + kThreadsX; h += kThreadsX) {
      // Window column j: output column row0 - s + j, tile row j + 8 - s (below 72 inside the
      // window; the bounds check of the last block's third pass, j >= 64, stays).
      const size_t j = tx + h, c = row0 + j - s;
      if (row0 + j >= s && c < end && c < rows) out.at_mut(row * rows + c) = tile(j + up, ty + k);
    }
  }
}
