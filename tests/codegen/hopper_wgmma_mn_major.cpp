// wgmma with B MN-major (a row-major K x N tile, N contiguous, as V lies in attention): the
// descriptor of simt::wgmma::mn_major over a tile of two 64-column boxes of 128 K rows each,
// 128-byte swizzled: LBO = 128 rows x 128 bytes between the column blocks, SBO = 1024 between
// groups of 8 K rows; a K step of 16 rows is 2048 bytes on. A from registers. The boxes reach a
// pipeline stage of two boxes with tma::load<Part>: box 1 lands 16 KiB after box 0.
// RUN: %simtc build %s --arch sm_90a -o - | FileCheck %s
// REQUIRES: ptxas
// RUN: %simtc build %s --arch sm_90a -o %t.ptx --resource-usage | FileCheck --check-prefix=USAGE %s
#include <simt/kernel.hpp>

using Map = simt::TensorMap<simt::bfloat16, 64, 128>;  // boxes of 128 rows x 64 columns

[[kernel, simt::block(128)]]
void pv(Map v, simt::Slice<const uint32_t> p, uint32_t tiles, simt::DisjointSlice<float> o) {
  simt::SharedTile<simt::bfloat16, 2 * 2 * 128, 64, 1024> sv;  // 2 stages of 2 boxes
  simt::Pipeline<2> pipe;
  pipe.init(1, 4);
  simt::PipelineState<2> at;
  const uint32_t t = simt::warpgroup::thread_index();
  const simt::wgmma::RegistersA a{{p[4 * t], p[4 * t + 1], p[4 * t + 2], p[4 * t + 3]}};
  const auto dv = simt::wgmma::mn_major<simt::wgmma::Swizzle::bytes128, 128>(sv);
  simt::wgmma::Accumulator<128> d;
  for (uint32_t i = 0; i < tiles; ++i) {
    if (t == 0) {
      pipe.producer_acquire(at);
      [[simt::unsafe]] {  // both boxes' bytes on the stage's full barrier
        pipe.producer_expect(at, 2 * Map::box_bytes);
        simt::tma::load<0>(sv, pipe, at, v, 0, int(i * 128));
        simt::tma::load<1>(sv, pipe, at, v, 64, int(i * 128));
      }
    }
    pipe.consumer_wait(at);
    [[simt::unsafe]] {  // the whole warpgroup; the stage landed
      simt::wgmma::fence(d);
#pragma unroll
      for (uint32_t k = 0; k < 8; ++k)
        simt::wgmma::mma_async<simt::wgmma::Major::MN>(d, a, dv.advanced(at.stage() * 32768 + k * 2048));
      simt::wgmma::commit_group();
      simt::wgmma::wait_group<0>(d);
    }
    if (simt::warp::lane_id() == 0) pipe.consumer_release(at);
    at.advance();
  }
  [[simt::unsafe]] {  // each element of the 64 x 128 tile belongs to one thread (the fragment layout)
#pragma unroll
    for (uint32_t i = 0; i < d.size; ++i) o.get_unchecked_mut(d.row(i) * 128 + d.col(i)) = d.reg[i];
  }
}

// The producer: one arrival with both boxes' bytes on the stage's full barrier; box 0 at the
// stage (stage x 32 KiB into the tile), box 1 16 KiB after it, both on that barrier.
// CHECK-LABEL: .visible .entry pv(
// CHECK-NOT:   .local
// CHECK:       mov.b32 [[BYTES:%r[0-9]+]], 32768;
// CHECK-NEXT:  mbarrier.arrive.expect_tx.shared.b64 %rd{{[0-9]+}}, [[[FULL:%r[0-9]+]]+65536], [[BYTES]];
// CHECK:       shl.b32 [[STAGE:%r[0-9]+]], %r{{[0-9]+}}, 15;
// CHECK-NEXT:  add.s32 [[BOX0:%r[0-9]+]], %r{{[0-9]+}}, [[STAGE]];
// CHECK:       cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%r{{[0-9]+}}], [%rd{{[0-9]+}}, {%r{{[0-9]+}}, [[ROW:%r[0-9]+]]}], [[[FULL]]+65536];
// CHECK-NEXT:  add.s32 %r{{[0-9]+}}, [[BOX0]], 16384;
// CHECK:       mov.b32 [[COL:%r[0-9]+]], 64;
// CHECK-NEXT:  cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%r{{[0-9]+}}], [%rd{{[0-9]+}}, {[[COL]], [[ROW]]}], [[[FULL]]+65536];
// The consumers: eight K steps, each descriptor the tile's address (advanced by the stage and
// 2048 bytes a step) >> 4 with LBO 16384 >> 4 = 1024 (bits 16-29), SBO 1024 >> 4 = 64 (bits
// 32-45) and the 128-byte swizzle (1, bits 62-63): 0x4000004004000000; B transposed (tnspB 1).
// CHECK:       wgmma.fence.sync.aligned;
// CHECK:       or.b64 [[D0:%rd[0-9]+]], %rd{{[0-9]+}}, 4611686293372403712;
// CHECK:       wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {%r{{[0-9]+(, %r[0-9]+)*}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, [[D0]], p, 1, 1, 1;
// CHECK:       or.b64 [[D1:%rd[0-9]+]], %rd{{[0-9]+}}, 4611686293372403712;
// CHECK:       wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {%r{{[0-9]+(, %r[0-9]+)*}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, [[D1]], p, 1, 1, 1;
// CHECK:       or.b64 [[D2:%rd[0-9]+]], %rd{{[0-9]+}}, 4611686293372403712;
// CHECK:       wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {%r{{[0-9]+(, %r[0-9]+)*}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, [[D2]], p, 1, 1, 1;
// CHECK:       or.b64 [[D3:%rd[0-9]+]], %rd{{[0-9]+}}, 4611686293372403712;
// CHECK:       wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {%r{{[0-9]+(, %r[0-9]+)*}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, [[D3]], p, 1, 1, 1;
// CHECK:       or.b64 [[D4:%rd[0-9]+]], %rd{{[0-9]+}}, 4611686293372403712;
// CHECK:       wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {%r{{[0-9]+(, %r[0-9]+)*}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, [[D4]], p, 1, 1, 1;
// CHECK:       or.b64 [[D5:%rd[0-9]+]], %rd{{[0-9]+}}, 4611686293372403712;
// CHECK:       wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {%r{{[0-9]+(, %r[0-9]+)*}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, [[D5]], p, 1, 1, 1;
// CHECK:       or.b64 [[D6:%rd[0-9]+]], %rd{{[0-9]+}}, 4611686293372403712;
// CHECK:       wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {%r{{[0-9]+(, %r[0-9]+)*}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, [[D6]], p, 1, 1, 1;
// CHECK:       or.b64 [[D7:%rd[0-9]+]], %rd{{[0-9]+}}, 4611686293372403712;
// CHECK:       wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {%r{{[0-9]+(, %r[0-9]+)*}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, [[D7]], p, 1, 1, 1;
// CHECK-NOT:   wgmma.mma_async
// CHECK:       wgmma.commit_group.sync.aligned;
// CHECK-NEXT:  wgmma.wait_group.sync.aligned 0;

// The two stages (64 KiB) and the four barriers are in dynamic shared memory; ptxas keeps the
// accumulator in registers.
// USAGE: hopper_wgmma_mn_major.cpp: kernel 'pv': {{[0-9]+}} registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 65568 bytes shared memory (65568 of them in dynamic shared memory), 0 bytes constant memory (sm_90a)
