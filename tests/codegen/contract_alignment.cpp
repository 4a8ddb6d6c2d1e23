// Requirements on addresses and remainders prove simt::async::copy's alignment checks: the
// source slice `align 16` (its address % 16 == 0), the chunk's index a multiple of 8 halves
// (the row length k % 8 == 0), the shared array's alignment 16. Each kernel after the first
// lacks one of the facts and keeps its check (a trap).
// RUN: %simtc build %s --arch sm_90 -o - | FileCheck %s
// REQUIRES: ptxas
// RUN: %simtc build %s --arch sm_90 -o %t.ptx --ptxas
#include <simt/kernel.hpp>

#define STAGE_ROW(ROW_INDEX)                                                          \
  simt::SharedArray<simt::half, 64 * 8, 16> tile;                                     \
  const uint32_t t = simt::thread::index_x();                                          \
  simt::async::copy<16>(tile, 8 * t, a, size_t(ROW_INDEX) * k + 8 * t);                \
  simt::async::wait_all();                                                             \
  simt::sync_threads();                                                                \
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = float(tile[(8 * t + 9) % 512]);

// CHECK-LABEL: .entry proven(
// CHECK: .param .u64 .ptr .global .align 16 proven_param_2
// CHECK-NOT: trap;
// CHECK: cp.async.ca.shared.global
// CHECK-NOT: trap;
// CHECK: ret;
[[kernel, simt::block(64), simt::requires("k % 8 == 0", "a.address() % 16 == 0")]]
void proven(uint32_t row, uint32_t k, simt::Slice<const simt::half> a, simt::DisjointSlice<float> out) {
  STAGE_ROW(row)
}

// The requirement names the other slice: `a` keeps its check.
// CHECK-LABEL: .entry other_slice(
// CHECK: trap;
[[kernel, simt::block(64), simt::requires("k % 8 == 0", "b.address() % 16 == 0")]]
void other_slice(uint32_t row, uint32_t k, simt::Slice<const simt::half> a, simt::Slice<const simt::half> b,
                 simt::DisjointSlice<float> out) {
  STAGE_ROW(row + b.size())
}

// 8-byte alignment is not enough for a 16-byte copy.
// CHECK-LABEL: .entry eight_bytes(
// CHECK: .param .u64 .ptr .global .align 8 eight_bytes_param_2
// CHECK: trap;
[[kernel, simt::block(64), simt::requires("k % 8 == 0", "a.address() % 8 == 0")]]
void eight_bytes(uint32_t row, uint32_t k, simt::Slice<const simt::half> a, simt::DisjointSlice<float> out) {
  STAGE_ROW(row)
}

// Rows of k % 4 == 0 halves start only 8-byte aligned.
// CHECK-LABEL: .entry rows_of_four(
// CHECK: trap;
[[kernel, simt::block(64), simt::requires("k % 4 == 0", "a.address() % 16 == 0")]]
void rows_of_four(uint32_t row, uint32_t k, simt::Slice<const simt::half> a, simt::DisjointSlice<float> out) {
  STAGE_ROW(row)
}

// A remainder that is not compared with zero is a fact for the assumptions, not an alignment.
// CHECK-LABEL: .entry remainder_one(
// CHECK: .param .u64 .ptr .global .align 1 remainder_one_param_2
// CHECK: trap;
[[kernel, simt::block(64), simt::requires("k % 8 == 0", "a.address() % 16 == 2")]]
void remainder_one(uint32_t row, uint32_t k, simt::Slice<const simt::half> a, simt::DisjointSlice<float> out) {
  STAGE_ROW(row)
}
