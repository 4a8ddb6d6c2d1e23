// #pragma unroll reaches the PTX: `#pragma unroll` unrolls a constant trip count completely,
// `#pragma nounroll` keeps the loop (NVPTX marks it .pragma "nounroll"), `#pragma unroll 4`
// makes four copies of the body per iteration of a loop whose trip count is only known at
// run time. ptxas accepts the PTX.
// RUN: %simtc build %s --arch sm_90 -o - | FileCheck %s
// REQUIRES: ptxas
// RUN: %simtc build %s --arch sm_90 -o %t.ptx --ptxas
#include <simt/kernel.hpp>

[[kernel]] void full(simt::Slice<const int> in, simt::DisjointSlice<int> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    int x = in[i.get()], s = 0;
#pragma unroll
    for (int k = 0; k < 48; ++k) s = s * x + k;
    *o = s;
  }
}

[[kernel]] void kept(simt::Slice<const int> in, simt::DisjointSlice<int> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    int x = in[i.get()], s = 0;
#pragma nounroll
    for (int k = 0; k < 48; ++k) s = s * x + k;
    *o = s;
  }
}

[[kernel]] void by_four(simt::Slice<const int> in, simt::DisjointSlice<int> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    int x = in[i.get()], s = 0;
#pragma unroll 4
    for (int k = 0; k < x; ++k) s = s * x + k;
    *o = s;
  }
}

// Completely unrolled: 45 multiply-adds in a row (the first iterations fold), no loop.
// CHECK-LABEL: .entry full(
// CHECK-COUNT-45: mad.lo.s32
// CHECK-NOT:   mad.lo.s32
// CHECK-NOT:   .pragma "nounroll"
// CHECK-LABEL: .entry kept(
// CHECK:         .pragma "nounroll";
// CHECK-NEXT:    mul.lo.s32
// CHECK-NEXT:    add.s32
// CHECK-NEXT:    add.s32
// CHECK-NEXT:    setp.ne.b32 {{.*}}, 48;
// CHECK-NEXT:    bra $L__BB1_{{[0-9]+}};
// CHECK-LABEL: .entry by_four(
// CHECK:         .pragma "nounroll";
// CHECK-NEXT:    mul.lo.s32
// CHECK-NEXT:    add.s32
// CHECK-NEXT:    mad.lo.s32
// CHECK-NEXT:    mad.lo.s32
// CHECK-NEXT:    mad.lo.s32
// CHECK:         add.s32 {{.*}}, 4;
// CHECK:         bra $L__BB2_{{[0-9]+}};
