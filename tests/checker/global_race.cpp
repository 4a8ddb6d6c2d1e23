// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
// RUN: not %simtc build %s -o /dev/null 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
// Threads of one launch that touch the same element of a DisjointSlice through at_mut and
// operator[], however the code hides it.
#include <simt/kernel.hpp>

using simt::DisjointSlice;

// Every thread writes element 0.
[[kernel]] void everyone_writes_one(DisjointSlice<float> out) { out.at_mut(0) = 1.0f; }

// A row per block, but the block index is only x: blocks of a 2-D grid share rows.
[[kernel, simt::block(256)]] void rows_of_a_2d_grid(uint32_t cols, DisjointSlice<float> out) {
  const size_t base = size_t(simt::block::index_x()) * cols;
  for (size_t j = simt::thread::index_x(); j < cols; j += 256)
    if (base + j < out.size()) out.at_mut(base + j) = 1.0f;
}

// A tile origin in 32 bits: blockIdx.x * 32 wraps around on a grid of 2^27 blocks.
[[kernel, simt::block(32, 8)]] void tile_origin_wraps(uint32_t rows, uint32_t cols, DisjointSlice<float> out) {
  if (simt::block::index_z() != 0) return;
  const uint32_t col0 = simt::block::index_x() * 32, row0 = simt::block::index_y() * 32;
  for (uint32_t k = 0; k < 32; k += 8) {
    const uint32_t r = col0 + simt::thread::index_y() + k, c = row0 + simt::thread::index_x();
    const size_t i = size_t(r) * rows + c;
    if (r < cols && c < rows && i < out.size()) out.at_mut(i) = 1.0f;
  }
}

