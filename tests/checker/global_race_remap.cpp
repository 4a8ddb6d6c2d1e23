// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
// RUN: not %simtc build %s -o /dev/null 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
// Threads renumbered by division and remainder (a warp on a 4 x 8 block of groups, as the
// SGEMM example does): proven apart when the renumbering is one to one, a race when it is not,
// however the renumbering is written.
#include <simt/kernel.hpp>

using simt::DisjointSlice;

// Warp w holds row groups (w / 2) * 4 .. +3 and column groups (w % 2) * 8 .. +7 of a 16 x 16
// block: a permutation of the 256 threads, each writing its own element. Accepted.
[[kernel, simt::block(16, 16)]] void warp_blocks(DisjointSlice<float> out) {
  if (simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  const uint32_t tid = simt::thread::index_y() * 16 + simt::thread::index_x();
  const uint32_t ty = (tid / 32) / 2 * 4 + (tid % 32) / 8, tx = (tid / 32) % 2 * 8 + tid % 8;
  const size_t i = size_t(simt::block::index_x()) * 256 + ty * 16 + tx;
  if (i < out.size()) out.at_mut(i) = 1.0f;
}

// The warp's column offset left out: warps 0 and 1 write the same 32 elements.
[[kernel, simt::block(16, 16)]] void warp_column_dropped(DisjointSlice<float> out) {
  if (simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  const uint32_t tid = simt::thread::index_y() * 16 + simt::thread::index_x();
  const uint32_t ty = (tid / 32) / 2 * 4 + (tid % 32) / 8, tx = tid % 8;
  const size_t i = size_t(simt::block::index_x()) * 256 + ty * 16 + tx;
  if (i < out.size()) out.at_mut(i) = 1.0f;
}

// The same collision behind a helper: lanes 8 apart land on one column group.
uint32_t column_of(uint32_t tid) { return (tid / 32) % 2 * 8 + tid % 4; }
[[kernel, simt::block(16, 16)]] void helper_collides(DisjointSlice<float> out) {
  if (simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  const uint32_t tid = simt::thread::index_y() * 16 + simt::thread::index_x();
  const uint32_t ty = (tid / 32) / 2 * 4 + (tid % 32) / 8;
  const size_t i = size_t(simt::block::index_x()) * 256 + ty * 16 + column_of(tid);
  if (i < out.size()) out.at_mut(i) = 1.0f;
}

// One to one within a block only if the block is 16 x 16: the contract says 32 x 16, so
// threads 256 apart share an element.
[[kernel, simt::block(32, 16)]] void block_larger_than_the_map(DisjointSlice<float> out) {
  if (simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  const uint32_t tid = (simt::thread::index_y() * 32 + simt::thread::index_x()) % 256;
  const uint32_t ty = (tid / 32) / 2 * 4 + (tid % 32) / 8, tx = (tid / 32) % 2 * 8 + tid % 8;
  const size_t i = size_t(simt::block::index_x()) * 512 + ty * 16 + tx;
  if (i < out.size()) out.at_mut(i) = 1.0f;
}

// CHECK: {{.*}}global_race_remap.cpp:26:37: error: threads may race on DisjointSlice 'out': this write and the same write by another thread run in one launch, unordered [simt-global-race]
// CHECK-NEXT: {{.*}}global_race_remap.cpp:26:37: note: the same write in another thread (tid = (0, 2) and tid = (0, 0) both write element 1099511627520 of DisjointSlice 'out')
// CHECK-NEXT: {{.*}}global_race_remap.cpp:36:37: error: threads may race on DisjointSlice 'out': this write and the same write by another thread run in one launch, unordered [simt-global-race]
// CHECK-NEXT: {{.*}}global_race_remap.cpp:36:37: note: the same write in another thread (tid = (8, 13) and tid = (12, 13) both write element 240 of DisjointSlice 'out')
// CHECK-NEXT: {{.*}}global_race_remap.cpp:46:37: error: threads may race on DisjointSlice 'out': this write and the same write by another thread run in one launch, unordered [simt-global-race]
// CHECK-NEXT: {{.*}}global_race_remap.cpp:46:37: note: the same write in another thread (tid = (0, 14) and tid = (0, 6) both write element 2199023255232 of DisjointSlice 'out')
