// wgmma (sm_90a): a warpgroup computes a 64 x 128 tile of A * B^T from two TMA-loaded,
// 128-byte swizzled K-major shared tiles, four K steps of 16 per loaded K tile (the
// descriptors advanced by 32 bytes each), with the fence, commit and wait around them; the
// register-A form and m64n256 (f16, B M/N-major) and m64n8 shapes; the accumulator stays in
// registers (no local memory, no spills).
// RUN: %simtc build %s --arch sm_90a -o - | FileCheck %s
// RUN: %simtc inspect %s --arch sm_90a --emit=ir | FileCheck --check-prefix=IR %s
// REQUIRES: ptxas
// RUN: %simtc build %s --arch sm_90a -o %t.ptx --resource-usage | FileCheck --check-prefix=USAGE %s
#include <simt/kernel.hpp>

using MapA = simt::TensorMap<simt::bfloat16, 64, 64>;   // boxes of 64 rows x 64 K
using MapB = simt::TensorMap<simt::bfloat16, 64, 128>;  // boxes of 128 rows (N) x 64 K

[[kernel, simt::block(128)]]
void tile_64x128(MapA a, MapB b, uint32_t k_tiles, simt::DisjointSlice<float> c) {
  simt::SharedTile<simt::bfloat16, 64, 64, 1024> sa;
  simt::SharedTile<simt::bfloat16, 128, 64, 1024> sb;
  simt::Mbarrier bar;
  bar.init(1);
  simt::MbarrierPhase phase;
  simt::wgmma::Accumulator<128> d;
  const auto da = simt::wgmma::k_major<simt::wgmma::Swizzle::bytes128>(sa);
  const auto db = simt::wgmma::k_major<simt::wgmma::Swizzle::bytes128>(sb);
  for (uint32_t kt = 0; kt < k_tiles; ++kt) {
    if (simt::thread::index_in_block().get() == 0) {
      [[simt::unsafe]] {  // one arrival with both boxes' bytes; every thread waits below
        bar.arrive_expect_tx(MapA::box_bytes + MapB::box_bytes);
        simt::tma::load(sa, bar, a, int(kt * 64), 0);
        simt::tma::load(sb, bar, b, int(kt * 64), 0);
      }
    }
    bar.wait(phase);
    [[simt::unsafe]] {  // the whole warpgroup; the tiles landed (the wait), and stay until the wait below
      simt::wgmma::fence(d);
#pragma unroll
      for (uint32_t k = 0; k < 4; ++k)
        simt::wgmma::mma_async(d, da.advanced(32 * k), db.advanced(32 * k), kt > 0 || k > 0);
      simt::wgmma::commit_group();
      simt::wgmma::wait_group<0>(d);
    }
    simt::sync_threads();  // every warp's mma read the tiles before the next loads overwrite them
  }
  [[simt::unsafe]] {  // each element of the 64 x 128 tile belongs to one thread (the fragment layout)
#pragma unroll
    for (uint32_t i = 0; i < d.size; ++i) c.get_unchecked_mut(d.row(i) * 128 + d.col(i)) = d.reg[i];
  }
}

// The tiles are 1024-byte aligned (the swizzle pattern's repeat).
// CHECK-LABEL: .visible .entry tile_64x128(
// CHECK-NOT:   .local
// CHECK:       .shared .align 1024 .b8 shared_$_sa[8192];
// CHECK:       .shared .align 1024 .b8 shared_$_sb[16384];
// The descriptors: each tile's shared address >> 4 (bits 0-13) with LBO 16 >> 4 = 1, SBO
// 1024 >> 4 = 64 and the 128-byte swizzle (1): 0x4000004000010000; the K steps add 32 >> 4 = 2.
// CHECK:       mov.b32 [[SB:%r[0-9]+]], shared_$_sb;
// CHECK-NEXT:  shr.u32 %r{{[0-9]+}}, [[SB]], 4;
// CHECK:       mov.b32 [[SA:%r[0-9]+]], shared_$_sa;
// CHECK-NEXT:  shr.u32 %r{{[0-9]+}}, [[SA]], 4;
// CHECK:       or.b64 [[A0:%rd[0-9]+]], [[ADDR_A:%rd[0-9]+]], 4611686293305360384;
// CHECK:       or.b64 [[B0:%rd[0-9]+]], [[ADDR_B:%rd[0-9]+]], 4611686293305360384;
// CHECK-NEXT:  or.b64 [[A1:%rd[0-9]+]], [[ADDR_A]], 4611686293305360386;
// CHECK-NEXT:  or.b64 [[B1:%rd[0-9]+]], [[ADDR_B]], 4611686293305360386;
// CHECK-NEXT:  or.b64 [[A2:%rd[0-9]+]], [[ADDR_A]], 4611686293305360388;
// CHECK-NEXT:  or.b64 [[B2:%rd[0-9]+]], [[ADDR_B]], 4611686293305360388;
// CHECK-NEXT:  or.b64 [[A3:%rd[0-9]+]], [[ADDR_A]], 4611686293305360390;
// CHECK-NEXT:  or.b64 [[B3:%rd[0-9]+]], [[ADDR_B]], 4611686293305360390;
// Each K tile: the mbarrier wait, the fence, four mmas (the first of the first tile overwrites
// D), one group, its wait, then the block barrier.
// CHECK:       mbarrier.try_wait.parity.shared.b64
// CHECK:       wgmma.fence.sync.aligned;
// CHECK:       setp.ne.b32 p, %r{{[0-9]+}}, 0;
// CHECK-NEXT:  wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {[[D0:%r[0-9]+]]{{(, %r[0-9]+)*}}}, [[A0]], [[B0]], p, 1, 1, 0, 0;
// CHECK:       wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {[[D0]]{{(, %r[0-9]+)*}}}, [[A1]], [[B1]], p, 1, 1, 0, 0;
// CHECK:       wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {[[D0]]{{(, %r[0-9]+)*}}}, [[A2]], [[B2]], p, 1, 1, 0, 0;
// CHECK:       wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16 {[[D0]]{{(, %r[0-9]+)*}}}, [[A3]], [[B3]], p, 1, 1, 0, 0;
// CHECK-NOT:   wgmma.mma_async
// CHECK:       wgmma.commit_group.sync.aligned;
// CHECK-NEXT:  wgmma.wait_group.sync.aligned 0;
// CHECK:       bar.sync 0;
// The epilogue stores the registers where the fragment layout puts them: (r, c), (r, c + 1),
// (r + 8, c), (r + 8, c + 1), then 8 columns on.
// CHECK:       st.global.b32 [[[C:%rd[0-9]+]]], [[D0]];
// CHECK-NEXT:  st.global.b32 [[[C]]+4], %r{{[0-9]+}};
// CHECK-NEXT:  st.global.b32 [[[C]]+4096], %r{{[0-9]+}};
// CHECK-NEXT:  st.global.b32 [[[C]]+4100], %r{{[0-9]+}};
// CHECK-NEXT:  st.global.b32 [[[C]]+32], %r{{[0-9]+}};

