// One Jacobi sweep of the 2-D Laplace equation on a rows x cols grid with fixed boundary
// values: each interior point becomes the mean of its four neighbours, boundary points keep
// their value. A block stages its kBY x kBX points plus a one-point halo in shared memory (one
// global read per point instead of five); each thread then writes its own point of `out`
// through its 2-D index, which the kernel's safe tier covers.
#include <simt/kernel.hpp>

#include "jacobi.hpp"

[[kernel, simt::block(kBX, kBY), simt::requires("in.size() >= rows * cols", "rows * cols <= 4294967295")]] void jacobi_step(uint32_t rows, uint32_t cols, simt::Slice<const float> in,
                            simt::DisjointSlice<float, simt::space::RuntimeRows> out) {
  simt::SharedTile<float, kBY + 2, kBX + 2> tile;
  const uint32_t tx = simt::thread::index_x(), ty = simt::thread::index_y();
  const uint32_t x = simt::block::index_x() * kBX + tx, y = simt::block::index_y() * kBY + ty;
  // 32-bit index arithmetic, like the CUDA twin's `int`s (the requirement keeps it exact).
  auto at = [&](uint32_t r, uint32_t c) { return in[r * cols + c]; };

  // Each thread stages its own point and, on the block's edges, the halo point beyond it; the
  // tile cells written by different threads are distinct.
  if (y < rows && x < cols) {
    tile.at_mut(ty + 1, tx + 1) = at(y, x);
    if (tx == 0 && x > 0) tile.at_mut(ty + 1, 0) = at(y, x - 1);
    if (tx == kBX - 1 && x + 1 < cols) tile.at_mut(ty + 1, tx + 2) = at(y, x + 1);
    if (ty == 0 && y > 0) tile.at_mut(0, tx + 1) = at(y - 1, x);
    if (ty == kBY - 1 && y + 1 < rows) tile.at_mut(ty + 2, tx + 1) = at(y + 1, x);
  }
  simt::sync_threads();

  if (auto point = out.get_mut(simt::thread::index_2d_runtime(out))) {
    const float centre = tile(ty + 1, tx + 1);
    const bool boundary = y == 0 || x == 0 || y + 1 == rows || x + 1 == cols;
    *point = boundary ? centre
                      : 0.25f * ((tile(ty, tx + 1) + tile(ty + 2, tx + 1)) + (tile(ty + 1, tx) + tile(ty + 1, tx + 2)));
  }
}
