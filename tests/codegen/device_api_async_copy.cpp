// cp.async: a full 16-byte chunk, a chunk whose source may run past the end of the slice (the
// src-size operand, zero-filling the rest), the L1-bypassing .cg form, commit and wait groups.
// RUN: %simtc build %s --arch sm_90 -o - | FileCheck %s
// REQUIRES: ptxas
// RUN: %simtc build %s --arch sm_90 -o %t.ptx --ptxas
#include <simt/kernel.hpp>

[[kernel]] void stage(simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 1024, 16> tile;
  simt::SharedArray<float, 256> small;
  auto me = simt::thread::index_in_block();
  auto i = simt::thread::index_1d();
  [[simt::unsafe]] {
    // Each thread fills only its own chunks of the tiles.
    simt::async::copy<16>(tile, 4 * me.get(), in, 4 * i.get());
    simt::async::copy<4>(small, me.get(), in, i.get());
    simt::async::commit();
    simt::async::copy<16, true>(tile, 4 * ((me.get() + 1) % 256), in, 4 * i.get() + 4);
    simt::async::commit();
    simt::async::wait<1>();
    simt::async::wait_all();
  }
  simt::sync_threads();
  if (auto o = out.get_mut(i)) *o = tile[(4 * me.get() + 5) % 1024] + small[me.get() % 256];
}

// CHECK:      cp.async.ca.shared.global [%r{{[0-9]+}}], [%rd{{[0-9]+}}], 16, %r{{[0-9]+}};
// CHECK:      cp.async.ca.shared.global [%r{{[0-9]+}}], [%rd{{[0-9]+}}], 4, 4;
// CHECK:      cp.async.commit_group;
// CHECK:      cp.async.cg.shared.global [%r{{[0-9]+}}], [%rd{{[0-9]+}}], 16, %r{{[0-9]+}};
// CHECK:      cp.async.commit_group;
// CHECK-NEXT: cp.async.wait_group 1;
// CHECK-NEXT: cp.async.wait_all;
// CHECK:      bar.sync 0;
