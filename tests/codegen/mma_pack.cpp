// simt::mma::pack_bf16 and pack_f16: two floats rounded to nearest even and packed into one
// fragment register, `lo` in the low half, each in one instruction: cvt.rn.bf16x2.f32 d, hi, lo
// (PTX names the high half first). Both need sm_80: on sm_75 each call is an error.
// RUN: %simtc build %s --arch sm_80 -o - | FileCheck %s
// RUN: not %simtc check -fno-caret-diagnostics --arch sm_75 %s 2>&1 | FileCheck --check-prefix=SM75 %s --implicit-check-not=error:
// REQUIRES: ptxas
// RUN: %simtc build %s --arch sm_80 -o %t.ptx --ptxas
#include <simt/kernel.hpp>

[[kernel]] void pairs(simt::Slice<const float> lo, simt::Slice<const float> hi, simt::DisjointSlice<uint32_t> out) {
  auto i = simt::thread::index_1d();
  const float l = lo[i.get()];
  const float h = hi[i.get()] + 0.5f;
  if (auto o = out.get_mut(i)) *o = simt::mma::pack_bf16(l, h) ^ simt::mma::pack_f16(l, h);
}

// CHECK:      ld.global.nc.b32 [[L:%r[0-9]+]], [%rd{{[0-9]+}}];
// CHECK:      add.f32 [[H:%r[0-9]+]], %r{{[0-9]+}}, 0f3F000000;
// CHECK-NEXT: cvt.rn.bf16x2.f32 [[B:%r[0-9]+]], [[H]], [[L]];
// CHECK-NEXT: cvt.rn.f16x2.f32 [[F:%r[0-9]+]], [[H]], [[L]];
// CHECK-NEXT: xor.b32 %r{{[0-9]+}}, [[B]], [[F]];
// SM75: mma_pack.cpp:14:{{[0-9]+}}: error: cvt.rn.bf16x2.f32 needs --arch sm_80 or newer (the target is sm_75) [simt-target]
// SM75: mma_pack.cpp:14:{{[0-9]+}}: error: cvt.rn.f16x2.f32 needs --arch sm_80 or newer (the target is sm_75) [simt-target]
