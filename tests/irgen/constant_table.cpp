// constexpr tables at namespace scope become read-only globals; a run-time index into a
// local or constant array is bounds-checked.
// RUN: %simtc inspect %s --emit=ir | FileCheck %s
#include <simt/kernel.hpp>

constexpr float kTable[4] = {1.0f, 2.0f, 3.0f, 4.0f};
constexpr int kScale = 3;

[[kernel]] void lookup(int k, simt::DisjointSlice<float> out) {
  float local[3] = {0.5f, 1.5f, 2.5f};
  float x = local[k] * kTable[k] * kScale;
  float fixed = local[2];
}

// CHECK:      global @const.kTable : const, size 16, align 4 = bytes "0000803f000000400000404000008040"
// CHECK-LABEL: kernel @lookup(
// CHECK:        %[[I:.*]] = sext i32 %{{.*}} to i64
// CHECK-NEXT:   %[[OK:.*]] = icmp ult i64 %[[I]], 3:i64
// CHECK-NEXT:   cond_br %[[OK]], check.ok, check.fail
// CHECK-NEXT: check.fail:
// CHECK-NEXT:   intrinsic void bounds_fail(%[[I]], 3:i64)
// CHECK-NEXT:   unreachable
// CHECK:        addrspacecast ptr.const @const.kTable to ptr
// CHECK:        icmp ult i64 %{{.*}}, 4:i64
// CHECK:        sitofp i32 3:i32 to f32
// CHECK-NOT:    check.fail.2
// CHECK:        ret
