// C++'s promotions and signedness reach the IR as Clang spells them out.
// RUN: %simtc inspect %s --emit=ir | FileCheck %s
#include <cstdint>
#include <simt/kernel.hpp>

[[kernel]] void promote(std::int8_t a, std::int8_t b, unsigned u, int s, std::uint16_t h,
                        simt::DisjointSlice<int> out) {
  int sum = a + b;
  unsigned lu = u >> 3;
  int ls = s >> 3;
  int hs = h * 2;
  unsigned ud = u / 7u;
  int sd = s / 7;
  int sr = s % 5;
  long long wide = s;
  unsigned long long uwide = u;
}

// CHECK-LABEL: kernel @promote(i8 %a, i8 %b, i32 %u, i32 %s, i16 %h, ptr.global noalias %out.data, i64 %out.size) {
// CHECK:      %[[A:.*]] = load i8, %a.1, align 1
// CHECK-NEXT: %[[AW:.*]] = sext i8 %[[A]] to i32
// CHECK-NEXT: %[[B:.*]] = load i8, %b.1, align 1
// CHECK-NEXT: %[[BW:.*]] = sext i8 %[[B]] to i32
// CHECK-NEXT: %[[SUM:.*]] = add i32 %[[AW]], %[[BW]]
// CHECK-NEXT: store %[[SUM]], %sum, align 4
// CHECK:      lshr i32 %{{.*}}, 3:i32
// CHECK:      ashr i32 %{{.*}}, 3:i32
// CHECK:      %[[H:.*]] = load i16, %h.1, align 2
// CHECK-NEXT: %[[HW:.*]] = zext i16 %[[H]] to i32
// CHECK-NEXT: mul i32 %[[HW]], 2:i32
// CHECK:      udiv i32 %{{.*}}, 7:i32
// CHECK:      sdiv i32 %{{.*}}, 7:i32
// CHECK:      srem i32 %{{.*}}, 5:i32
// CHECK:      sext i32 %{{.*}} to i64
// CHECK:      zext i32 %{{.*}} to i64
