// Barriers and shuffles stay put through O3: in a loop with a run-time trip count, LLVM may
// neither unroll (duplicate) nor unswitch the loop on `extra_sync` (which would copy the
// body), nor hoist or sink a barrier or a shuffle out of it. The PTX has exactly one copy of
// each, inside the loop: after the loop's back edge target and before its back edge.
// RUN: %simtc build %s --arch sm_90 -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: grep "bar.sync" %t.ptx | count 2
// RUN: grep "shfl.sync" %t.ptx | count 1
// REQUIRES: ptxas
// RUN: %simtc build %s --arch sm_90 -o %t2.ptx --ptxas
#include <simt/kernel.hpp>

[[kernel]] void rotate(uint32_t rounds, bool extra_sync, simt::Slice<const float> in,
                       simt::DisjointSlice<float> out) {
  simt::SharedArray<float, 256> ring;
  auto me = simt::thread::index_in_block();
  auto i = simt::thread::index_1d();
  float acc = i.get() < in.size() ? in[i.get()] : 0.0f;
  for (uint32_t r = 0; r < rounds; ++r) {
    if (auto slot = ring.get_mut(me)) *slot = acc;
    simt::sync_threads();
    acc += ring[me.get()];  // its own slot: without extra_sync, a neighbour's would race with
                            // the neighbour's write in the next round (simt-shared-race)
    if (extra_sync) simt::sync_threads();
    acc += simt::warp::shuffle_xor(simt::warp::full_mask, acc, 1);
  }
  if (auto o = out.get_mut(i)) *o = acc;
}

// The loop is rotated: its latch (with the shuffle and the back edge) comes first, the header
// (with both barriers, the second one under `extra_sync`) after it.
// CHECK:      .entry rotate(
// CHECK-NOT:  bar.sync
// CHECK:      shfl.sync.bfly.b32 %r{{[0-9]+}}, %r{{[0-9]+}}, 1, 31, -1;
// CHECK-NOT:  {{^\$L__BB}}
// CHECK:      @%p{{[0-9]+}} bra [[HEADER:\$L__BB0_[0-9]+]];
// CHECK:      [[HEADER]]:
// CHECK-NOT:  ret;
// CHECK:      bar.sync 0;
// CHECK-NOT:  ret;
// CHECK:      bar.sync 0;
// CHECK:      ret;
