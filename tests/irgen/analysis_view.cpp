// RUN: %simtc inspect %s --emit=ir-view | FileCheck %s
// The analysis view: the helper is inlined, its local and the kernel's are SSA values, and the
// contract's block shape is folded in (ntid.x is 64, so the branch on it is gone).
#include <simt/kernel.hpp>

uint32_t twice(uint32_t x) {
  uint32_t y = x;
  y += x;
  return y;
}

[[kernel, simt::block(64)]] void k(uint32_t n, simt::DisjointSlice<uint32_t> out) {
  uint32_t v = twice(n);
  if (simt::block::dim_x() < 32) v = 0;
  simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

// CHECK-LABEL: kernel @k(i32 %n, ptr.global noalias %out.data, i64 %out.size) reqntid(64, 1, 1) {
// CHECK-NOT: call i32
// CHECK-NOT: ntid.x
// CHECK: %{{.*}} = add i32 %n, %n
// CHECK-NOT: ntid.x
// CHECK: intrinsic void barrier.sync()
