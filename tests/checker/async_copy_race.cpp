// RUN: not %simtc check -fno-caret-diagnostics --arch sm_90 %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
// RUN: not %simtc build --arch sm_90 %s -o /dev/null 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
// Asynchronous copies that can still be landing while another thread touches their bytes:
// no wait, a wait that leaves the group in flight, a wait on one path only (a thread branch, an
// early return, a break), a copy never committed, a refill of the stage being read (also at a
// stage index of the same parity written another way), a pipeline one stage too shallow, a
// copy through an alias or a helper, a copy loop that reaches one chunk further than it seems.
#include <simt/kernel.hpp>

using simt::SharedArray;

[[kernel, simt::block(128)]] void no_wait(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  SharedArray<float, 128> tile;
  const uint32_t t = simt::thread::index_x();
  simt::async::copy<4>(tile, t, in, t);
  simt::async::commit();
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = tile[127 - t];
}

// wait<1> leaves the newest group (the second copy) in flight.
[[kernel, simt::block(64)]] void newest_group_in_flight(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  SharedArray<float, 64> first;
  SharedArray<float, 64> second;
  const uint32_t t = simt::thread::index_x();
  simt::async::copy<4>(first, t, in, t);
  simt::async::commit();
  simt::async::copy<4>(second, t, in, 64 + t);
  simt::async::commit();
  simt::async::wait<1>();
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = first[63 - t] + second[63 - t];
}

// wait<0> completes committed groups only: this copy was never committed.
[[kernel, simt::block(64)]] void never_committed(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  SharedArray<float, 64> s;
  const uint32_t t = simt::thread::index_x();
  simt::async::copy<4>(s, t, in, t);
  simt::async::wait<0>();
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = s[(t + 1) % 64];
}

// Only the first half of the block waits.
[[kernel, simt::block(64)]] void wait_on_one_path(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  SharedArray<float, 64> s;
  const uint32_t t = simt::thread::index_x();
  simt::async::copy<4>(s, t, in, t);
  simt::async::commit();
  if (t < 32) simt::async::wait<0>();
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = s[63 - t];
}

