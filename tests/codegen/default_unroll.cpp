// A strided loop over a slice is split by inductive range check elimination into a checked
// start, an unchecked middle and a checked end, and the middle, whose trip count is known only
// at run time, is unrolled by 4 (nvcc's default): four loads issue back to back with no bounds
// check between them. A user's hint wins. A 32-bit counter that may wrap has no computable
// trip count, so that loop keeps its checks and stays rolled (docs/performance.md).
// RUN: %simtc build %s -o - | FileCheck %s
// RUN: %simtc build %s -o %t.ptx --ptxas
#include <simt/kernel.hpp>

[[kernel, simt::block(256)]] void strided(uint32_t cols, simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  float sum = 0.0f;
  for (size_t j = simt::thread::index_x(); j < cols; j += 256) sum += in[j];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = sum;
}

[[kernel, simt::block(256)]] void hinted(uint32_t cols, simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  float sum = 0.0f;
#pragma unroll 1
  for (size_t j = simt::thread::index_x(); j < cols; j += 256) sum += in[j];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = sum;
}

[[kernel, simt::block(256)]] void narrow(uint32_t cols, simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  float sum = 0.0f;
  for (uint32_t j = simt::thread::index_x(); j < cols; j += 256) sum += in[j];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = sum;
}

// CHECK-LABEL: .entry strided(
// CHECK:       ld.global.nc.b32 %r{{[0-9]+}}, [%rd[[P:[0-9]+]]+-2048];
// CHECK-NEXT:  add.f32
// CHECK-NEXT:  ld.global.nc.b32 %r{{[0-9]+}}, [%rd[[P]]+-1024];
// CHECK-NEXT:  add.f32
// CHECK-NEXT:  ld.global.nc.b32 %r{{[0-9]+}}, [%rd[[P]]];
// CHECK-NEXT:  add.f32
// CHECK-NEXT:  ld.global.nc.b32 %r{{[0-9]+}}, [%rd[[P]]+1024];
// CHECK-LABEL: .entry hinted(
// CHECK-NOT:   ld.global.nc.b32 {{.*}}+1024]
// CHECK-LABEL: .entry narrow(
// CHECK:       ld.global.nc.b32
// CHECK-NOT:   ld.global.nc.b32
// CHECK:       ret;
