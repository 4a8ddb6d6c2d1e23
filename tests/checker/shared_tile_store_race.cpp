// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
// SharedTile::store<N> writes N elements at once: simt-shared-race sees all of them, so a
// vector that overlaps another thread's vector, element or read between the same barriers is
// a race; disjoint vectors followed by a barrier are not.
#include <simt/kernel.hpp>

// Threads 2i and 2i + 1 store the same four elements.
[[kernel, simt::block(64)]] void k(simt::DisjointSlice<float> out) {
  simt::SharedTile<float, 4, 64, 16> t;
  const uint32_t tid = simt::thread::index_x();
  t.store<4>(0, (tid / 2) * 4, simt::Vec<float, 4>{{1.0f, 2.0f, 3.0f, 4.0f}});
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = t(0, tid);
}
// CHECK: {{.*}}shared_tile_store_race.cpp:11:5: error: threads may race on shared memory 't': this write and the same write by another thread run between the same barriers [simt-shared-race]

// Thread t's element 4t + 5 lies in thread t + 1's vector.
[[kernel, simt::block(64)]] void k2(simt::DisjointSlice<float> out) {
  simt::SharedTile<float, 4, 256, 16> t;
  const uint32_t tid = simt::thread::index_x();
  t.store<4>(0, tid * 4, simt::Vec<float, 4>{{1.0f, 2.0f, 3.0f, 4.0f}});
  t.at_mut(0, tid * 4 + 5) = 0.0f;
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = t(0, tid);
}
// CHECK: {{.*}}shared_tile_store_race.cpp:21:5: error: threads may race on shared memory 't': this write and a write by another thread run between the same barriers [simt-shared-race]

// Reading the next thread's vector before the barrier.
[[kernel, simt::block(64)]] void k3(simt::DisjointSlice<float> out) {
  simt::SharedTile<float, 4, 256, 16> t;
  const uint32_t tid = simt::thread::index_x();
  t.store<4>(0, tid * 4, simt::Vec<float, 4>{{1.0f, 2.0f, 3.0f, 4.0f}});
  const float x = t(0, (tid * 4 + 4) % 256);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = x;
}
// CHECK: {{.*}}shared_tile_store_race.cpp:33:19: error: threads may race on shared memory 't': this read and a write by another thread run between the same barriers [simt-shared-race]

// Accepted: disjoint vectors, a barrier, then any element.
[[kernel, simt::block(64)]] void ok(simt::DisjointSlice<float> out) {
  simt::SharedTile<float, 4, 256, 16> t;
  const uint32_t tid = simt::thread::index_x();
  t.store<4>(1, tid * 4, simt::Vec<float, 4>{{1.0f, 2.0f, 3.0f, 4.0f}});
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = t(1, (tid * 4 + 5) % 256);
}

// Through a helper: the vector store is still seen; threads 2i and 2i + 1 write the same four.
void put4(simt::SharedTile<float, 4, 256, 16>& t, uint32_t col) {
  t.store<4>(2, col, simt::Vec<float, 4>{{1.0f, 2.0f, 3.0f, 4.0f}});
}
[[kernel, simt::block(64)]] void via_helper(simt::DisjointSlice<float> out) {
  simt::SharedTile<float, 4, 256, 16> t;
  put4(t, (simt::thread::index_x() / 2) * 4);
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = t(2, simt::thread::index_x());
}

// A double buffer refilled with the wrong parity: the store goes into the buffer this slice
// reads, with no barrier between the other threads' reads and it.
[[kernel, simt::block(64)]] void wrong_parity(uint32_t slices, simt::DisjointSlice<float> out) {
  simt::SharedTile<float, 2, 256, 16> t;
  const uint32_t tid = simt::thread::index_x();
  float acc = 0.0f;
  for (uint32_t s = 0; s < slices; ++s) {
    acc += t(s % 2, (tid * 4 + 4) % 256);
    t.store<4>(s % 2, tid * 4, simt::Vec<float, 4>{{acc, acc, acc, acc}});
    simt::sync_threads();
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = acc;
}

// CHECK: {{.*}}shared_tile_store_race.cpp:49:5: error: threads may race on shared memory 't': this write and the same write by another thread run between the same barriers [simt-shared-race]
// CHECK: {{.*}}shared_tile_store_race.cpp:65:12: error: threads may race on shared memory 't': this read and a write by another thread run between the same barriers [simt-shared-race]
