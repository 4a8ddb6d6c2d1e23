// RUN: %simtc check %s 2>&1 | count 0
// RUN: %simtc build %s -o /dev/null 2>&1 | count 0
// DisjointSlice::store<N>(i, v) where simt-global-race proves that no two threads' vectors
// share an element: four consecutive elements per thread, a block's row in vectors of four
// (one vector per thread per step of the loop), a 2-D strip of four columns per thread, and a
// vector followed by a read back of the thread's own elements.
#include <simt/kernel.hpp>

using simt::DisjointSlice;
using simt::Vec;

// Thread i: elements 4i .. 4i + 3 (past the end, only those inside are written).
[[kernel, simt::block(128)]] void four_per_thread(simt::Slice<const float> in, DisjointSlice<float> out) {
  if (simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  const size_t i = size_t(simt::block::index_x()) * 128 + simt::thread::index_x();
  out.store<4>(4 * i, in.load_partial<4>(4 * i));
  const float back = out[4 * i];  // its own element
  out.at_mut(4 * i) = back + 1.0f;
}

// A row per block; thread t writes columns 4t + 1024k .. + 3 while the vector fits the row.
[[kernel, simt::block(256), simt::requires("out.size() >= rows * cols", "cols + 1024 <= 4294967296")]]
void row_in_vectors(uint32_t rows, uint32_t cols, DisjointSlice<float> out) {
  if (simt::block::index_x() >= rows || simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  const size_t base = size_t(simt::block::index_x()) * cols;
  for (uint32_t j = 4 * simt::thread::index_x(); j < cols; j += 1024)
    if (cols - j >= 4) out.store<4>(base + j, Vec<float, 4>{{1.0f, 2.0f, 3.0f, 4.0f}});
}

// A 2-D grid of points; thread (x, y) writes columns 4x .. 4x + 3 of row y (a whole vector
// inside the row only).
[[kernel, simt::block(32, 8), simt::requires("out.size() >= rows * cols", "rows * cols <= 4294967295")]]
void strip_of_four(uint32_t rows, uint32_t cols, DisjointSlice<float> out) {
  if (simt::block::index_z() != 0) return;
  const size_t gx = (size_t(simt::block::index_x()) * 32 + simt::thread::index_x()) * 4;
  const size_t gy = size_t(simt::block::index_y()) * 8 + simt::thread::index_y();
  if (gy >= rows || gx + 4 > cols) return;
  out.store<4>(uint32_t(gy) * cols + uint32_t(gx), Vec<float, 4>{});
}
