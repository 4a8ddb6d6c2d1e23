// elect.sync (sm_90), setmaxnreg (sm_90a) and the warpgroup index helpers: the producer
// warpgroup gives registers up, the consumers take them (a kernel with a register limit at
// entry: one block of 384 threads per SM).
// RUN: %simtc build %s --arch sm_90a -o - | FileCheck %s
// REQUIRES: ptxas
// RUN: %simtc build %s --arch sm_90a -o %t.ptx --ptxas
#include <simt/kernel.hpp>

[[kernel, simt::block(384), simt::min_blocks_per_sm(1)]]
void roles(simt::DisjointSlice<uint32_t> out) {
  uint32_t value = simt::warpgroup::thread_index();
  if (simt::warpgroup::index() == 0) {
    simt::warpgroup::decrease_registers<40>();
    if (simt::warp::elect_one()) value += 1000;
  } else {
    simt::warpgroup::increase_registers<232>();
  }
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) *o = value;
}

// The warpgroup index is tid.x / 128 (a 1-D block), the same in every lane of a warp.
// CHECK:      .reqntid 384, 1, 1
// CHECK-NEXT: .minnctapersm 1
// CHECK:      mov.u32 [[TID:%r[0-9]+]], %tid.x;
// CHECK:      setp.gt.u32 [[CONSUMER:%p[0-9]+]], [[TID]], 127;
// CHECK-NEXT: @[[CONSUMER]] bra [[TAKE:\$L__BB0_[0-9]+]];
// CHECK-NEXT: setmaxnreg.dec.sync.aligned.u32 40;
// CHECK-NEXT: elect.sync %r{{[0-9]+}}|[[ELECTED:%p[0-9]+]], -1;
// CHECK:      selp.b32 %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, [[ELECTED]];
// CHECK:      [[TAKE]]:
// CHECK-NEXT: setmaxnreg.inc.sync.aligned.u32 232;
