// Float and double arithmetic, conversions both ways, and comparisons.
// RUN: %simtc inspect %s --emit=ir | FileCheck %s
#include <simt/kernel.hpp>

[[kernel]] void fp(float f, double d, int i, unsigned u, simt::DisjointSlice<float> out) {
  double wide = f * 2.0;
  float narrow = float(d);
  float fi = i;
  float fu = u;
  int back = int(f);
  unsigned uback = unsigned(d);
  bool less = f < 1.5f;
  bool truthy = d;
  float neg = -f;
}

// CHECK-LABEL: kernel @fp(
// CHECK:      %[[F:.*]] = load f32, %f.1, align 4
// CHECK-NEXT: %[[FW:.*]] = fpext f32 %[[F]] to f64
// CHECK-NEXT: fmul f64 %[[FW]], 2:f64
// CHECK:      fptrunc f64 %{{.*}} to f32
// CHECK:      sitofp i32 %{{.*}} to f32
// CHECK:      uitofp i32 %{{.*}} to f32
// CHECK:      fptosi f32 %{{.*}} to i32
// CHECK:      fptoui f64 %{{.*}} to i32
// CHECK:      fcmp olt f32 %{{.*}}, 1.5:f32
// CHECK:      fcmp une f64 %{{.*}}, 0:f64
// CHECK:      fneg f32