// The copy's own interval: another thread's chunk read before any wait or barrier.
[[kernel, simt::block(64)]] void read_while_copying(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  SharedArray<float, 256, 16> s;
  const uint32_t t = simt::thread::index_x();
  simt::async::copy<16>(s, 4 * t, in, 4 * t);
  const float v = s[(4 * t + 4) % 256];
  simt::async::wait_all();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

// Two threads' 16-byte copies overlap by half.
[[kernel, simt::block(64)]] void overlapping_copies(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  SharedArray<float, 132, 16> s;
  const uint32_t t = simt::thread::index_x();
  simt::async::copy<8>(s, 2 * t, in, 2 * t);
  simt::async::copy<16>(s, 2 * t + 4, in, 2 * t);
  simt::async::wait_all();
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = s[t];
}

// A copy in flight across a barrier and another thread's plain write of its bytes after it.
[[kernel, simt::block(64)]] void write_over_in_flight(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  SharedArray<float, 64> s;
  const uint32_t t = simt::thread::index_x();
  simt::async::copy<4>(s, t, in, t);
  simt::async::commit();
  simt::sync_threads();
  s.at_mut((t + 1) % 64) = 0.0f;
  simt::async::wait<0>();
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = s[t];
}

// The refill goes into the stage being read (k % 2 instead of (k + 1) % 2).
[[kernel, simt::block(128)]] void refill_the_stage_being_read(uint32_t tiles, simt::Slice<const float> in,
                                                              simt::DisjointSlice<float> out) {
  SharedArray<float, 2 * 128> stage;
  const uint32_t t = simt::thread::index_x();
  float acc = 0.0f;
  simt::async::copy<4>(stage, t, in, t);
  simt::async::commit();
  for (uint32_t k = 0; k < tiles; ++k) {
    simt::async::copy<4>(stage, (k % 2) * 128 + t, in, (size_t(k) + 1) * 128 + t);
    simt::async::commit();
    simt::async::wait<1>();
    simt::sync_threads();
    acc += stage[(k % 2) * 128 + 127 - t];
    simt::sync_threads();
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = acc;
}

// Two stages but wait<2>: the copy into this iteration's stage (issued one iteration ago) is
// still in flight when the stage is read.
[[kernel, simt::block(128)]] void pipeline_too_shallow(uint32_t tiles, simt::Slice<const float> in,
                                                       simt::DisjointSlice<float> out) {
  SharedArray<float, 2 * 128> stage;
  const uint32_t t = simt::thread::index_x();
  float acc = 0.0f;
  for (uint32_t k = 0; k < tiles; ++k) {
    simt::async::copy<4>(stage, ((k + 1) % 2) * 128 + t, in, (size_t(k) + 1) * 128 + t);
    simt::async::commit();
    simt::async::wait<2>();
    simt::sync_threads();
    acc += stage[(k % 2) * 128 + 127 - t];
    simt::sync_threads();
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = acc;
}

// The copy in a helper that returns before waiting.
void start_copy(SharedArray<float, 64>& s, const simt::Slice<const float>& in, uint32_t t) {
  simt::async::copy<4>(s, t, in, t);
  simt::async::commit();
}

[[kernel, simt::block(64)]] void helper_forgets_to_wait(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  SharedArray<float, 64> s;
  const uint32_t t = simt::thread::index_x();
  start_copy(s, in, t);
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = s[(t + 3) % 64];
}

// The wait is in a loop that a uniform `break` can leave before it.
[[kernel, simt::block(64)]] void break_before_wait(uint32_t n, simt::Slice<const float> in,
                                                   simt::DisjointSlice<float> out) {
  SharedArray<float, 64> s;
  const uint32_t t = simt::thread::index_x();
  simt::async::copy<4>(s, t, in, t);
  simt::async::commit();
  for (uint32_t i = 0; i < 4; ++i) {
    if (i == n) break;
    simt::async::wait<0>();
  }
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = s[63 - t];
}

// The refill goes into (k + 2) % 2: the same parity as the stage being read.
[[kernel, simt::block(128)]] void refill_same_parity(uint32_t tiles, simt::Slice<const float> in,
                                                     simt::DisjointSlice<float> out) {
  SharedArray<float, 2 * 128> stage;
  const uint32_t t = simt::thread::index_x();
  float acc = 0.0f;
  for (uint32_t k = 0; k < tiles; ++k) {
    simt::async::copy<4>(stage, ((k + 2) % 2) * 128 + t, in, (size_t(k) + 1) * 128 + t);
    simt::async::commit();
    simt::async::wait<1>();
    simt::sync_threads();
    acc += stage[(k % 2) * 128 + 127 - t];
    simt::sync_threads();
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = acc;
}

// An alias of the array: the copy through the reference, the read through the array.
[[kernel, simt::block(64)]] void through_an_alias(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  SharedArray<float, 64> s;
  SharedArray<float, 64>& alias = s;
  const uint32_t t = simt::thread::index_x();
  simt::async::copy<4>(alias, t, in, t);
  simt::async::commit();
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = s[63 - t];
}

// A uniform early return on the path with the wait: the other path reaches the barrier unwaited.
[[kernel, simt::block(64)]] void wait_then_return(uint32_t n, simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  SharedArray<float, 64> s;
  const uint32_t t = simt::thread::index_x();
  simt::async::copy<4>(s, t, in, t);
  simt::async::commit();
  if (n == 0) {
    simt::async::wait<0>();
    return;
  }
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = s[63 - t];
}

// (2k + 1) % 2 is 1 in every iteration: the refill hits the stage read in odd iterations.
[[kernel, simt::block(128)]] void even_times_k_plus_one(uint32_t tiles, simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  SharedArray<float, 2 * 128> stage;
  const uint32_t t = simt::thread::index_x();
  float acc = 0.0f;
  for (uint32_t k = 0; k < tiles; ++k) {
    simt::async::copy<4>(stage, ((2 * k + 1) % 2) * 128 + t, in, (size_t(k) + 1) * 128 + t);
    simt::async::commit();
    simt::async::wait<1>();
    simt::sync_threads();
    acc += stage[(k % 2) * 128 + 127 - t];
    simt::sync_threads();
  }
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = acc;
}

// The copy loop reaches one chunk further than the reads after the barrier leave alone: with
// c < 129, thread 0's third copy lands at elements 512 to 515, which threads 1 to 3 read while
// it flies.
[[kernel, simt::block(64)]] void loop_one_chunk_too_far(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  SharedArray<float, 1024, 16> s;
  const uint32_t t = simt::thread::index_x();
  for (uint32_t c = t; c < 129; c += 64) simt::async::copy<16>(s, 4 * c, in, 4 * size_t(c));
  simt::async::commit();
  simt::sync_threads();
  float v = s[512 + t];
  simt::async::wait<0>();
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v + s[t];
}


// CHECK: {{.*}}async_copy_race.cpp:18:60: error: threads may race on shared memory 'tile': this read and an asynchronous copy by another thread run between the same barriers [simt-shared-race]
// CHECK-NEXT: {{.*}}async_copy_race.cpp:15:3: note: the asynchronous copy (tid.x = {{[0-9]+}} copies into byte {{[0-9]+}} of shared memory 'tile', which tid.x = {{[0-9]+}} reads)
// CHECK-NEXT: {{.*}}async_copy_race.cpp:17:3: note: the asynchronous copy can still be in flight after this barrier: no simt::async::wait before it completes the copy's group
// CHECK-NEXT: {{.*}}async_copy_race.cpp:32:76: error: threads may race on shared memory 'second': this read and an asynchronous copy by another thread run between the same barriers [simt-shared-race]
// CHECK-NEXT: {{.*}}async_copy_race.cpp:28:3: note: the asynchronous copy (tid.x = {{[0-9]+}} copies into byte {{[0-9]+}} of shared memory 'second', which tid.x = {{[0-9]+}} reads)
// CHECK-NEXT: {{.*}}async_copy_race.cpp:31:3: note: the asynchronous copy can still be in flight after this barrier: no simt::async::wait before it completes the copy's group
// CHECK-NEXT: {{.*}}async_copy_race.cpp:42:60: error: threads may race on shared memory 's': this read and an asynchronous copy by another thread run between the same barriers [simt-shared-race]
// CHECK-NEXT: {{.*}}async_copy_race.cpp:39:3: note: the asynchronous copy (tid.x = {{[0-9]+}} copies into byte {{[0-9]+}} of shared memory 's', which tid.x = {{[0-9]+}} reads)
// CHECK-NEXT: {{.*}}async_copy_race.cpp:41:3: note: the asynchronous copy can still be in flight after this barrier: no simt::async::wait before it completes the copy's group
// CHECK-NEXT: {{.*}}async_copy_race.cpp:53:60: error: threads may race on shared memory 's': this read and an asynchronous copy by another thread run between the same barriers [simt-shared-race]
// CHECK-NEXT: {{.*}}async_copy_race.cpp:49:3: note: the asynchronous copy (tid.x = {{[0-9]+}} copies into byte {{[0-9]+}} of shared memory 's', which tid.x = {{[0-9]+}} reads)
// CHECK-NEXT: {{.*}}async_copy_race.cpp:52:3: note: the asynchronous copy can still be in flight after this barrier: no simt::async::wait before it completes the copy's group
// CHECK-NEXT: {{.*}}async_copy_race.cpp:61:19: error: threads may race on shared memory 's': this read and an asynchronous copy by another thread run between the same barriers [simt-shared-race]
// CHECK-NEXT: {{.*}}async_copy_race.cpp:60:3: note: the asynchronous copy (tid.x = {{[0-9]+}} copies into byte {{[0-9]+}} of shared memory 's', which tid.x = {{[0-9]+}} reads)
// CHECK-NEXT: {{.*}}async_copy_race.cpp:70:3: error: threads may race on shared memory 's': this asynchronous copy and an asynchronous copy by another thread run between the same barriers [simt-shared-race]
// CHECK-NEXT: {{.*}}async_copy_race.cpp:71:3: note: the asynchronous copy (tid.x = {{[0-9]+}} copies into byte {{[0-9]+}} of shared memory 's', which tid.x = {{[0-9]+}} copies into)
// CHECK-NEXT: {{.*}}async_copy_race.cpp:71:3: error: threads may race on shared memory 's': this asynchronous copy and the same asynchronous copy by another thread run between the same barriers [simt-shared-race]
// CHECK-NEXT: {{.*}}async_copy_race.cpp:71:3: note: the same asynchronous copy in another thread (tid.x = {{[0-9]+}} and tid.x = {{[0-9]+}} both copy into byte {{[0-9]+}} of shared memory 's')
// CHECK-NEXT: {{.*}}async_copy_race.cpp:84:26: error: threads may race on shared memory 's': this write and an asynchronous copy by another thread run between the same barriers [simt-shared-race]
// CHECK-NEXT: {{.*}}async_copy_race.cpp:81:3: note: the asynchronous copy (tid.x = {{[0-9]+}} copies into byte {{[0-9]+}} of shared memory 's', which tid.x = {{[0-9]+}} writes)
// CHECK-NEXT: {{.*}}async_copy_race.cpp:83:3: note: the asynchronous copy can still be in flight after this barrier: no simt::async::wait before it completes the copy's group
// CHECK-NEXT: {{.*}}async_copy_race.cpp:103:12: error: threads may race on shared memory 'stage': this read and an asynchronous copy by another thread run between the same barriers [simt-shared-race]
// CHECK-NEXT: {{.*}}async_copy_race.cpp:99:5: note: the asynchronous copy (tid.x = {{[0-9]+}} copies into byte {{[0-9]+}} of shared memory 'stage', which tid.x = {{[0-9]+}} reads)
// CHECK-NEXT: {{.*}}async_copy_race.cpp:102:5: note: the asynchronous copy can still be in flight after this barrier: no simt::async::wait before it completes the copy's group
// CHECK-NEXT: {{.*}}async_copy_race.cpp:121:12: error: threads may race on shared memory 'stage': this read and an asynchronous copy by another thread run between the same barriers [simt-shared-race]
// CHECK-NEXT: {{.*}}async_copy_race.cpp:117:5: note: the asynchronous copy (tid.x = {{[0-9]+}} copies into byte {{[0-9]+}} of shared memory 'stage', which tid.x = {{[0-9]+}} reads)
// CHECK-NEXT: {{.*}}async_copy_race.cpp:120:5: note: the asynchronous copy can still be in flight after this barrier: no simt::async::wait before it completes the copy's group
// CHECK-NEXT: {{.*}}async_copy_race.cpp:138:60: error: threads may race on shared memory 's': this read and an asynchronous copy by another thread run between the same barriers [simt-shared-race]
// CHECK-NEXT: {{.*}}async_copy_race.cpp:129:3: note: the asynchronous copy (tid.x = {{[0-9]+}} copies into byte {{[0-9]+}} of shared memory 's', which tid.x = {{[0-9]+}} reads)
// CHECK-NEXT: {{.*}}async_copy_race.cpp:137:3: note: the asynchronous copy can still be in flight after this barrier: no simt::async::wait before it completes the copy's group
// CHECK-NEXT: {{.*}}async_copy_race.cpp:153:60: error: threads may race on shared memory 's': this read and an asynchronous copy by another thread run between the same barriers [simt-shared-race]
// CHECK-NEXT: {{.*}}async_copy_race.cpp:146:3: note: the asynchronous copy (tid.x = {{[0-9]+}} copies into byte {{[0-9]+}} of shared memory 's', which tid.x = {{[0-9]+}} reads)
// CHECK-NEXT: {{.*}}async_copy_race.cpp:152:3: note: the asynchronous copy can still be in flight after this barrier: no simt::async::wait before it completes the copy's group
// CHECK-NEXT: {{.*}}async_copy_race.cpp:167:12: error: threads may race on shared memory 'stage': this read and an asynchronous copy by another thread run between the same barriers [simt-shared-race]
// CHECK-NEXT: {{.*}}async_copy_race.cpp:163:5: note: the asynchronous copy (tid.x = {{[0-9]+}} copies into byte {{[0-9]+}} of shared memory 'stage', which tid.x = {{[0-9]+}} reads)
// CHECK-NEXT: {{.*}}async_copy_race.cpp:166:5: note: the asynchronous copy can still be in flight after this barrier: no simt::async::wait before it completes the copy's group
// CHECK-NEXT: {{.*}}async_copy_race.cpp:181:60: error: threads may race on shared memory 's': this read and an asynchronous copy by another thread run between the same barriers [simt-shared-race]
// CHECK-NEXT: {{.*}}async_copy_race.cpp:178:3: note: the asynchronous copy (tid.x = {{[0-9]+}} copies into byte {{[0-9]+}} of shared memory 's', which tid.x = {{[0-9]+}} reads)
// CHECK-NEXT: {{.*}}async_copy_race.cpp:180:3: note: the asynchronous copy can still be in flight after this barrier: no simt::async::wait before it completes the copy's group
// CHECK-NEXT: {{.*}}async_copy_race.cpp:195:60: error: threads may race on shared memory 's': this read and an asynchronous copy by another thread run between the same barriers [simt-shared-race]
// CHECK-NEXT: {{.*}}async_copy_race.cpp:188:3: note: the asynchronous copy (tid.x = {{[0-9]+}} copies into byte {{[0-9]+}} of shared memory 's', which tid.x = {{[0-9]+}} reads)
// CHECK-NEXT: {{.*}}async_copy_race.cpp:194:3: note: the asynchronous copy can still be in flight after this barrier: no simt::async::wait before it completes the copy's group
// CHECK-NEXT: {{.*}}async_copy_race.cpp:208:12: error: threads may race on shared memory 'stage': this read and an asynchronous copy by another thread run between the same barriers [simt-shared-race]
// CHECK-NEXT: {{.*}}async_copy_race.cpp:204:5: note: the asynchronous copy (tid.x = {{[0-9]+}} copies into byte {{[0-9]+}} of shared memory 'stage', which tid.x = {{[0-9]+}} reads)
// CHECK-NEXT: {{.*}}async_copy_race.cpp:207:5: note: the asynchronous copy can still be in flight after this barrier: no simt::async::wait before it completes the copy's group
// CHECK-NEXT: {{.*}}async_copy_race.cpp:223:13: error: threads may race on shared memory 's': this read and an asynchronous copy by another thread run between the same barriers [simt-shared-race]
// CHECK-NEXT: {{.*}}async_copy_race.cpp:220:42: note: the asynchronous copy (tid.x = {{[0-9]+}} copies into byte {{[0-9]+}} of shared memory 's', which tid.x = {{[0-9]+}} reads)
// CHECK-NEXT: {{.*}}async_copy_race.cpp:222:3: note: the asynchronous copy can still be in flight after this barrier: no simt::async::wait before it completes the copy's group
