// A kernel's C++ parameters become PTX parameters: slices as data + size, structs as one
// parameter per scalar leaf; read-only slices are noalias readonly, outputs noalias.
// RUN: %simtc inspect %s --emit=ir-unopt | FileCheck %s
#include <cstdint>
#include <simt/kernel.hpp>

struct Vec2 { float x, y; };
struct Params {
  Vec2 origin;
  float w[2];
  std::int64_t count;
  bool flag;
};

[[kernel]] void abi(Params p, bool b, simt::Slice<const Vec2> in, simt::DisjointSlice<double> out) {}

// CHECK:      kernel @abi(f32 %p.origin.x, f32 %p.origin.y, f32 %p.w_0_, f32 %p.w_1_, i64 %p.count, i8 %p.flag, i8 %b, ptr.global noalias readonly %in.data, i64 %in.size, ptr.global noalias %out.data, i64 %out.size) {
// CHECK:        store %p.origin.x, %p, align 4
// CHECK-NEXT:   %[[Y:.*]] = ptr_add inbounds %p, 4:i64
// CHECK-NEXT:   store %p.origin.y, %[[Y]], align 4
// CHECK:        %[[C:.*]] = ptr_add inbounds %p, 16:i64
// CHECK-NEXT:   store %p.count, %[[C]], align 8
// CHECK:        %[[IN:.*]] = addrspacecast ptr.global %in.data to ptr
// CHECK-NEXT:   store %[[IN]], %in, align 8
