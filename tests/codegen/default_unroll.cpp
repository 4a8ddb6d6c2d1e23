// A strided loop over a slice is split by inductive range check elimination into a checked
// start, an unchecked middle and a checked end, and the middle, whose trip count is known only
// at run time, is unrolled by 4 (nvcc's default): four loads issue back to back with no bounds
// check between them. A user's hint wins. A 32-bit counter that may wrap has no computable
// trip count, so that loop keeps its checks and stays rolled, unless a requirement bounds the
// limit so that the step cannot wrap (docs/performance.md).
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

// A 32-bit counter stepping by 256 over `cols` columns, under the given requirements.
#define NARROW_KERNEL(name, ...)                                                                       \
  [[kernel, simt::block(256), ##__VA_ARGS__]] void name(uint32_t cols, simt::Slice<const float> in,    \
                                                        simt::DisjointSlice<float> out) {              \
    float sum = 0.0f;                                                                                 \
    for (uint32_t j = simt::thread::index_x(); j < cols; j += 256) sum += in[j];                      \
    if (auto o = out.get_mut(simt::thread::index_1d())) *o = sum;                                     \
  }

NARROW_KERNEL(narrow)
// A requirement that bounds the limit so that `j + 256` cannot wrap gives the 32-bit loop a
// trip count (the requirement becomes the parameter's range): unrolled, in 32-bit arithmetic.
NARROW_KERNEL(narrow_bounded, simt::requires("in.size() >= cols", "cols + 256 <= 4294967296"))
// The same bound written the other way round.
NARROW_KERNEL(narrow_swapped, simt::requires("in.size() >= cols", "4294967040 >= cols"))
// One short: with cols = 2^32 - 255, j = 2^32 - 256 is below cols and `j + 256` wraps to 0.
NARROW_KERNEL(narrow_one_short, simt::requires("in.size() >= cols", "cols + 255 <= 4294967296"))

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
// CHECK-LABEL: .entry narrow_bounded(
// CHECK:       .pragma "nounroll";
// CHECK-NEXT:  ld.global.nc.b32
// CHECK:       ld.global.nc.b32
// CHECK-NEXT:  add.f32
// CHECK-NEXT:  ld.global.nc.b32
// CHECK-NEXT:  add.f32
// CHECK-NEXT:  ld.global.nc.b32
// CHECK-NEXT:  add.f32
// CHECK-NEXT:  ld.global.nc.b32
// CHECK:       setp.lt.u32
// CHECK-NOT:   ld.global.nc.b32
// CHECK:       ret;
// CHECK-LABEL: .entry narrow_swapped(
// CHECK:       .pragma "nounroll";
// CHECK-NEXT:  ld.global.nc.b32
// CHECK:       ld.global.nc.b32
// CHECK-NEXT:  add.f32
// CHECK-NEXT:  ld.global.nc.b32
// CHECK-NEXT:  add.f32
// CHECK-NEXT:  ld.global.nc.b32
// CHECK-NEXT:  add.f32
// CHECK-NEXT:  ld.global.nc.b32
// CHECK-NOT:   ld.global.nc.b32
// CHECK:       ret;
// CHECK-LABEL: .entry narrow_one_short(
// CHECK:       ld.global.nc.b32
// CHECK-NOT:   ld.global.nc.b32
// CHECK:       ret;
