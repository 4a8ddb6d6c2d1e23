// Lambdas and 16-bit floats. A lambda is a class whose call operator is a device function:
// by-value captures are copies in the closure, by-reference captures pointers to the locals,
// [this] the object's address and [*this] a copy of the object. simt::half and simt::bfloat16
// are f16 and bf16: kernel parameters, arithmetic in the 16-bit type, mixed with float in float.
// RUN: %simtc inspect %s --emit=ir-unopt | FileCheck %s
#include <simt/kernel.hpp>

struct Scaler {
  int factor;
  int run(int v) const {
    auto by_pointer = [this](int w) { return w * factor; };
    auto by_copy = [*this](int w) { return w - factor; };
    return by_copy(by_pointer(v));
  }
};

[[kernel]] void lambdas(simt::Slice<const int> in, simt::DisjointSlice<int> out) {
  auto i = simt::thread::index_1d();
  int total = 0, factor = 3;
  auto by_value = [factor](int v) { return v * factor; };
  auto by_reference = [&total](int v) { total += v; };
  by_reference(by_value(in[0]));
  Scaler s{2};
  if (auto o = out.get_mut(i)) *o = total + s.run(total);
}

[[kernel]] void halves(simt::half a, simt::bfloat16 b, simt::DisjointSlice<float> out) {
  auto i = simt::thread::index_1d();
  simt::half h = a * a + simt::half(1);
  simt::bfloat16 c = b / simt::bfloat16(3.0f);
  if (auto o = out.get_mut(i)) *o = float(h) + float(c) + a * 2.0f + float(int(a));
}

// Functions appear as they are first called: the lambdas of @lambdas, @halves, then Scaler's.
// [&total]: the closure holds a pointer to `total`.
// CHECK-LABEL: func @{{.*}}lambdas{{.*}}$_0clEi(ptr %this, i32 %v) {
// CHECK:         %[[REF:.*]] = load ptr, %this, align 8
// CHECK-NEXT:    %[[OLD:.*]] = load i32, %[[REF]], align 4
// CHECK-NEXT:    %[[NEW:.*]] = add i32 %[[OLD]], %{{.*}}
// CHECK-NEXT:    store %[[NEW]], %[[REF]], align 4
// [factor]: the closure holds the value.
// CHECK-LABEL: func @{{.*}}lambdas{{.*}}$_1clEi(ptr %this, i32 %v) -> i32 {
// CHECK:         %[[F:.*]] = load i32, %this, align 4
// CHECK-NEXT:    mul i32 %{{.*}}, %[[F]]

// CHECK-LABEL: kernel @halves(f16 %a, bf16 %b, ptr.global noalias %out.data, i64 %out.size) {
// CHECK:         %[[A1:.*]] = load f16, %a.1, align 2
// CHECK-NEXT:    %[[A2:.*]] = load f16, %a.1, align 2
// CHECK-NEXT:    %[[SQ:.*]] = fmul f16 %[[A1]], %[[A2]]
// CHECK-NEXT:    %[[ONE:.*]] = sitofp i32 1:i32 to f16
// CHECK-NEXT:    fadd f16 %[[SQ]], %[[ONE]]
// CHECK:         %[[THREE:.*]] = fptrunc f32 3:f32 to bf16
// CHECK-NEXT:    fdiv bf16 %{{.*}}, %[[THREE]]
// CHECK:         fpext f16 %{{.*}} to f32
// CHECK:         fpext bf16 %{{.*}} to f32
// CHECK:         %[[AF:.*]] = fpext f16 %{{.*}} to f32
// CHECK-NEXT:    fmul f32 %[[AF]], 2:f32
// CHECK:         fptosi f16 %{{.*}} to i32

// [*this]: `factor` is read from the copy inside the closure.
// CHECK-LABEL: func @_ZZNK6Scaler3runEiENKUliE0_clEi(ptr %this, i32 %w) -> i32 {
// CHECK:         %[[COPY:.*]] = load i32, %this, align 4
// CHECK-NEXT:    sub i32 %{{.*}}, %[[COPY]]
// [this]: through the captured pointer.
// CHECK-LABEL: func @_ZZNK6Scaler3runEiENKUliE_clEi(ptr %this, i32 %w) -> i32 {
// CHECK:         %[[OBJ:.*]] = load ptr, %this, align 8
// CHECK-NEXT:    %[[FACTOR:.*]] = load i32, %[[OBJ]], align 4
// CHECK-NEXT:    mul i32 %{{.*}}, %[[FACTOR]]