// In the IR the accumulator is a pointer to its floats; N, the transposes and the fences'
// counts are constants; the descriptor's address comes from shared.address.
// IR-DAG: intrinsic i32 shared.address(%{{[0-9]+}})
// IR-DAG: intrinsic void wgmma.fence_operand(%d, 64:i32)
// IR-DAG: intrinsic void wgmma.fence()
// IR-DAG: intrinsic void wgmma.mma_async.bf16(%d, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, 128:i32, 0:i32, 0:i32)
// IR-DAG: intrinsic void wgmma.commit_group()
// IR-DAG: intrinsic void wgmma.wait_group(0:i32)
// IR-DAG: intrinsic void wgmma.mma_async.f16(%d, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, 256:i32, 0:i32, 1:i32)
// IR-DAG: intrinsic void wgmma.mma_async.rs.f16(%d, %{{[0-9]+}}, %{{[0-9]+}}, %{{[0-9]+}}, 8:i32, 0:i32)
// IR-DAG: intrinsic void wgmma.fence_operand(%d.1, 4:i32)
// IR-DAG: intrinsic void wgmma.wait_group(1:i32)

// f16, N = 256 with B M/N-major (tnspB 1) and 64- and 32-byte swizzles given as layouts; A from
// registers; N = 8 overwriting its accumulator. The shared tiles are whatever was left there:
// this kernel checks the instructions, not the products.
[[kernel, simt::block(128)]]
void shapes(simt::Slice<const uint32_t> regs, simt::DisjointSlice<float> c) {
  simt::SharedTile<simt::half, 64, 32, 512> sa;    // 64-byte rows
  simt::SharedTile<simt::half, 256, 16, 256> sb;   // 32-byte rows
  simt::wgmma::Accumulator<256> wide;
  simt::wgmma::Accumulator<8> narrow;
  const simt::wgmma::Descriptor<simt::half> da(sa, {simt::wgmma::Swizzle::bytes64, 16, 512, 0});
  const simt::wgmma::Descriptor<simt::half> db(sb, {simt::wgmma::Swizzle::bytes32, 4096, 256, 0});
  const uint32_t t = simt::warpgroup::thread_index();
  const simt::wgmma::RegistersA ra{{regs[4 * t], regs[4 * t + 1], regs[4 * t + 2], regs[4 * t + 3]}};
  [[simt::unsafe]] {  // the whole warpgroup runs this
    simt::wgmma::fence(wide, narrow);
    simt::wgmma::mma_async<simt::wgmma::Major::K, simt::wgmma::Major::MN>(wide, da, db);
    simt::wgmma::mma_async(narrow, ra, db, false);
    simt::wgmma::commit_group();
    simt::wgmma::wait_group<1>(wide);
    simt::wgmma::wait_group<0>(narrow);
#pragma unroll
    for (uint32_t i = 0; i < wide.size; ++i) c.get_unchecked_mut(wide.row(i) * 256 + wide.col(i)) = wide.reg[i];
#pragma unroll
    for (uint32_t i = 0; i < narrow.size; ++i) c.get_unchecked_mut(narrow.row(i) * 8 + narrow.col(i)) += narrow.reg[i];
  }
}

// CHECK-LABEL: .visible .entry shapes(
// CHECK-NOT:   .local
// CHECK:       wgmma.fence.sync.aligned;
// CHECK:       wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16 {%r{{[0-9]+(, %r[0-9]+)*}}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, p, 1, 1, 0, 1;
// CHECK:       wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, %rd{{[0-9]+}}, p, 1, 1, 0;
// CHECK:       wgmma.commit_group.sync.aligned;
// CHECK-NEXT:  wgmma.wait_group.sync.aligned 1;
// CHECK:       wgmma.wait_group.sync.aligned 0;

// ptxas keeps both kernels' accumulators (64 and 128 + 4 floats per thread) in registers.
// USAGE:      hopper_wgmma.cpp: kernel 'shapes': {{[0-9]+}} registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 12288 bytes shared memory, 0 bytes constant memory (sm_90a)
// USAGE-NEXT: hopper_wgmma.cpp: kernel 'tile_64x128': {{[0-9]+}} registers, 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads, 24584 bytes shared memory, 0 bytes constant memory (sm_90a)
