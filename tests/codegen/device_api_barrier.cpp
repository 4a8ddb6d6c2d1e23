// Block barriers and fences: bar.sync 0, the bar.red reductions on barrier 0, and fence.sc at
// block, device and system scope; ptxas accepts the PTX for sm_90.
// RUN: %simtc build %s --arch sm_90 -o - | FileCheck %s
// REQUIRES: ptxas
// RUN: %simtc build %s --arch sm_90 -o %t.ptx --ptxas
#include <simt/kernel.hpp>

[[kernel]] void barriers(simt::Slice<const int> in, simt::AtomicSlice<unsigned> out) {
  auto i = simt::thread::index_1d();
  bool p = i.get() < in.size() && in[i.get()] > 0;
  simt::sync_threads();
  unsigned count = simt::sync_threads_count(p);
  bool every = simt::sync_threads_and(p);
  bool some = simt::sync_threads_or(p);
  simt::fence_block();
  simt::fence_device();
  simt::fence_system();
  out[0].fetch_add(count + (every ? 2u : 0u) + (some ? 4u : 0u));
}

// CHECK:      .visible .entry barriers(
// CHECK:      bar.sync 0;
// CHECK-NEXT: bar.red.popc.u32 %r{{[0-9]+}}, 0, %p[[P:[0-9]+]];
// CHECK-NEXT: bar.red.and.pred %p{{[0-9]+}}, 0, %p[[P]];
// CHECK-NEXT: bar.red.or.pred %p{{[0-9]+}}, 0, %p[[P]];
// CHECK:      fence.sc.cta;
// CHECK-NEXT: fence.sc.gpu;
// CHECK-NEXT: fence.sc.sys;
