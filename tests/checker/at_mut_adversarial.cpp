// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
// RUN: not %simtc build %s -o /dev/null 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
// at_mut is safe code on shared memory and on a DisjointSlice: kernels that try to get a race
// past the race rules through it (helpers, aliases, stored references, raw pointers, early
// returns, loops without a barrier, data-dependent indices, recursion).
#include <simt/kernel.hpp>

using simt::DisjointSlice;

// Shared: a helper writes the neighbour's element through a const-stripped alias of the array.
void put_next(simt::SharedArray<float, 128>& s, uint32_t t) { s.at_mut((t + 1) % 128) = 1.0f; }
[[kernel, simt::block(128)]] void shared_helper(DisjointSlice<float> out) {
  simt::SharedArray<float, 128> s;
  simt::SharedArray<float, 128>& alias = s;
  const uint32_t t = simt::thread::index_x();
  alias.at_mut(t) = 0.0f;
  put_next(s, t);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = s[t];
}

// Shared: a reference kept from at_mut and written after the barrier that would have ordered it.
[[kernel, simt::block(64)]] void shared_stored_reference(DisjointSlice<float> out) {
  simt::SharedArray<float, 64> s;
  const uint32_t t = simt::thread::index_x();
  float& mine = s.at_mut(t);
  mine = 1.0f;
  simt::sync_threads();
  const float v = s[63 - t];
  mine = v;
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

// Shared: write-after-read across iterations of a loop without a barrier at its end.
[[kernel, simt::block(64)]] void shared_loop_without_barrier(DisjointSlice<float> out) {
  simt::SharedTile<float, 1, 64> row;
  const uint32_t t = simt::thread::index_x();
  float acc = 0.0f;
  for (uint32_t i = 0; i < 4; ++i) {
    row.at_mut(0, t) = float(i);
    simt::sync_threads();
    acc += row(0, (t + 1) % 64);
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = acc;
}

// Global: the thread that returns early leaves its element to a neighbour writing too.
[[kernel, simt::block(64)]] void global_early_return(DisjointSlice<float> out) {
  if (simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  const size_t i = size_t(simt::block::index_x()) * 64 + simt::thread::index_x();
  if (simt::thread::index_x() % 2 == 1) {
    out.at_mut(i - 1) = 2.0f;
    return;
  }
  out.at_mut(i) = 1.0f;
}

// Global: an index read from memory could be anyone's.
[[kernel, simt::block(64)]] void global_data_dependent(simt::Slice<const uint32_t> where, DisjointSlice<float> out) {
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = 0.0f;
  out.at_mut(where[simt::thread::index_x()]) = 1.0f;
}

// Global: recursion is not followed, so its write is not proven apart.
void fill(DisjointSlice<float>& s, size_t i, uint32_t depth) {
  if (depth == 0) return;
  s.at_mut(i) = float(depth);
  fill(s, i, depth - 1);
}
[[kernel, simt::block(64)]] void global_recursion(DisjointSlice<float> out) {
  if (simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  fill(out, size_t(simt::block::index_x()) * 64 + simt::thread::index_x(), 3);
}

// CHECK: {{.*}}at_mut_adversarial.cpp:16:19: error: threads may race on shared memory 's': this write and a write by another thread run between the same barriers [simt-shared-race]
// CHECK-NEXT: {{.*}}at_mut_adversarial.cpp:11:87: note: the write (tid.x = 127 writes byte 0 of shared memory 's', which tid.x = 0 writes)
// CHECK-NEXT: {{.*}}at_mut_adversarial.cpp:18:60: error: threads may race on shared memory 's': this read and a write by another thread run between the same barriers [simt-shared-race]
// CHECK-NEXT: {{.*}}at_mut_adversarial.cpp:11:87: note: the write (tid.x = 126 writes byte 508 of shared memory 's', which tid.x = 127 reads)
// CHECK-NEXT: {{.*}}at_mut_adversarial.cpp:28:19: error: threads may race on shared memory 's': this read and a write by another thread run between the same barriers [simt-shared-race]
// CHECK-NEXT: {{.*}}at_mut_adversarial.cpp:29:8: note: the write (tid.x = 33 writes byte 132 of shared memory 's', which tid.x = 30 reads)
// CHECK-NEXT: {{.*}}at_mut_adversarial.cpp:41:12: error: threads may race on shared memory 'row': this read and a write by another thread run between the same barriers [simt-shared-race]
// CHECK-NEXT: {{.*}}at_mut_adversarial.cpp:39:22: note: the write (tid.x = 63 writes byte 252 of shared memory 'row', which tid.x = 62 reads)
// CHECK-NEXT: {{.*}}at_mut_adversarial.cpp:54:17: error: threads may race on DisjointSlice 'out': this write and a write by another thread run in one launch, unordered [simt-global-race]
// CHECK-NEXT: {{.*}}at_mut_adversarial.cpp:51:23: note: the write (tid.x = 1 writes element 0 of DisjointSlice 'out', which tid.x = 0 writes)
// CHECK-NEXT: {{.*}}at_mut_adversarial.cpp:59:58: error: threads may race on DisjointSlice 'out': this write and a write by another thread run in one launch, unordered [simt-global-race]
// CHECK-NEXT: {{.*}}at_mut_adversarial.cpp:60:46: note: the write (tid.x = 32 writes element 2147483646 of DisjointSlice 'out', which tid.x = 62 writes)
// CHECK-NEXT: {{.*}}at_mut_adversarial.cpp:60:46: error: threads may race on DisjointSlice 'out': this write and the same write by another thread run in one launch, unordered [simt-global-race]
// CHECK-NEXT: {{.*}}at_mut_adversarial.cpp:60:46: note: the same write in another thread (tid.x = 0 and tid.x = 32 both write element 0 of DisjointSlice 'out')
// CHECK-NEXT: {{.*}}at_mut_adversarial.cpp:71:3: error: threads may race on DisjointSlice 'out': simtc cannot prove that this recursive call and the same recursive call by another thread in one launch, unordered touch different elements [simt-global-race]
// CHECK-NEXT: {{.*}}at_mut_adversarial.cpp:71:3: note: the same recursive call (not proven: simtc does not follow recursion)
