// One Jacobi sweep of the 2-D Laplace equation on a rows x cols grid with fixed boundary
// values: each interior point becomes the mean of its four neighbours, boundary points keep
// their value. A block stages its kBY x kBX points plus a one-point halo in shared memory (one
// global read per point instead of five); each thread then writes its own point of `out`,
// which the race rule proves no other thread of the grid writes.
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
