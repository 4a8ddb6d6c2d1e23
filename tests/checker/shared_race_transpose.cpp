// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
// RUN: not %simtc build %s -o /dev/null 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
// A warp's elements transposed through shared memory, as the scan example does: loaded
// warp-striped (lane l: elements l + 32 i), read back blocked (lane l: 8 l .. 8 l + 7), scanned,
// written back blocked and stored striped. Proven with a barrier between each write and the
// reads of other lanes; each barrier left out is a race, reported with the two lanes,
// and a barrier some lanes skip is reported as such.
#include <simt/kernel.hpp>

constexpr uint32_t kItems = 8, kWarpItems = 32 * kItems;

using Staging = simt::SharedTile<uint32_t, 2, kWarpItems, 16>;

// This thread's lane and warp, and the first of its warp's elements (each block holds two warps).
struct Place {
  uint32_t lane, warp;
  size_t first;
};
Place place() {
  const uint32_t t = simt::thread::index_x();
  return {t % 32, t / 32, size_t(simt::block::index_x()) * 2 * kWarpItems + (t / 32) * kWarpItems};
}

// Lane l of warp w: elements first + l + 32 i of `in` into row w of `staging`, striped.
void load_striped(Staging& staging, simt::Slice<const uint32_t> in, size_t first, uint32_t warp, uint32_t lane) {
  for (uint32_t i = 0; i < kItems; ++i) {
    const size_t j = first + lane + 32 * i;
    staging.at_mut(warp, lane + 32 * i) = j < in.size() ? in[j] : 0u;
  }
}

// Row w of `staging`, striped, out to elements first + l + 32 i of `out`.
void store_striped(Staging& staging, simt::DisjointSlice<uint32_t>& out, size_t first, uint32_t warp, uint32_t lane) {
  for (uint32_t i = 0; i < kItems; ++i) {
    const size_t j = first + lane + 32 * i;
    if (j < out.size()) out.at_mut(j) = staging(warp, lane + 32 * i);
  }
}

