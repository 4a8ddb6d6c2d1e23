// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s
// Every site reported, and no other:
// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | grep 'error:' | sed 's/: error:.*//' | uniq | FileCheck %s --check-prefix=SITES --match-full-lines --implicit-check-not=global_window_race.cpp
// Sector-aligned windows (global_window_accepts.cpp) gone wrong: a shift that differs between
// two threads or two blocks of one row, a window one column too wide, a block past the row's
// end that still writes, and the wide window through a helper. Each lets two threads write one
// element, and simt-global-race reports it. A shift read from memory is reported too: the rule
// does not follow values through memory, and what it cannot prove is an error.
#include <simt/kernel.hpp>

using simt::DisjointSlice;

#define WINDOW_KERNEL(name) [[kernel, simt::block(64), simt::requires("out.size() >= rows * cols")]] void name

// The shift depends on the thread: neighbouring threads' columns meet.
WINDOW_KERNEL(shift_per_thread)(uint32_t rows, uint32_t cols, DisjointSlice<float> out) {
  if (simt::block::index_z() != 0) return;
  const size_t r = simt::block::index_y(), start = size_t(simt::block::index_x()) * 64;
  if (r >= rows || start >= cols) return;
  const size_t s = (r * cols + simt::thread::index_x()) & 7;
  const size_t end = start + 64 >= cols ? cols : start + 64 - s;
  const size_t j = simt::thread::index_x();
  if (start + j >= s && start + j - s < end && start + j - s < cols) out.at_mut(r * cols + start + j - s) = 1.0f;
}
// CHECK: {{.*}}global_window_race.cpp:[[@LINE-2]]:107: error: threads may race on DisjointSlice 'out': this write and the same write by another thread run in one launch, unordered [simt-global-race]
// SITES: {{.*}}global_window_race.cpp:[[@LINE-3]]:107

// The shift depends on the block: two blocks of one row shift their windows apart.
WINDOW_KERNEL(shift_per_block)(uint32_t rows, uint32_t cols, DisjointSlice<float> out) {
  if (simt::block::index_z() != 0) return;
  const size_t r = simt::block::index_y(), start = size_t(simt::block::index_x()) * 64;
  if (r >= rows || start >= cols) return;
  const size_t s = (r * cols + simt::block::index_x()) & 7;
  const size_t end = start + 64 >= cols ? cols : start + 64 - s;
  const size_t j = simt::thread::index_x();
  if (start + j >= s && start + j - s < end && start + j - s < cols) out.at_mut(r * cols + start + j - s) = 1.0f;
}
// CHECK: {{.*}}global_window_race.cpp:[[@LINE-2]]:107: error: threads may race on DisjointSlice 'out': {{.*}} [simt-global-race]
// SITES: {{.*}}global_window_race.cpp:[[@LINE-3]]:107

// A window of 65 columns: its last is the next window's first.
WINDOW_KERNEL(one_too_wide)(uint32_t rows, uint32_t cols, DisjointSlice<float> out) {
  if (simt::block::index_z() != 0) return;
  const size_t r = simt::block::index_y(), start = size_t(simt::block::index_x()) * 64;
  if (r >= rows || start >= cols) return;
  const size_t s = (r * cols) & 7;
  const size_t end = start + 64 >= cols ? cols : start + 65 - s;
  for (size_t h = 0; h < 128; h += 64) {
    const size_t j = simt::thread::index_x() + h;
    if (start + j >= s && start + j - s < end && start + j - s < cols) out.at_mut(r * cols + start + j - s) = 1.0f;
  }
}
// CHECK: {{.*}}global_window_race.cpp:[[@LINE-3]]:109: error: threads may race on DisjointSlice 'out': {{.*}} [simt-global-race]
// SITES: {{.*}}global_window_race.cpp:[[@LINE-4]]:109

// No exit for a block past the row's end: its window starts before the end by the shift, over
// the last block's columns.
WINDOW_KERNEL(block_past_the_end)(uint32_t rows, uint32_t cols, DisjointSlice<float> out) {
  if (simt::block::index_z() != 0) return;
  const size_t r = simt::block::index_y(), start = size_t(simt::block::index_x()) * 64;
  if (r >= rows) return;
  const size_t s = (r * cols) & 7;
  const size_t end = start + 64 >= cols ? cols : start + 64 - s;
  for (size_t h = 0; h < 128; h += 64) {
    const size_t j = simt::thread::index_x() + h;
    if (start + j >= s && start + j - s < end && start + j - s < cols) out.at_mut(r * cols + start + j - s) = 1.0f;
  }
}
// CHECK: {{.*}}global_window_race.cpp:[[@LINE-3]]:109: error: threads may race on DisjointSlice 'out': {{.*}} [simt-global-race]
// SITES: {{.*}}global_window_race.cpp:[[@LINE-4]]:109

// The wide window of one_too_wide, hidden in a helper.
bool wide_column(size_t start, size_t j, size_t s, size_t cols, size_t& column) {
  const size_t end = start + 64 >= cols ? cols : start + 65 - s;
  if (start + j < s || start + j - s >= end || start + j - s >= cols) return false;
  column = start + j - s;
  return true;
}
WINDOW_KERNEL(wide_through_helper)(uint32_t rows, uint32_t cols, DisjointSlice<float> out) {
  if (simt::block::index_z() != 0) return;
  const size_t r = simt::block::index_y(), start = size_t(simt::block::index_x()) * 64;
  if (r >= rows || start >= cols) return;
  const size_t s = (r * cols) & 7;
  for (size_t h = 0; h < 128; h += 64) {
    size_t c = 0;
    if (wide_column(start, simt::thread::index_x() + h, s, cols, c)) out.at_mut(r * cols + c) = 1.0f;
  }
}
// CHECK: {{.*}}global_window_race.cpp:[[@LINE-3]]:95: error: threads may race on DisjointSlice 'out': {{.*}} [simt-global-race]
// SITES: {{.*}}global_window_race.cpp:[[@LINE-4]]:95

// The shift read from memory: equal rows read equal shifts from a read-only table, but the rule
// does not follow values through memory, and what it cannot prove it reports.
WINDOW_KERNEL(shift_from_memory)(uint32_t rows, uint32_t cols, simt::Slice<const uint32_t> shifts,
                                 DisjointSlice<float> out) {
  if (simt::block::index_z() != 0) return;
  const size_t r = simt::block::index_y(), start = size_t(simt::block::index_x()) * 64;
  if (r >= rows || start >= cols || r >= shifts.size()) return;
  const size_t s = shifts[r] & 7;
  const size_t end = start + 64 >= cols ? cols : start + 64 - s;
  const size_t j = simt::thread::index_x();
  if (start + j >= s && start + j - s < end && start + j - s < cols) out.at_mut(r * cols + start + j - s) = 1.0f;
}
// CHECK: {{.*}}global_window_race.cpp:[[@LINE-2]]:107: error: threads may race on DisjointSlice 'out': {{.*}} [simt-global-race]
// SITES: {{.*}}global_window_race.cpp:[[@LINE-3]]:107
