// One Jacobi sweep of the 2-D Laplace equation on a rows x cols grid with fixed boundary
// values: each interior point becomes the mean of its four neighbours, boundary points keep
// their value. Two kernels compute the same sweep, bit for bit:
//
// jacobi_step: a block stages its kBY x kBX points plus a one-point halo in shared memory (one
// global read per point instead of five); each thread then writes its own point of `out`,
// which the race rule proves no other thread of the grid writes. The textbook kernel; it keeps
// 4 bytes of loads in flight a thread and then waits at the barrier, and streams at about 44 %
// of the copy bandwidth.
//
// jacobi_strip: no shared memory and no barrier. Each thread computes a strip of kStripRows
// points of one column, from the kStripRows + 2 points of its column and the kStripRows on
// either side, all loaded up front (26 independent loads in flight a thread) through the
// read-only cache. A warp's loads of its neighbours' columns and of the rows above and below
// its strip are the lines its own and the next warps' loads bring into L1 and L2, so DRAM sees
// each point about once. A block is one row of 256 threads: 256 adjacent columns, so rows that
// do not start on a 32-byte sector (an odd width) split a sector between two blocks only every
// 1 KiB. This is the one the benchmark measures (docs/performance.md).
#include <simt/kernel.hpp>

#include "jacobi.hpp"

[[kernel, simt::block(kBX, kBY), simt::requires("in.size() >= rows * cols", "out.size() >= rows * cols", "rows * cols <= 4294967295")]]
void jacobi_step(uint32_t rows, uint32_t cols, simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  simt::SharedTile<float, kBY + 2, kBX + 2> tile;
  // Points of a 2-D grid: blocks of a second grid layer would write the same points.
  if (simt::block::index_z() != 0) return;
  const uint32_t tx = simt::thread::index_x(), ty = simt::thread::index_y();
  // The grid point in 64 bits (blockIdx.x * kBX wraps around in 32 bits on a grid of 2^27
  // blocks); inside the grid it fits in 32 bits, and the indices below are 32-bit, like the
  // CUDA twin's `int`s (the last requirement keeps them exact).
  const size_t gx = size_t(simt::block::index_x()) * kBX + tx, gy = size_t(simt::block::index_y()) * kBY + ty;
  const bool inside = gy < rows && gx < cols;
  const uint32_t x = uint32_t(gx), y = uint32_t(gy);
  auto at = [&](uint32_t r, uint32_t c) { return in[r * cols + c]; };

  // Each thread stages its own point and, on the block's edges, the halo point beyond it; the
  // tile cells written by different threads are distinct.
  if (inside) {
    tile.at_mut(ty + 1, tx + 1) = at(y, x);
    if (tx == 0 && x > 0) tile.at_mut(ty + 1, 0) = at(y, x - 1);
    if (tx == kBX - 1 && x + 1 < cols) tile.at_mut(ty + 1, tx + 2) = at(y, x + 1);
    if (ty == 0 && y > 0) tile.at_mut(0, tx + 1) = at(y - 1, x);
    if (ty == kBY - 1 && y + 1 < rows) tile.at_mut(ty + 2, tx + 1) = at(y + 1, x);
  }
  simt::sync_threads();

  if (inside) {
    const float centre = tile(ty + 1, tx + 1);
    const bool boundary = y == 0 || x == 0 || y + 1 == rows || x + 1 == cols;
    // Point (y, x) of `out` is this thread's alone.
    out.at_mut(y * cols + x) =
        boundary ? centre
                 : 0.25f * ((tile(ty, tx + 1) + tile(ty + 2, tx + 1)) + (tile(ty + 1, tx) + tile(ty + 1, tx + 2)));
  }
}

[[kernel, simt::block(kStripBX, kStripBY),
  simt::requires("in.size() >= rows * cols", "out.size() >= rows * cols", "rows * cols <= 4294967295")]]
void jacobi_strip(uint32_t rows, uint32_t cols, simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  // Points of a 2-D grid: blocks of a second grid layer would write the same points.
  if (simt::block::index_z() != 0) return;
  // The strip's column and first row in 64 bits (no wrap on any grid), 32 bits once inside.
  const size_t gx = size_t(simt::block::index_x()) * kStripBX + simt::thread::index_x();
  const size_t gy = (size_t(simt::block::index_y()) * kStripBY + simt::thread::index_y()) * kStripRows;
  if (gx >= cols || gy >= rows) return;
  const uint32_t x = uint32_t(gx);

  // up_down[r]: the point of column x in row gy - 1 + r; left[r], right[r]: the points beside
  // row gy + r. Points outside the grid are never used (boundary points keep their value).
  float up_down[kStripRows + 2] = {}, left[kStripRows] = {}, right[kStripRows] = {};
#pragma unroll
  for (uint32_t r = 0; r < kStripRows + 2; ++r) {
    const size_t row = gy + r;  // row - 1 is the row read
    up_down[r] = row >= 1 && row - 1 < rows ? in[uint32_t(row - 1) * cols + x] : 0.0f;
  }
#pragma unroll
  for (uint32_t r = 0; r < kStripRows; ++r) {
    const size_t row = gy + r;
    left[r] = row < rows && x > 0 ? in[uint32_t(row) * cols + (x - 1)] : 0.0f;
    right[r] = row < rows && x + 1 < cols ? in[uint32_t(row) * cols + (x + 1)] : 0.0f;
  }
#pragma unroll
  for (uint32_t r = 0; r < kStripRows; ++r) {
    const size_t row = gy + r;
    if (row < rows) {
      const uint32_t y = uint32_t(row);
      const bool boundary = y == 0 || x == 0 || y + 1 == rows || x + 1 == cols;
      // Point (y, x) of `out` is this thread's alone.
      out.at_mut(y * cols + x) =
          boundary ? up_down[r + 1] : 0.25f * ((up_down[r] + up_down[r + 2]) + (left[r] + right[r]));
    }
  }
}
