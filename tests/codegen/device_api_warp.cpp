// Warp operations: shuffles (idx, up with a 16-lane segment, down, xor; a double travels as
// two 32-bit halves), votes, match, redux.sync, activemask, laneid and bar.warp.sync; a
// reduction over a partial warp (lanes 0-15) shuffles with that mask.
// RUN: %simtc build %s --arch sm_90 -o - | FileCheck %s
// REQUIRES: ptxas
// RUN: %simtc build %s --arch sm_90 -o %t.ptx --ptxas
#include <simt/kernel.hpp>

[[kernel]] void warp_ops(simt::Slice<const int> in, simt::Slice<const double> d,
                         simt::AtomicSlice<long long> out) {
  auto i = simt::thread::index_1d();
  const uint32_t full = simt::warp::full_mask;
  int v = i.get() < in.size() ? in[i.get()] : 0;
  double x = i.get() < d.size() ? d[i.get()] : 0.0;
  long long acc = simt::warp::shuffle(full, v, 3);
  acc += simt::warp::shuffle_up(full, v, 1, 16);
  acc += simt::warp::shuffle_down(full, float(v), 2);
  acc += (long long)simt::warp::shuffle_xor(full, x, 4);
  acc += simt::warp::any(full, v > 0) + simt::warp::all(full, v > 1);
  acc += simt::warp::ballot(full, v > 2);
  acc += simt::warp::match_any(full, v) + simt::warp::match_all(full, (long long)v);
  acc += simt::warp::redux_add(full, v) + simt::warp::redux_min(full, unsigned(v));
  acc += simt::warp::redux_max(full, v) + simt::warp::redux_xor(full, unsigned(v));
  acc += simt::warp::active_mask() + simt::warp::lane_id();
  simt::warp::sync(full);
  acc += (long long)simt::warp::reduce_add(0x0000ffffu, x);
  out[0].fetch_add(acc);
}

// CHECK:      shfl.sync.idx.b32 %r{{[0-9]+}}, %r{{[0-9]+}}, 3, 31, -1;
// CHECK-NEXT: shfl.sync.up.b32 %r{{[0-9]+}}, %r{{[0-9]+}}, 1, 4096, -1;
// CHECK:      shfl.sync.down.b32 %r{{[0-9]+}}, %r{{[0-9]+}}, 2, 31, -1;
// CHECK:      shfl.sync.bfly.b32 %r{{[0-9]+}}, %r{{[0-9]+}}, 4, 31, -1;
// CHECK-NEXT: shfl.sync.bfly.b32 %r{{[0-9]+}}, %r{{[0-9]+}}, 4, 31, -1;
// CHECK:      vote.sync.any.pred %p{{[0-9]+}}, %p{{[0-9]+}}, -1;
// CHECK:      vote.sync.all.pred %p{{[0-9]+}}, %p{{[0-9]+}}, -1;
// CHECK:      vote.sync.ballot.b32 %r{{[0-9]+}}, %p{{[0-9]+}}, -1;
// CHECK:      match.any.sync.b32 %r{{[0-9]+}}, %r{{[0-9]+}}, -1;
// CHECK:      match.all.sync.b64 %r{{[0-9]+}}|%p{{[0-9]+}}, %rd{{[0-9]+}}, -1;
// CHECK:      redux.sync.add.s32
// CHECK:      redux.sync.min.u32
// CHECK:      redux.sync.max.s32
// CHECK:      redux.sync.xor.b32
// CHECK:      activemask.b32
// CHECK:      %laneid;
// CHECK:      bar.warp.sync -1;
// CHECK:      shfl.sync.idx.b32 %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, 31, 65535;
