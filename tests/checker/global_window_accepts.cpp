// RUN: %simtc check %s 2>&1 | count 0
// RUN: %simtc build %s -o /dev/null 2>&1 | count 0
// Windows that start on a 32-byte sector (examples/transpose): in row r, block x writes the
// columns [64 x - s, 64 x + 64 - s), s = (r * cols) mod 8, the first block from column 0 and
// the last to the row's end. The shift depends on the row alone, so the windows of one row
// tile it, and simt-global-race proves no two threads write one element: directly, through a
// helper, and with the shift from another function of the row.
#include <simt/kernel.hpp>

using simt::DisjointSlice;

[[kernel, simt::block(64), simt::requires("out.size() >= rows * cols")]]
void sector_windows(uint32_t rows, uint32_t cols, DisjointSlice<float> out) {
  if (simt::block::index_z() != 0) return;
  const size_t r = simt::block::index_y(), start = size_t(simt::block::index_x()) * 64;
  if (r >= rows || start >= cols) return;
  const size_t s = (r * cols) & 7;
  const size_t end = start + 64 >= cols ? cols : start + 64 - s;
  for (size_t h = 0; h < 128; h += 64) {
    const size_t j = simt::thread::index_x() + h;
    if (start + j >= s && start + j - s < end && start + j - s < cols) out.at_mut(r * cols + start + j - s) = 1.0f;
  }
}

// The window's column through a helper; false when the thread has none.
bool window_column(size_t start, size_t j, size_t s, size_t cols, size_t& column) {
  const size_t end = start + 64 >= cols ? cols : start + 64 - s;
  if (start + j < s || start + j - s >= end || start + j - s >= cols) return false;
  column = start + j - s;
  return true;
}
[[kernel, simt::block(64), simt::requires("out.size() >= rows * cols")]]
void sector_windows_helper(uint32_t rows, uint32_t cols, DisjointSlice<float> out) {
  if (simt::block::index_z() != 0) return;
  const size_t r = simt::block::index_y(), start = size_t(simt::block::index_x()) * 64;
  if (r >= rows || start >= cols) return;
  const size_t s = (r * cols) & 7;
#pragma unroll
  for (size_t h = 0; h < 128; h += 64) {
    size_t c = 0;
    if (window_column(start, simt::thread::index_x() + h, s, cols, c)) out.at_mut(r * cols + c) = 2.0f;
  }
}

// Any shift that is a function of the row partitions it the same way: here the next row's.
[[kernel, simt::block(64), simt::requires("out.size() >= rows * cols")]]
void shifted_by_next_row(uint32_t rows, uint32_t cols, DisjointSlice<float> out) {
  if (simt::block::index_z() != 0) return;
  const size_t r = simt::block::index_y(), start = size_t(simt::block::index_x()) * 64;
  if (r >= rows || start >= cols) return;
  const size_t s = ((r + 1) * cols) & 7;
  const size_t end = start + 64 >= cols ? cols : start + 64 - s;
  for (size_t h = 0; h < 128; h += 64) {
    const size_t j = simt::thread::index_x() + h;
    if (start + j >= s && start + j - s < end && start + j - s < cols) out.at_mut(r * cols + start + j - s) = 3.0f;
  }
}
