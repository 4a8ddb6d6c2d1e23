// Subscripts of vector_size and ext_vector_type vectors in a [[simt::unsafe]] block address the
// element in the vector's memory (a run-time index is bounds-checked against the lane count,
// as a local array's is), for reads and writes.
// RUN: %simtc inspect %s --emit=ir-unopt | FileCheck %s
// RUN: %simtc build %s -o %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o %t.cubin %}
#include <simt/kernel.hpp>

typedef float float4v __attribute__((vector_size(16)));
typedef int int2e __attribute__((ext_vector_type(2)));

[[kernel]] void lanes(simt::Slice<const float> in, simt::Slice<const int> k, simt::DisjointSlice<float> out) {
  auto i = simt::thread::index_1d();
  float r = 0;
  [[simt::unsafe]] {
    float4v v;
    int2e w;
    v[1] = in[i.get()];
    w[1] = 3;
    r = v[1] + float(w[1]) + v[k[0] & 3];
  }
  if (auto o = out.get_mut(i)) *o = r;
}

// CHECK-LABEL: kernel @lanes(
// CHECK:         %v = alloca 16, align 16
// CHECK:         %w = alloca 8, align 8
// CHECK:         [[OFF:%[0-9]+]] = mul i64 {{%[0-9]+}}, 4:i64
// CHECK-NEXT:    [[AT:%[0-9]+]] = ptr_add %v, [[OFF]]
// CHECK-NEXT:    store {{%[0-9]+}}, [[AT]], align 4
// CHECK:         ptr_add %w,
// CHECK:         store 3:i32,
// CHECK:         [[IDX:%[0-9]+]] = sext i32 {{%[0-9]+}} to i64
// CHECK-NEXT:    [[OK:%[0-9]+]] = icmp ult i64 [[IDX]], 4:i64
// CHECK-NEXT:    cond_br [[OK]], check.ok, check.fail
// CHECK:       check.ok:
// CHECK-NEXT:    [[OFF2:%[0-9]+]] = mul i64 [[IDX]], 4:i64
// CHECK-NEXT:    [[AT2:%[0-9]+]] = ptr_add %v, [[OFF2]]
// CHECK-NEXT:    load f32, [[AT2]], align 4