// Reading the neighbour's element that the neighbour writes, with no barrier between.
[[kernel, simt::block(128)]] void reads_the_neighbour(DisjointSlice<float> out) {
  if (simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  const size_t i = size_t(simt::block::index_x()) * 128 + simt::thread::index_x();
  out.at_mut(i) = 1.0f;
  const float v = out[i + 1];
  out.at_mut(i) = v;
}

// A barrier orders the threads of one block, not two blocks: the last thread of a block reads
// the first element of the next block's part.
[[kernel, simt::block(128)]] void barrier_does_not_order_blocks(DisjointSlice<float> out) {
  if (simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  const size_t i = size_t(simt::block::index_x()) * 128 + simt::thread::index_x();
  out.at_mut(i) = 1.0f;
  simt::sync_threads();
  const float v = out[i + 1];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

// An owned element (get_mut) and another thread's at_mut of it: thread i + 1 writes element i + 1
// through its handle, thread i through at_mut.
[[kernel]] void owned_and_shifted(DisjointSlice<float> out) {
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = 1.0f;
  if (simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  out.at_mut(size_t(simt::block::index_x()) * simt::block::dim_x() + simt::thread::index_x() + 1) = 2.0f;
}

// Through a helper that takes the slice by reference, with the index from the caller.
void put(DisjointSlice<float>& s, size_t at, float v) { s.at_mut(at) = v; }
[[kernel, simt::block(64)]] void through_a_helper(DisjointSlice<float> out) {
  put(out, simt::thread::index_x(), 1.0f);
}

// A Tier 2 write is the programmer's, but a safe read against it is checked.
[[kernel, simt::block(64)]] void safe_read_of_an_unsafe_write(DisjointSlice<float> out) {
  [[simt::unsafe]] { out.get_unchecked_mut(0) = 1.0f; }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = out[0];
}

// A grid-stride loop whose stride is one block: the next block's threads write the same elements.
[[kernel]] void block_stride_across_the_grid(DisjointSlice<float> out) {
  if (simt::block::index_y() != 0 || simt::block::index_z() != 0 || simt::block::dim_y() != 1 ||
      simt::block::dim_z() != 1)
    return;
  for (size_t i = size_t(simt::block::index_x()) * simt::block::dim_x() + simt::thread::index_x(); i < out.size();
       i += simt::block::dim_x())
    out.at_mut(i) = 1.0f;
}

// A 2-D point with a 32-bit index y * cols + x: without a requirement that keeps
// rows * cols below 2^32, the index wraps and two points share an element.
[[kernel, simt::block(32, 8)]] void point_32bit_no_requirement(uint32_t rows, uint32_t cols, DisjointSlice<float> out) {
  if (simt::block::index_z() != 0) return;
  const size_t gx = size_t(simt::block::index_x()) * 32 + simt::thread::index_x();
  const size_t gy = size_t(simt::block::index_y()) * 8 + simt::thread::index_y();
  if (gy < rows && gx < cols) out.at_mut(uint32_t(gy) * cols + uint32_t(gx)) = 1.0f;
}

// A requirement about another value bounds nothing here.
[[kernel, simt::block(32, 8), simt::requires("out.size() <= 4294967295")]] void point_32bit_requirement_on_size(
    uint32_t rows, uint32_t cols, DisjointSlice<float> out) {
  if (simt::block::index_z() != 0) return;
  const size_t gx = size_t(simt::block::index_x()) * 32 + simt::thread::index_x();
  const size_t gy = size_t(simt::block::index_y()) * 8 + simt::thread::index_y();
  if (gy < rows && gx < cols) out.at_mut(uint32_t(gy) * cols + uint32_t(gx)) = 1.0f;
}

// CHECK: {{.*}}global_race.cpp:10:79: error: threads may race on DisjointSlice 'out': this write and the same write by another thread run in one launch, unordered [simt-global-race]
// CHECK-NEXT: {{.*}}global_race.cpp:10:79: note: the same write in another thread (tid = (32, 32, 0) and tid = (0, 32, 0) both write element 0 of DisjointSlice 'out')
// CHECK-NEXT: {{.*}}global_race.cpp:16:53: error: threads may race on DisjointSlice 'out': this write and the same write by another thread run in one launch, unordered [simt-global-race]
// CHECK-NEXT: {{.*}}global_race.cpp:16:53: note: the same write in another thread (block (2, 65534, 65534) tid.x = 0 and block (2, 65533, 65534) tid.x = 0 both write element 2 of DisjointSlice 'out')
// CHECK-NEXT: {{.*}}global_race.cpp:26:63: error: threads may race on DisjointSlice 'out': this write and the same write by another thread run in one launch, unordered [simt-global-race]
// CHECK-NEXT: {{.*}}global_race.cpp:26:63: note: the same write in another thread (block (268435456, 0, 0) tid = (30, 0) and block (134217728, 0, 0) tid = (30, 0) both write element 30 of DisjointSlice 'out')
// CHECK-NEXT: {{.*}}global_race.cpp:35:19: error: threads may race on DisjointSlice 'out': this read and a write by another thread run in one launch, unordered [simt-global-race]
// CHECK-NEXT: {{.*}}global_race.cpp:34:17: note: the write (tid.x = 97 writes element 97 of DisjointSlice 'out', which tid.x = 96 reads)
// CHECK-NEXT: {{.*}}global_race.cpp:35:19: error: threads may race on DisjointSlice 'out': this read and a write by another thread run in one launch, unordered [simt-global-race]
// CHECK-NEXT: {{.*}}global_race.cpp:36:17: note: the write (tid.x = 127 writes element 549755813887 of DisjointSlice 'out', which tid.x = 126 reads)
// CHECK-NEXT: {{.*}}global_race.cpp:46:19: error: threads may race on DisjointSlice 'out': this read and a write by another thread run in one launch, unordered [simt-global-race]
// CHECK-NEXT: {{.*}}global_race.cpp:47:58: note: the write (tid.x = 63 writes element 197575606079 of DisjointSlice 'out', which tid.x = 62 reads)
// CHECK-NEXT: {{.*}}global_race.cpp:46:19: error: threads may race on DisjointSlice 'out': this read and a write by another thread run in one launch, unordered [simt-global-race]
// CHECK-NEXT: {{.*}}global_race.cpp:44:17: note: the write (block (1, 0, 0) tid.x = 0 writes element 128 of DisjointSlice 'out', which block (0, 0, 0) tid.x = 127 reads)
// CHECK-NEXT: {{.*}}global_race.cpp:53:58: error: threads may race on DisjointSlice 'out': this write and a write by another thread run in one launch, unordered [simt-global-race]
// CHECK-NEXT: {{.*}}global_race.cpp:55:99: note: the write (tid = (272, 0, 0) writes element 484638993 of DisjointSlice 'out', which tid = (273, 0, 0) writes)
// CHECK-NEXT: {{.*}}global_race.cpp:55:99: error: threads may race on DisjointSlice 'out': this write and the same write by another thread run in one launch, unordered [simt-global-race]
// CHECK-NEXT: {{.*}}global_race.cpp:55:99: note: the same write in another thread (tid = (0, 1, 21) and tid = (0, 0, 0) both write element 129 of DisjointSlice 'out')
// CHECK-NEXT: {{.*}}global_race.cpp:59:70: error: threads may race on DisjointSlice 'out': this write and the same write by another thread run in one launch, unordered [simt-global-race]
// CHECK-NEXT: {{.*}}global_race.cpp:59:70: note: the same write in another thread (block (1, 0, 0) tid.x = 0 and block (0, 0, 0) tid.x = 0 both write element 0 of DisjointSlice 'out')
// CHECK-NEXT: {{.*}}global_race.cpp:61:3: note: reached through this call
// CHECK-NEXT: {{.*}}global_race.cpp:67:60: error: threads may race on DisjointSlice 'out': this read and a write by another thread run in one launch, unordered [simt-global-race]
// CHECK-NEXT: {{.*}}global_race.cpp:66:47: note: the write (tid.x = 1 writes element 0 of DisjointSlice 'out', which tid.x = 0 reads)
// CHECK-NEXT: {{.*}}global_race.cpp:67:58: error: threads may race on DisjointSlice 'out': this write and a write by another thread run in one launch, unordered [simt-global-race]
// CHECK-NEXT: {{.*}}global_race.cpp:66:47: note: the write (tid.x = 32 writes element 0 of DisjointSlice 'out', which tid.x = 0 writes)
// CHECK-NEXT: {{.*}}global_race.cpp:67:60: error: threads may race on DisjointSlice 'out': this read and a write by another thread run in one launch, unordered [simt-global-race]
// CHECK-NEXT: {{.*}}global_race.cpp:67:58: note: the write (tid.x = 0 writes element 0 of DisjointSlice 'out', which tid.x = 32 reads)
// CHECK-NEXT: {{.*}}global_race.cpp:77:19: error: threads may race on DisjointSlice 'out': this write and the same write by another thread run in one launch, unordered [simt-global-race]
// CHECK-NEXT: {{.*}}global_race.cpp:77:19: note: the same write in another thread (block (2017, 0, 0) tid = (1023, 0, 0) and block (2018, 0, 0) tid = (1023, 0, 0) both write element 4134911 of DisjointSlice 'out')
// CHECK-NEXT: {{.*}}global_race.cpp:86:78: error: threads may race on DisjointSlice 'out': this write and the same write by another thread run in one launch, unordered [simt-global-race]
// CHECK-NEXT: {{.*}}global_race.cpp:86:78: note: the same write in another thread (tid = (4, 2) and tid = (6, 4) both write element 1179765482 of DisjointSlice 'out')
// CHECK-NEXT: {{.*}}global_race.cpp:95:78: error: threads may race on DisjointSlice 'out': this write and the same write by another thread run in one launch, unordered [simt-global-race]
// CHECK-NEXT: {{.*}}global_race.cpp:95:78: note: the same write in another thread (tid = (29, 7) and tid = (19, 2) both write element 348127231 of DisjointSlice 'out')