// Accepted: a barrier after each transposing write.
[[kernel, simt::block(64), simt::requires("out.size() == in.size()")]]
void transposed(simt::Slice<const uint32_t> in, simt::DisjointSlice<uint32_t> out) {
  if (simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  Staging staging;
  const Place p = place();
  load_striped(staging, in, p.first, p.warp, p.lane);
  simt::sync_threads();
  uint32_t v[kItems] = {};
  for (uint32_t i = 0; i < kItems; ++i) v[i] = staging(p.warp, p.lane * kItems + i);
  for (uint32_t i = 1; i < kItems; ++i) v[i] += v[i - 1];
  for (uint32_t i = 0; i < kItems; ++i) staging.at_mut(p.warp, p.lane * kItems + i) = v[i];
  simt::sync_threads();
  store_striped(staging, out, p.first, p.warp, p.lane);
}

// No barrier between the striped writes and the blocked reads: lane 1 reads what lane 0 writes.
[[kernel, simt::block(64), simt::requires("out.size() == in.size()")]]
void read_before_barrier(simt::Slice<const uint32_t> in, simt::DisjointSlice<uint32_t> out) {
  if (simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  Staging staging;
  const Place p = place();
  load_striped(staging, in, p.first, p.warp, p.lane);
  uint32_t v[kItems] = {};
  for (uint32_t i = 0; i < kItems; ++i) v[i] = staging(p.warp, p.lane * kItems + i);
  for (uint32_t i = 1; i < kItems; ++i) v[i] += v[i - 1];
  simt::sync_threads();
  for (uint32_t i = 0; i < kItems; ++i) {
    const size_t j = p.first + p.lane * kItems + i;
    if (j < out.size()) out.at_mut(j) = v[i];
  }
}

// No barrier between the blocked write-back and the striped reads (the helper does the read-out).
[[kernel, simt::block(64), simt::requires("out.size() == in.size()")]]
void store_before_barrier(simt::Slice<const uint32_t> in, simt::DisjointSlice<uint32_t> out) {
  if (simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  Staging staging;
  const Place p = place();
  uint32_t v[kItems] = {};
  for (uint32_t i = 0; i < kItems; ++i) {
    const size_t j = p.first + p.lane * kItems + i;
    if (j < in.size()) v[i] = in[j];
  }
  for (uint32_t i = 1; i < kItems; ++i) v[i] += v[i - 1];
  for (uint32_t i = 0; i < kItems; ++i) staging.at_mut(p.warp, p.lane * kItems + i) = v[i];
  store_striped(staging, out, p.first, p.warp, p.lane);
}

// A blocked read with the wrong stride: lane l reads 7 l .. 7 l + 7, which overlaps lane l + 1's
// write-back of 7 (l + 1) .. (a barrier before the read-out, none between read and write-back).
[[kernel, simt::block(64), simt::requires("out.size() == in.size()")]]
void overlapping_blocks(simt::Slice<const uint32_t> in, simt::DisjointSlice<uint32_t> out) {
  if (simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  Staging staging;
  const Place p = place();
  load_striped(staging, in, p.first, p.warp, p.lane);
  simt::sync_threads();
  uint32_t v[kItems] = {};
  for (uint32_t i = 0; i < kItems; ++i) v[i] = staging(p.warp, p.lane * (kItems - 1) + i);
  for (uint32_t i = 1; i < kItems; ++i) v[i] += v[i - 1];
  for (uint32_t i = 0; i < kItems; ++i) staging.at_mut(p.warp, p.lane * (kItems - 1) + i) = v[i];
  simt::sync_threads();
  store_striped(staging, out, p.first, p.warp, p.lane);
}

// The last lane of each warp leaves before the barrier: the others wait at it for a thread that
// never comes.
[[kernel, simt::block(64), simt::requires("out.size() == in.size()")]]
void early_return(simt::Slice<const uint32_t> in, simt::DisjointSlice<uint32_t> out) {
  if (simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  Staging staging;
  const Place p = place();
  load_striped(staging, in, p.first, p.warp, p.lane);
  if (p.lane == 31) return;
  simt::sync_threads();
  store_striped(staging, out, p.first, p.warp, p.lane);
}

// CHECK: {{.*}}shared_race_transpose.cpp:64:48: error: threads may race on shared memory 'staging': this read and a write by another thread run between the same barriers [simt-shared-race]
// CHECK-NEXT: {{.*}}shared_race_transpose.cpp:28:41: note: the write (tid.x = 1 writes byte 4 of shared memory 'staging', which tid.x = 0 reads)
// CHECK-NEXT: {{.*}}shared_race_transpose.cpp:36:41: error: threads may race on shared memory 'staging': this read and a write by another thread run between the same barriers [simt-shared-race]
// CHECK-NEXT: {{.*}}shared_race_transpose.cpp:85:85: note: the write (tid.x = 0 writes byte 8 of shared memory 'staging', which tid.x = 2 reads)
// CHECK-NEXT: {{.*}}shared_race_transpose.cpp:86:3: note: reached through this call
// CHECK-NEXT: {{.*}}shared_race_transpose.cpp:101:91: error: threads may race on shared memory 'staging': this write and the same write by another thread run between the same barriers [simt-shared-race]
// CHECK-NEXT: {{.*}}shared_race_transpose.cpp:101:91: note: the same write in another thread (tid.x = 0 and tid.x = 1 both write byte 28 of shared memory 'staging')
// CHECK-NEXT: {{.*}}shared_race_transpose.cpp:99:48: error: threads may race on shared memory 'staging': this read and a write by another thread run between the same barriers [simt-shared-race]
// CHECK-NEXT: {{.*}}shared_race_transpose.cpp:101:91: note: the write (tid.x = 1 writes byte 28 of shared memory 'staging', which tid.x = 0 reads)
// CHECK-NEXT: {{.*}}shared_race_transpose.cpp:115:3: error: barrier reached under thread-dependent control flow: threads that took the other branch never arrive [simt-divergent-barrier]
// CHECK-NEXT: {{.*}}shared_race_transpose.cpp:114:7: note: this branch depends on the thread index
