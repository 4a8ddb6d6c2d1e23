// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
// Races that look like the layouts the race rules' interval argument proves without a solver
// (race_affine.hpp), each one step off: the argument must leave them to Z3, which finds the
// two threads.
#include <simt/kernel.hpp>

using simt::DisjointSlice;

// A row per block whose threads stop at `limit`, not at the row's length `cols`: with
// limit > cols a block runs into the next block's row.
[[kernel, simt::block(256)]] void row_bound_by_another_value(uint32_t cols, uint32_t limit, DisjointSlice<float> out) {
  if (simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  const size_t base = size_t(simt::block::index_x()) * cols;
  for (size_t j = simt::thread::index_x(); j < limit; j += 256)
    if (base + j < out.size()) out.at_mut(base + j) = 1.0f;
}

// Two loops over the same elements, the second shifted by one: thread t + 1's first write is
// thread t's second.
[[kernel, simt::block(256)]] void two_loops_shifted(uint32_t n, DisjointSlice<float> out) {
  if (simt::block::index_x() != 0 || simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  for (uint32_t j = simt::thread::index_x(); j < n; j += 256)
    if (j < out.size()) out.at_mut(j) = 1.0f;
  for (uint32_t j = simt::thread::index_x() + 1; j < n; j += 256)
    if (j < out.size()) out.at_mut(j) = 2.0f;
}

// A stride of 255 for 256 threads: thread 255 in the first iteration meets thread 0 in the
// second.
[[kernel, simt::block(256)]] void stride_one_short(uint32_t n, DisjointSlice<float> out) {
  if (simt::block::index_x() != 0 || simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  for (uint32_t j = simt::thread::index_x(); j < n; j += 255)
    if (j < out.size()) out.at_mut(j) = 1.0f;
}

// The warp index and the lane, but the lane only within 16: lanes 3 and 19 of a warp meet.
[[kernel, simt::block(256)]] void warp_and_half_lane(DisjointSlice<float> out) {
  if (simt::block::index_x() != 0 || simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  const uint32_t t = simt::thread::index_x();
  const size_t i = size_t(t / 32) * 16 + t % 16;
  if (i < out.size()) out.at_mut(i) = 1.0f;
}

// A halo cell guarded by an `or` whose second half lets an interior thread write its
// neighbour's cell.
[[kernel, simt::block(32)]] void halo_guard_or(uint32_t n) {
  simt::SharedArray<float, 34> s;
  const uint32_t tx = simt::thread::index_x();
  s.at_mut(tx + 1) = 1.0f;
  if (tx == 31 || tx + 1 < n) s.at_mut(tx + 2) = 2.0f;
  simt::sync_threads();
}

// 32-bit offsets of a row per block that wrap around: block 2^31 / cols restarts at row 0.
[[kernel, simt::block(256)]] void row_offset_wraps(uint32_t cols, DisjointSlice<float> out) {
  if (simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  const uint32_t base = simt::block::index_x() * cols;
  for (uint32_t j = simt::thread::index_x(); j < cols; j += 256)
    if (base + j < out.size()) out.at_mut(base + j) = 1.0f;
}

// A 32-bit counter t + 128 * k for 256 threads: thread t's second element is thread t + 128's
// first. (With a step of 256, t is the counter's remainder and the argument proves them apart.)
[[kernel, simt::block(256), simt::requires("n + 256 <= 4294967296")]] void counter_half_stride(uint32_t n, DisjointSlice<float> out) {
  if (simt::block::index_x() != 0 || simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  for (uint32_t j = simt::thread::index_x(); j < n; j += 128)
    if (j < out.size()) out.at_mut(j) = 1.0f;
}

// The same counter over shared memory, and in the same interval a read of the next element
// through a helper taking the counter by reference: thread t's j + 1 is thread t + 1's j.
namespace {
uint32_t next_of(const uint32_t& j) { return j + 1; }
}  // namespace
[[kernel, simt::block(256), simt::dynamic_shared(0, 8192), simt::requires("n + 256 <= 4294967296")]]
void counter_reads_neighbour(uint32_t n, DisjointSlice<float> out) {
  auto s = simt::dynamic_shared<float>();
  float v = 0.0f;
  for (uint32_t j = simt::thread::index_x(); j + 1 < n; j += 256) {
    s.at_mut(j) = 1.0f;
    v += s[next_of(j)];
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

// CHECK: {{.*}}interval_argument.cpp:15:53: error: threads may race on DisjointSlice 'out': this write and the same write by another thread run in one launch, unordered [simt-global-race]
// CHECK-NEXT: {{.*}}interval_argument.cpp:15:53: note: the same write in another thread (block (32, 0, 0) tid.x = 0 and block (0, 0, 0) tid.x = 64 both write element 4294967104 of DisjointSlice 'out')
// CHECK-NEXT: {{.*}}interval_argument.cpp:25:39: error: threads may race on DisjointSlice 'out': this write and a write by another thread run in one launch, unordered [simt-global-race]
// CHECK-NEXT: {{.*}}interval_argument.cpp:23:39: note: the write (tid.x = 0 writes element 4294967040 of DisjointSlice 'out', which tid.x = 255 writes)
// CHECK-NEXT: {{.*}}interval_argument.cpp:33:39: error: threads may race on DisjointSlice 'out': this write and the same write by another thread run in one launch, unordered [simt-global-race]
// CHECK-NEXT: {{.*}}interval_argument.cpp:33:39: note: the same write in another thread (tid.x = 0 and tid.x = 255 both write element 4294966785 of DisjointSlice 'out')
// CHECK-NEXT: {{.*}}interval_argument.cpp:41:37: error: threads may race on DisjointSlice 'out': this write and the same write by another thread run in one launch, unordered [simt-global-race]
// CHECK-NEXT: {{.*}}interval_argument.cpp:41:37: note: the same write in another thread (tid.x = 0 and tid.x = 16 both write element 0 of DisjointSlice 'out')
// CHECK-NEXT: {{.*}}interval_argument.cpp:49:20: error: threads may race on shared memory 's': this write and a write by another thread run between the same barriers [simt-shared-race]
// CHECK-NEXT: {{.*}}interval_argument.cpp:50:48: note: the write (tid.x = 0 writes byte 8 of shared memory 's', which tid.x = 1 writes)
// CHECK-NEXT: {{.*}}interval_argument.cpp:59:53: error: threads may race on DisjointSlice 'out': this write and the same write by another thread run in one launch, unordered [simt-global-race]
// CHECK-NEXT: {{.*}}interval_argument.cpp:59:53: note: the same write in another thread (block (2147483646, 0, 0) tid.x = 0 and block (0, 0, 0) tid.x = 254 both write element 1073741822 of DisjointSlice 'out')
// CHECK-NEXT: {{.*}}interval_argument.cpp:67:39: error: threads may race on DisjointSlice 'out': this write and the same write by another thread run in one launch, unordered [simt-global-race]
// CHECK-NEXT: {{.*}}interval_argument.cpp:67:39: note: the same write in another thread (tid.x = 127 and tid.x = 255 both write element 255 of DisjointSlice 'out')
// CHECK-NEXT: {{.*}}interval_argument.cpp:81:10: error: threads may race on dynamic shared memory: this read and a write by another thread run between the same barriers [simt-shared-race]
// CHECK-NEXT: {{.*}}interval_argument.cpp:80:17: note: the write (tid.x = 254 writes byte 25165816 of dynamic shared memory, which tid.x = 253 reads)

// The same near misses reached another way: the row guard in a helper, off by one (the last
// column of a row is the next row's first element), and the bound as an early return through
// an alias of the index, against a value other than the row's length.
namespace {
bool inside(uint32_t col, uint32_t cols) { return col <= cols; }
}  // namespace
[[kernel, simt::block(256)]] void guard_in_helper_off_by_one(uint32_t cols, DisjointSlice<float> out) {
  const size_t row = simt::block::index_x();
  for (uint32_t col = simt::thread::index_x(); col < 256; col += 256)
    if (inside(col, cols)) out.at_mut(row * cols + col) = 1.0f;
}
[[kernel, simt::block(256)]] void early_return_other_bound(uint32_t cols, uint32_t limit, DisjointSlice<float> out) {
  const uint32_t t = simt::thread::index_x();
  const uint32_t& col = t;
  if (col >= limit) return;
  out.at_mut(size_t(simt::block::index_x()) * cols + col) = 1.0f;
}
// CHECK-NEXT: {{.*}}interval_argument.cpp:112:57: error: threads may race on DisjointSlice 'out': this write and the same write by another thread run in one launch, unordered [simt-global-race]
// CHECK-NEXT: {{.*}}interval_argument.cpp:112:57: note: the same write in another thread (block (255, 0, 0) tid.x = 0 and block (0, 0, 0) tid.x = 0 both write element 0 of DisjointSlice 'out')
// CHECK-NEXT: {{.*}}interval_argument.cpp:118:59: error: threads may race on DisjointSlice 'out': this write and the same write by another thread run in one launch, unordered [simt-global-race]
// CHECK-NEXT: {{.*}}interval_argument.cpp:118:59: note: the same write in another thread (block (2, 0, 0) tid.x = 0 and block (0, 0, 0) tid.x = 0 both write element 0 of DisjointSlice 'out')

// Two loops whose 32-bit counters the argument pairs (one start, one step, t below the step
// in both: equal counters have equal t), each one step off: a second loop starting one
// further on, a second loop with half the step, and a block of 512 threads for a step of 256.
[[kernel, simt::block(256), simt::requires("n + 256 <= 4294967296")]] void two_counters_shifted(uint32_t n, DisjointSlice<float> out) {
  if (simt::block::index_x() != 0 || simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  const uint32_t t = simt::thread::index_x();
  for (uint32_t j = t; j < n; j += 256)
    if (j < out.size()) out.at_mut(j) = 1.0f;
  for (uint32_t j = t + 1; j < n; j += 256)
    if (j < out.size()) out.at_mut(j) = 2.0f;
}
[[kernel, simt::block(256), simt::requires("n + 256 <= 4294967296")]] void two_counters_half_step(uint32_t n, bool second, DisjointSlice<float> out) {
  if (simt::block::index_x() != 0 || simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  const uint32_t t = simt::thread::index_x();
  if (second) {
    for (uint32_t j = t; j < n; j += 256)
      if (j < out.size()) out.at_mut(j) = 1.0f;
  } else {
    for (uint32_t j = t; j < n; j += 128)
      if (j < out.size()) out.at_mut(j) = 2.0f;
  }
}
[[kernel, simt::block(512), simt::requires("n + 512 <= 4294967296")]] void two_counters_wide_block(uint32_t n, bool second, DisjointSlice<float> out) {
  if (simt::block::index_x() != 0 || simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  const uint32_t t = simt::thread::index_x();
  if (second) {
    for (uint32_t j = t; j < n; j += 256)
      if (j < out.size()) out.at_mut(j) = 1.0f;
  } else {
    for (uint32_t j = t; j < n; j += 256)
      if (j < out.size()) out.at_mut(j) = 2.0f;
  }
}
// CHECK-NEXT: {{.*}}interval_argument.cpp:134:39: error: threads may race on DisjointSlice 'out': this write and a write by another thread run in one launch, unordered [simt-global-race]
// CHECK-NEXT: {{.*}}interval_argument.cpp:132:39: note: the write (tid.x = 0 writes element 256 of DisjointSlice 'out', which tid.x = 255 writes)
// CHECK-NEXT: {{.*}}interval_argument.cpp:144:41: error: threads may race on DisjointSlice 'out': this write and the same write by another thread run in one launch, unordered [simt-global-race]
// CHECK-NEXT: {{.*}}interval_argument.cpp:144:41: note: the same write in another thread (tid.x = 96 and tid.x = 224 both write element 224 of DisjointSlice 'out')
// CHECK-NEXT: {{.*}}interval_argument.cpp:155:41: error: threads may race on DisjointSlice 'out': this write and the same write by another thread run in one launch, unordered [simt-global-race]
// CHECK-NEXT: {{.*}}interval_argument.cpp:155:41: note: the same write in another thread (tid.x = 224 and tid.x = 480 both write element 480 of DisjointSlice 'out')
// CHECK-NEXT: {{.*}}interval_argument.cpp:152:41: error: threads may race on DisjointSlice 'out': this write and the same write by another thread run in one launch, unordered [simt-global-race]
// CHECK-NEXT: {{.*}}interval_argument.cpp:152:41: note: the same write in another thread (tid.x = 224 and tid.x = 480 both write element 480 of DisjointSlice 'out')
// A write of one loop and one of the other never meet: `second` is an argument, the same for
// every thread, and its test holds in the loop it enters.

// A 2-D point with a 32-bit index y * cols + x, whose requirement `rows * cols <= 4294967295`
// keeps it from wrapping (the argument bounds `(rows - 1) * cols + cols - 1` by the product the
// requirement names), each one step off: a requirement that allows twice as many points, one
// on the sum rows + cols, a column guard that lets x reach cols (the next row's first point),
// and a row guard in a helper that lets y reach rows (past 2^32, back to row 0).
[[kernel, simt::block(32, 8), simt::requires("rows * cols <= 8589934590")]] void point_32bit_wide_contract(uint32_t rows, uint32_t cols, DisjointSlice<float> out) {
  if (simt::block::index_z() != 0) return;
  const size_t gx = size_t(simt::block::index_x()) * 32 + simt::thread::index_x();
  const size_t gy = size_t(simt::block::index_y()) * 8 + simt::thread::index_y();
  if (gy < rows && gx < cols) out.at_mut(uint32_t(gy) * cols + uint32_t(gx)) = 1.0f;
}
[[kernel, simt::block(32, 8), simt::requires("rows + cols <= 4294967295")]] void point_32bit_sum_bound(uint32_t rows, uint32_t cols, DisjointSlice<float> out) {
  if (simt::block::index_z() != 0) return;
  const size_t gx = size_t(simt::block::index_x()) * 32 + simt::thread::index_x();
  const size_t gy = size_t(simt::block::index_y()) * 8 + simt::thread::index_y();
  if (gy < rows && gx < cols) out.at_mut(uint32_t(gy) * cols + uint32_t(gx)) = 1.0f;
}
[[kernel, simt::block(32, 8), simt::requires("rows * cols <= 4294967295")]] void point_32bit_column_past_end(uint32_t rows, uint32_t cols, DisjointSlice<float> out) {
  if (simt::block::index_z() != 0) return;
  const size_t gx = size_t(simt::block::index_x()) * 32 + simt::thread::index_x();
  const size_t gy = size_t(simt::block::index_y()) * 8 + simt::thread::index_y();
  if (gy < rows && gx <= cols) out.at_mut(uint32_t(gy) * cols + uint32_t(gx)) = 1.0f;
}
namespace {
bool row_inside(size_t y, uint32_t rows) { return y <= rows; }
uint32_t point_index(uint32_t y, uint32_t x, uint32_t cols) { return y * cols + x; }
}  // namespace
[[kernel, simt::block(32, 8), simt::requires("rows * cols <= 4294967295")]] void point_32bit_row_past_end(uint32_t rows, uint32_t cols, DisjointSlice<float> out) {
  if (simt::block::index_z() != 0) return;
  const size_t gx = size_t(simt::block::index_x()) * 32 + simt::thread::index_x();
  const size_t gy = size_t(simt::block::index_y()) * 8 + simt::thread::index_y();
  if (row_inside(gy, rows) && gx < cols) out.at_mut(point_index(uint32_t(gy), uint32_t(gx), cols)) = 1.0f;
}
// CHECK-NEXT: {{.*}}interval_argument.cpp:178:78: error: threads may race on DisjointSlice 'out': this write and the same write by another thread run in one launch, unordered [simt-global-race]
// CHECK-NEXT: {{.*}}interval_argument.cpp:178:78: note: the same write in another thread (tid = (10, 0) and tid = (0, 2) both write element 10 of DisjointSlice 'out')
// CHECK-NEXT: {{.*}}interval_argument.cpp:184:78: error: threads may race on DisjointSlice 'out': this write and the same write by another thread run in one launch, unordered [simt-global-race]
// CHECK-NEXT: {{.*}}interval_argument.cpp:184:78: note: the same write in another thread (tid = (31, 0) and tid = (0, 3) both write element 2863311519 of DisjointSlice 'out')
// CHECK-NEXT: {{.*}}interval_argument.cpp:190:79: error: threads may race on DisjointSlice 'out': this write and the same write by another thread run in one launch, unordered [simt-global-race]
// CHECK-NEXT: {{.*}}interval_argument.cpp:190:79: note: the same write in another thread (tid = (0, 0) and tid = (0, 4) both write element 0 of DisjointSlice 'out')
// CHECK-NEXT: {{.*}}interval_argument.cpp:200:100: error: threads may race on DisjointSlice 'out': this write and the same write by another thread run in one launch, unordered [simt-global-race]
// CHECK-NEXT: {{.*}}interval_argument.cpp:200:100: note: the same write in another thread (tid = (2, 2) and tid = (0, 0) both write element 1840700224 of DisjointSlice 'out')

// A 32-bit row base plus a 32-bit column counter, where the sum may wrap: equal sums with one
// base (one block) have equal columns, and equal columns t + 256 * k have equal t. One step off
// each: a step of 128 (threads t and t + 128), and a base that depends on the thread (odd
// threads start one row further on). The solver picks the two threads (any pair it finds is
// a race), so their numbers are not fixed here.
[[kernel, simt::block(256), simt::requires("rows * cols <= 4294967295")]] void row_32bit_half_step(uint32_t rows, uint32_t cols, DisjointSlice<float> out) {
  if (simt::block::index_x() >= rows || simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  const uint32_t base = simt::block::index_x() * cols;
  for (uint32_t j = simt::thread::index_x(); j < cols; j += 128) out.at_mut(base + j) = 1.0f;
}
[[kernel, simt::block(256), simt::requires("rows * cols <= 4294967295")]] void row_32bit_base_per_thread(uint32_t rows, uint32_t cols, DisjointSlice<float> out) {
  if (simt::block::index_x() >= rows || simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  const uint32_t base = (simt::block::index_x() + (simt::thread::index_x() & 1)) * cols;
  for (uint32_t j = simt::thread::index_x(); j < cols; j += 256) out.at_mut(base + j) = 1.0f;
}
// CHECK-NEXT: {{.*}}interval_argument.cpp:219:87: error: threads may race on DisjointSlice 'out': this write and the same write by another thread run in one launch, unordered [simt-global-race]
// CHECK-NEXT: {{.*}}interval_argument.cpp:219:87: note: the same write in another thread (tid.x = {{[0-9]+}} and tid.x = {{[0-9]+}} both write element {{[0-9]+}} of DisjointSlice 'out')
// CHECK-NEXT: {{.*}}interval_argument.cpp:224:87: error: threads may race on DisjointSlice 'out': this write and the same write by another thread run in one launch, unordered [simt-global-race]
// CHECK-NEXT: {{.*}}interval_argument.cpp:224:87: note: the same write in another thread (tid.x = {{[0-9]+}} and tid.x = {{[0-9]+}} both write element {{[0-9]+}} of DisjointSlice 'out')
