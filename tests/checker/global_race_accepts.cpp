// RUN: %simtc check %s 2>&1 | count 0
// RUN: %simtc build %s -o /dev/null 2>&1 | count 0
// Writes of any element of a DisjointSlice that simt-global-race proves no other thread of the
// launch touches unordered: a block's row, a block's tile, several elements per thread, a
// shifted view, a buffer split into a read part and a written part, and reads back of the
// block's own row after a barrier.
#include <simt/kernel.hpp>

using simt::DisjointSlice;

// One row per block of a 1-D grid, its threads striding through it.
[[kernel, simt::block(256)]] void row_per_block(uint32_t cols, simt::Slice<const float> in, DisjointSlice<float> out) {
  if (simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  const size_t base = size_t(simt::block::index_x()) * cols;
  for (size_t j = simt::thread::index_x(); j < cols; j += 256)
    if (base + j < out.size()) out.at_mut(base + j) = 2.0f * in[base + j];
}

// A transposed 32 x 32 tile per block of a 2-D grid, 64-bit tile origins.
[[kernel, simt::block(32, 8)]] void transposed_tile(uint32_t rows, uint32_t cols, DisjointSlice<float> out) {
  if (simt::block::index_z() != 0) return;
  const size_t col0 = size_t(simt::block::index_x()) * 32, row0 = size_t(simt::block::index_y()) * 32;
  for (uint32_t k = 0; k < 32; k += 8) {
    const size_t r = col0 + simt::thread::index_y() + k, c = row0 + simt::thread::index_x();
    const size_t i = r * rows + c;
    if (r < cols && c < rows && i < out.size()) out.at_mut(i) = 1.0f;
  }
}

// Four consecutive elements per thread, 1-D launch.
[[kernel, simt::block(128)]] void four_per_thread(DisjointSlice<float> out) {
  if (simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  const size_t first = (size_t(simt::block::index_x()) * 128 + simt::thread::index_x()) * 4;
  for (uint32_t e = 0; e < 4; ++e)
    if (first + e < out.size()) out.at_mut(first + e) = float(e);
}

// Shifted by one: thread i writes element i + 1 (element 0 is left alone).
[[kernel, simt::block(64)]] void shifted_view(DisjointSlice<float> out) {
  if (simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  const size_t i = size_t(simt::block::index_x()) * 64 + simt::thread::index_x();
  if (i + 1 < out.size()) out.at_mut(i + 1) = 1.0f;
}

// One buffer, two parts: the first n elements are read, the rest written.
[[kernel, simt::block(64)]] void split_parts(uint32_t n, DisjointSlice<float> buf) {
  if (simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  const size_t i = size_t(simt::block::index_x()) * 64 + simt::thread::index_x();
  if (i < n && size_t(n) + i < buf.size()) buf.at_mut(size_t(n) + i) = buf[i] * 2.0f;
}

// A block writes its row, and after a barrier its threads read each other's elements of it.
[[kernel, simt::block(128)]] void row_read_back(DisjointSlice<float> out) {
  if (simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  const size_t base = size_t(simt::block::index_x()) * 128;
  const uint32_t t = simt::thread::index_x();
  out.at_mut(base + t) = float(t);
  simt::sync_threads();
  const float next = out[base + (t + 1) % 128];
  simt::sync_threads();
  out.at_mut(base + t) = next;
}

// A grid-stride loop over a 1-D launch: thread g writes g, g + S, g + 2S, ... (S threads).
[[kernel]] void grid_stride(simt::Slice<const float> x, DisjointSlice<float> out) {
  if (simt::block::index_y() != 0 || simt::block::index_z() != 0 || simt::block::dim_y() != 1 ||
      simt::block::dim_z() != 1)
    return;
  const size_t stride = size_t(simt::grid::dim_x()) * simt::block::dim_x();
  for (size_t i = size_t(simt::block::index_x()) * simt::block::dim_x() + simt::thread::index_x(); i < x.size();
       i += stride)
    out.at_mut(i) = 2.0f * x[i];
}

// A 2-D point with a 32-bit index y * cols + x, as CUDA code writes it: the contract's
// requirement keeps rows * cols below 2^32, so the index never wraps and each point is one
// element (the race rule takes the requirements as facts).
[[kernel, simt::block(32, 8), simt::requires("rows * cols <= 4294967295")]] void point_32bit(uint32_t rows, uint32_t cols,
                                                                                             DisjointSlice<float> out) {
  if (simt::block::index_z() != 0) return;
  const size_t gx = size_t(simt::block::index_x()) * 32 + simt::thread::index_x();
  const size_t gy = size_t(simt::block::index_y()) * 8 + simt::thread::index_y();
  if (gy < rows && gx < cols) out.at_mut(uint32_t(gy) * cols + uint32_t(gx)) = 1.0f;
}

// A row of a matrix whose width the contract bounds: base + j in 32 bits does not wrap.
[[kernel, simt::block(256), simt::requires("rows * cols <= 4294967295")]] void row_32bit(uint32_t rows, uint32_t cols,
                                                                                         DisjointSlice<float> out) {
  if (simt::block::index_x() >= rows || simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  const uint32_t base = simt::block::index_x() * cols;
  for (uint32_t j = simt::thread::index_x(); j < cols; j += 256) out.at_mut(base + j) = 1.0f;
}
