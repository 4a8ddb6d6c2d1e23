// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
// RUN: not %simtc build %s -o /dev/null 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
// Threads that touch the same shared memory between the same two barriers, however the code
// hides it.
#include <simt/kernel.hpp>

using simt::SharedArray;

[[kernel, simt::block(256)]] void neighbour(simt::DisjointSlice<float> out) {
  SharedArray<float, 256> partial;
  const uint32_t t = simt::thread::index_x();
  if (auto slot = partial.get_mut(simt::thread::index_in_block())) *slot = float(t);
  const float v = partial[(t + 1) % 256];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

float left_of(const SharedArray<float, 128>& s, uint32_t t) { return s[t == 0 ? 127 : t - 1]; }

[[kernel, simt::block(128)]] void through_a_helper(simt::DisjointSlice<float> out) {
  SharedArray<float, 128> s;
  if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = 1.0f;
  const float v = left_of(s, simt::thread::index_x());
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

[[kernel, simt::block(128)]] void through_aliases(simt::DisjointSlice<float> out) {
  SharedArray<float, 128> s;
  const SharedArray<float, 128>& view = s;
  if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = 1.0f;
  uint32_t copy = simt::thread::index_x();
  copy ^= 1;
  const float v = view[copy];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

[[kernel]] void second_dynamic_view(simt::DisjointSlice<float> out) {
  auto mine = simt::dynamic_shared<float>();
  auto theirs = simt::dynamic_shared<float>();
  if (auto slot = mine.get_mut(simt::thread::index_in_block())) *slot = 1.0f;
  const float v = theirs[simt::thread::index_in_block().get() + 1];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

// Iteration k's write of s[t] against iteration k + 1's read of s[t + 1] by thread t - 1: no
// barrier between them.
[[kernel, simt::block(128)]] void across_iterations(uint32_t n, simt::DisjointSlice<float> out) {
  SharedArray<float, 129> s;
  float x = 0.0f;
  for (uint32_t i = 0; i < n; ++i) {
    x = s[simt::thread::index_x() + 1];
    simt::sync_threads();
    if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = x + 1.0f;
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = x;
}

[[kernel, simt::block(256)]] void tree_without_barrier(simt::DisjointSlice<float> out) {
  SharedArray<float, 256> a;
  auto me = simt::thread::index_in_block();
  const uint32_t t = simt::thread::index_x();
  if (auto slot = a.get_mut(me)) *slot = 1.0f;
  simt::sync_threads();
  for (uint32_t s = 128; s > 0; s >>= 1) {
    if (t < s) {
      const float other = a[t + s];
      if (auto slot = a.get_mut(me)) *slot += other;
    }
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = a[0];
}

[[kernel, simt::block(64)]] void plain_and_atomic(simt::DisjointSlice<uint32_t> out) {
  SharedArray<uint32_t, 64> counts;
  if (auto slot = counts.get_mut(simt::thread::index_in_block())) *slot = 0;
  counts.atomic(0).fetch_add(1u, simt::relaxed, simt::block_scope);
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = counts[0];
}

// Every thread writes element 0 (Tier 2), and a safe read of it races with them.
[[kernel, simt::block(64)]] void one_uniform_index(simt::DisjointSlice<uint32_t> out) {
  SharedArray<uint32_t, 64> flag;
  [[simt::unsafe]] { flag.at_mut(0) = simt::thread::index_x(); }
  const uint32_t v = flag[0];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

float sum_to(const SharedArray<float, 64>& s, uint32_t i) { return i == 0 ? s[0] : s[i] + sum_to(s, i - 1); }

[[kernel, simt::block(64)]] void through_recursion(simt::DisjointSlice<float> out) {
  SharedArray<float, 64> s;
  if (auto slot = s.get_mut(simt::thread::index_in_block())) *slot = 1.0f;
  const float v = sum_to(s, simt::thread::index_x());
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

[[kernel, simt::block(256)]] void scan_without_the_middle_barrier(simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 256> s;
  auto me = simt::thread::index_in_block();
  const uint32_t t = simt::thread::index_x();
  if (auto slot = s.get_mut(me)) *slot = 1.0f;
  simt::sync_threads();
  for (uint32_t off = 1; off < 256; off <<= 1) {
    const float v = t >= off ? s[t - off] : 0.0f;
    if (auto slot = s.get_mut(me)) *slot += v;
    simt::sync_threads();
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = s[t];
}

// CHECK: {{.*}}shared_race.cpp:13:19: error: threads may race on shared memory 'partial': this read and a write by another thread run between the same barriers [simt-shared-race]
// CHECK-NEXT: {{.*}}shared_race.cpp:12:74: note: the write (tid.x = {{[0-9]+}} writes byte {{[0-9]+}} of shared memory 'partial', which tid.x = {{[0-9]+}} reads)
// CHECK-NEXT: {{.*}}shared_race.cpp:17:70: error: threads may race on shared memory 's': this read and a write by another thread run between the same barriers [simt-shared-race]
// CHECK-NEXT: {{.*}}shared_race.cpp:21:68: note: the write (tid.x = {{[0-9]+}} writes byte {{[0-9]+}} of shared memory 's', which tid.x = {{[0-9]+}} reads)
// CHECK-NEXT: {{.*}}shared_race.cpp:22:19: note: reached through this call
// CHECK-NEXT: {{.*}}shared_race.cpp:32:19: error: threads may race on shared memory 's': this read and a write by another thread run between the same barriers [simt-shared-race]
// CHECK-NEXT: {{.*}}shared_race.cpp:29:68: note: the write (tid.x = {{[0-9]+}} writes byte {{[0-9]+}} of shared memory 's', which tid.x = {{[0-9]+}} reads)
// CHECK-NEXT: {{.*}}shared_race.cpp:40:19: error: threads may race on dynamic shared memory: this read and a write by another thread run between the same barriers [simt-shared-race]
// CHECK-NEXT: {{.*}}shared_race.cpp:39:71: note: the write (tid = ({{[0-9]+}}, {{[0-9]+}}, {{[0-9]+}}) writes byte {{[0-9]+}} of dynamic shared memory, which tid = ({{[0-9]+}}, {{[0-9]+}}, {{[0-9]+}}) reads)
// CHECK-NEXT: {{.*}}shared_race.cpp:50:9: error: threads may race on shared memory 's': this read and a write by another thread run between the same barriers [simt-shared-race]
// CHECK-NEXT: {{.*}}shared_race.cpp:52:70: note: the write (tid.x = {{[0-9]+}} writes byte {{[0-9]+}} of shared memory 's', which tid.x = {{[0-9]+}} reads)
// CHECK-NEXT: {{.*}}shared_race.cpp:69:60: error: threads may race on shared memory 'a': this read and a write by another thread run between the same barriers [simt-shared-race]
// CHECK-NEXT: {{.*}}shared_race.cpp:66:44: note: the write (tid.x = {{[0-9]+}} writes byte {{[0-9]+}} of shared memory 'a', which tid.x = {{[0-9]+}} reads)
// CHECK-NEXT: {{.*}}shared_race.cpp:65:27: error: threads may race on shared memory 'a': this read and a write by another thread run between the same barriers [simt-shared-race]
// CHECK-NEXT: {{.*}}shared_race.cpp:66:44: note: the write (tid.x = {{[0-9]+}} writes byte {{[0-9]+}} of shared memory 'a', which tid.x = {{[0-9]+}} reads)
// CHECK-NEXT: {{.*}}shared_race.cpp:74:73: error: threads may race on shared memory 'counts': this write and an atomic update by another thread run between the same barriers [simt-shared-race]
// CHECK-NEXT: {{.*}}shared_race.cpp:75:20: note: the atomic update (tid.x = {{[0-9]+}} atomically updates byte {{[0-9]+}} of shared memory 'counts', which tid.x = {{[0-9]+}} writes)
// CHECK-NEXT: {{.*}}shared_race.cpp:84:22: error: threads may race on shared memory 'flag': this read and a write by another thread run between the same barriers [simt-shared-race]
// CHECK-NEXT: {{.*}}shared_race.cpp:83:37: note: the write (tid.x = {{[0-9]+}} writes byte {{[0-9]+}} of shared memory 'flag', which tid.x = {{[0-9]+}} reads)
// CHECK-NEXT: {{.*}}shared_race.cpp:92:68: error: threads may race on shared memory 's': simtc cannot prove that this write and a recursive call by another thread between the same barriers touch different bytes [simt-shared-race]
// CHECK-NEXT: {{.*}}shared_race.cpp:93:19: note: the recursive call (not proven: simtc does not follow recursion)
// CHECK-NEXT: {{.*}}shared_race.cpp:104:32: error: threads may race on shared memory 's': this read and a write by another thread run between the same barriers [simt-shared-race]
// CHECK-NEXT: {{.*}}shared_race.cpp:105:42: note: the write (tid.x = {{[0-9]+}} writes byte {{[0-9]+}} of shared memory 's', which tid.x = {{[0-9]+}} reads)
// The witnesses' numbers are the solver's model: any pair that races; the unit tests check models.
