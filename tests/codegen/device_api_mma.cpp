// Tensor cores at warp level: ldmatrix (x4, x2.trans, x1) from shared memory and
// mma.sync.aligned.m16n8k16 with f16 and bf16 inputs and f32 accumulators.
// RUN: %simtc build %s --arch sm_90 -o - | FileCheck %s
// RUN: %simtc inspect %s --emit=ir | FileCheck --check-prefix=IR %s
// REQUIRES: ptxas
// RUN: %simtc build %s --arch sm_90 -o %t.ptx --ptxas
#include <simt/kernel.hpp>

[[kernel]] void mma_tile(simt::Slice<const simt::half> a, simt::Slice<const simt::bfloat16> b,
                         simt::DisjointSlice<float> c) {
  simt::SharedArray<simt::half, 16 * 16, 16> as;
  simt::SharedArray<simt::half, 16 * 8, 16> bs;
  auto me = simt::thread::index_in_block();
  auto i = simt::thread::index_1d();
  if (auto s = as.get_mut(me)) *s = a[me.get()];
  if (auto s = bs.get_mut(me)) *s = simt::half(float(b[me.get() % 128]));
  simt::sync_threads();
  [[simt::unsafe]] {
    // Every lane passes a 16-byte aligned row address inside the tiles.
    const uint32_t lane = simt::warp::lane_id();
    simt::mma::FragmentA fa = simt::mma::ldmatrix_x4(as.data() + (lane % 16) * 16 + (lane / 16) * 8);
    simt::mma::FragmentB fb = simt::mma::ldmatrix_x2_trans(bs.data() + (lane % 16) * 8);
    uint32_t one = simt::mma::ldmatrix_x1(bs.data() + (lane % 8) * 8);
    simt::mma::FragmentC acc{};
    acc = simt::mma::mma_m16n8k16_f16(fa, fb, acc);
    acc = simt::mma::mma_m16n8k16_bf16(fa, fb, acc);
    if (auto o = c.get_mut(i)) *o = acc.reg[0] + acc.reg[1] + acc.reg[2] + acc.reg[3] + float(one);
  }
}

// IR: intrinsic <4 x i32> warp.ldmatrix.x4(
// IR: intrinsic <2 x i32> warp.ldmatrix.x2.trans(
// IR: intrinsic i32 warp.ldmatrix.x1(
// IR: intrinsic <4 x f32> warp.mma.m16n8k16.f16(
// IR: intrinsic <4 x f32> warp.mma.m16n8k16.bf16(

// CHECK:      ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}}, [%r{{[0-9]+}}];
// CHECK:      ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%r{{[0-9]+}}, %r{{[0-9]+}}}, [%r{{[0-9]+}}];
// CHECK:      ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%r{{[0-9]+}}}, [%r{{[0-9]+}}];
// CHECK:      mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// CHECK:      mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
