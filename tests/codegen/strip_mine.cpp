// Strip mining (compiler/codegen/strip_mine.cpp): a loop with a run-time trip count and a
// 32-bit count runs its iterations 16 at a time when it has 16 or more, all 16 loads issued
// from one pointer at constant offsets, then the rest unrolled by 4 (as the short trips are).
// The short trips pay one comparison, `trips - 1 > 15` with the loop's own `trips - 1` (a
// thread's columns, (cols - 1 - t) / 256 + 1, so `cols + ~t` against 15 * 256 + 255 = 3839).
// A body of three loads runs 8 at a time (24 loads); a 64-bit count and loads from shared
// memory alone get no runs.
// RUN: %simtc build %s -o - | FileCheck %s
// RUN: %simtc build %s -o %t.ptx --ptxas
#include <simt/kernel.hpp>

#define REQUIREMENTS                                                                              \
  simt::requires("in.size() >= cols", "gamma.size() >= cols", "beta.size() >= cols",             \
                 "cols + 256 <= 4294967296")
#define STRIDED_KERNEL(name, counter, body)                                                       \
  [[kernel, simt::block(256), REQUIREMENTS]] void name(uint32_t cols, simt::Slice<const float> in, \
                                                       simt::Slice<const float> gamma,             \
                                                       simt::Slice<const float> beta,              \
                                                       simt::DisjointSlice<float> out) {           \
    float sum = 0.0f;                                                                             \
    for (counter j = simt::thread::index_x(); j < cols; j += 256) sum += body;                    \
    if (auto o = out.get_mut(simt::thread::index_1d())) *o = sum;                                 \
  }

STRIDED_KERNEL(one_load, uint32_t, in[j])
STRIDED_KERNEL(three_loads, uint32_t, in[j] * gamma[j] + beta[j])
STRIDED_KERNEL(wide_counter, size_t, in[j])

[[kernel, simt::block(256), simt::dynamic_shared(0, 16384), simt::requires("cols + 256 <= 4294967296")]]
void shared_only(uint32_t cols, simt::DisjointSlice<float> out) {
  auto cache = simt::dynamic_shared<float>();
  float sum = 0.0f;
  for (uint32_t j = simt::thread::index_x(); j < cols; j += 256) sum += cache[j];
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = sum;
}

// CHECK-LABEL: .entry one_load(
// CHECK:       setp.gt.u32 %p{{[0-9]+}}, %r{{[0-9]+}}, 3839;
// CHECK:       ld.global.nc.b32 %r{{[0-9]+}}, [%rd[[P:[0-9]+]]+-8192];
// CHECK-NEXT:  add.f32
// CHECK-NEXT:  ld.global.nc.b32 %r{{[0-9]+}}, [%rd[[P]]+-7168];
// CHECK-COUNT-13: ld.global.nc.b32 %r{{[0-9]+}}, [%rd[[P]]{{(\+-?[0-9]+)?}}];
// CHECK:       ld.global.nc.b32 %r{{[0-9]+}}, [%rd[[P]]+7168];
// CHECK-NEXT:  add.f32
// CHECK-NEXT:  add.s32 %r{{[0-9]+}}, %r{{[0-9]+}}, 4096;
// CHECK-NEXT:  add.s32 %r{{[0-9]+}}, %r{{[0-9]+}}, -16;
// CHECK-NEXT:  add.s64 %rd[[P]], %rd[[P]], 16384;
// CHECK-LABEL: .entry three_loads(
// CHECK:       setp.gt.u32 %p{{[0-9]+}}, %r{{[0-9]+}}, 1791;
// CHECK-COUNT-24: ld.global.nc.b32 %r{{[0-9]+}}, [%rd{{[0-9]+}}{{(\+-?[0-9]+)?}}];
// CHECK:       add.s32 %r{{[0-9]+}}, %r{{[0-9]+}}, 2048;
// CHECK-NEXT:  add.s32 %r{{[0-9]+}}, %r{{[0-9]+}}, -8;
// CHECK-LABEL: .entry wide_counter(
// CHECK-NOT:   setp.gt
// CHECK-COUNT-5: ld.global.nc.b32
// CHECK-NOT:   ld.global
// CHECK:       ret;
// CHECK-LABEL: .entry shared_only(
// CHECK-NOT:   setp.gt
// CHECK-NOT:   ld.global
// CHECK:       ret;
