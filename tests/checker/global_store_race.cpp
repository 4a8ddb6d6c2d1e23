// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s
// Every site reported, and no other (a site may be reported for its vector and element stores):
// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | grep 'error:' | sed 's/: error:.*//' | uniq | FileCheck %s --check-prefix=SITES --match-full-lines --implicit-check-not=global_store_race.cpp
// DisjointSlice::store<N>(i, v) writes N elements at once: simt-global-race sees all of them,
// so a vector that overlaps another thread's vector, element or read is a race, however the
// index is hidden (a helper, an alias, a loop, an early return); disjoint vectors are not
// (global_store_accepts.cpp).
#include <simt/kernel.hpp>

using simt::DisjointSlice;
using simt::Vec;

constexpr Vec<float, 4> kOnes = {{1.0f, 1.0f, 1.0f, 1.0f}};

// Thread i stores elements 2i .. 2i + 3: its last two are thread i + 1's first two.
[[kernel, simt::block(128)]] void overlapping_vectors(DisjointSlice<float> out) {
  if (simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  const size_t i = size_t(simt::block::index_x()) * 128 + simt::thread::index_x();
  out.store<4>(2 * i, kOnes);
}
// CHECK: {{.*}}global_store_race.cpp:[[@LINE-2]]:7: error: threads may race on DisjointSlice 'out': this write and the same write by another thread run in one launch, unordered [simt-global-race]
// SITES: {{.*}}global_store_race.cpp:[[@LINE-3]]:7

// Disjoint vectors, but element 4i + 5 is in thread i + 1's vector.
[[kernel, simt::block(128)]] void element_in_the_next_vector(DisjointSlice<float> out) {
  if (simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  const size_t i = size_t(simt::block::index_x()) * 128 + simt::thread::index_x();
  out.store<4>(4 * i, kOnes);
  out.at_mut(4 * i + 5) = 0.0f;
}
// CHECK: {{.*}}global_store_race.cpp:[[@LINE-3]]:7: error: threads may race on DisjointSlice 'out': this write and a write by another thread run in one launch, unordered [simt-global-race]
// SITES: {{.*}}global_store_race.cpp:[[@LINE-4]]:7

// Reading the next thread's vector, through operator[], with no barrier between.
[[kernel, simt::block(128)]] void reads_the_next_vector(DisjointSlice<float> out) {
  if (simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  const size_t i = size_t(simt::block::index_x()) * 128 + simt::thread::index_x();
  out.store<4>(4 * i, kOnes);
  const float v = out[4 * i + 4];
  out.store<4>(4 * i, Vec<float, 4>{{v, v, v, v}});
}
// CHECK: {{.*}}global_store_race.cpp:[[@LINE-3]]:19: error: threads may race on DisjointSlice 'out': this read and a write by another thread run in one launch, unordered [simt-global-race]
// SITES: {{.*}}global_store_race.cpp:[[@LINE-4]]:19

// A helper that takes the index: vectors 3 elements apart overlap by one.
void put(DisjointSlice<float>& out, size_t at) { out.store<4>(at, kOnes); }
[[kernel, simt::block(128)]] void through_a_helper(DisjointSlice<float> out) {
  if (simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  put(out, 3 * (size_t(simt::block::index_x()) * 128 + simt::thread::index_x()));
}
// CHECK: {{.*}}global_store_race.cpp:[[@LINE-5]]:54: error: threads may race on DisjointSlice 'out': this write and the same write by another thread run in one launch, unordered [simt-global-race]
// SITES: {{.*}}global_store_race.cpp:[[@LINE-6]]:54

// A row-striding loop whose vectors start 2 elements apart: thread t's vector at 2t + 256k
// meets thread t + 1's.
[[kernel, simt::block(128)]] void loop_step_too_small(uint32_t cols, DisjointSlice<float> out) {
  if (simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  const size_t base = size_t(simt::block::index_x()) * cols;
  for (uint32_t j = 2 * simt::thread::index_x(); j + 4 <= cols; j += 256) out.store<4>(base + j, kOnes);
}
// CHECK: {{.*}}global_store_race.cpp:[[@LINE-2]]:79: error: threads may race on DisjointSlice 'out': this write and the same write by another thread run in one launch, unordered [simt-global-race]
// SITES: {{.*}}global_store_race.cpp:[[@LINE-3]]:79

// After an early return of the odd threads, the even ones still overlap: thread 2i stores
// 4i .. 4i + 7 (eight elements), thread 2i + 2 from 4i + 4.
[[kernel, simt::block(128)]] void early_return(DisjointSlice<float> out) {
  if (simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  const size_t i = size_t(simt::block::index_x()) * 128 + simt::thread::index_x();
  if (i % 2 != 0) return;
  out.store<8>(2 * i, Vec<float, 8>{});
}
// CHECK: {{.*}}global_store_race.cpp:[[@LINE-2]]:7: error: threads may race on DisjointSlice 'out': this write and the same write by another thread run in one launch, unordered [simt-global-race]
// SITES: {{.*}}global_store_race.cpp:[[@LINE-3]]:7

// Two names for one slice: a reference writes element 4i + 4, the first of thread i + 1's vector.
[[kernel, simt::block(128)]] void through_an_alias(DisjointSlice<float> out) {
  if (simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  DisjointSlice<float>& alias = out;
  const size_t i = size_t(simt::block::index_x()) * 128 + simt::thread::index_x();
  out.store<4>(4 * i, kOnes);
  alias.at_mut(4 * i + 4) = 2.0f;
}
// CHECK: {{.*}}global_store_race.cpp:[[@LINE-3]]:7: error: threads may race on DisjointSlice 'out': this write and a write by another thread run in one launch, unordered [simt-global-race]
// SITES: {{.*}}global_store_race.cpp:[[@LINE-4]]:7
