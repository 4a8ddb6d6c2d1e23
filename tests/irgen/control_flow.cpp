// Loops, break/continue, short-circuit && and switch with fallthrough.
// RUN: %simtc inspect %s --emit=ir | FileCheck %s
#include <simt/kernel.hpp>

int classify(int x) {
  switch (x) {
    case 0: return 10;
    case 1:
    case 2: x += 5; [[fallthrough]];
    case 3: return x;
    default: break;
  }
  return -1;
}

[[kernel]] void loops(int n, simt::DisjointSlice<int> out) {
  int acc = 0;
  for (int k = 0; k < n; ++k) {
    if (k == 1 && n > 2) continue;
    if (k > 10) break;
    acc += classify(k);
  }
  int j = 0;
  while (j < n) ++j;
  do { --j; } while (j > 0);
}

// CHECK-LABEL: kernel @loops(
// CHECK:      for.cond:
// CHECK:        cond_br %{{.*}}, for.body, for.end
// CHECK:      for.body:
// CHECK:        cond_br %{{.*}}, land.rhs, land.end
// CHECK:      land.end:
// CHECK-NEXT:   %[[AND:.*]] = phi i1 [false, for.body], [%{{.*}}, land.rhs]
// CHECK-NEXT:   cond_br %[[AND]], for.inc, if.end
// CHECK:        cond_br %{{.*}}, for.end, if.end.1
// CHECK:        call i32 @_Z8classifyi(
// CHECK:      while.cond:
// CHECK:      do.body:
// CHECK:        cond_br %{{.*}}, do.body, do.end

// CHECK-LABEL: func @_Z8classifyi(i32 %x) -> i32 {
// The empty block of 'case 1:' is forwarded to 'case 2:'.
// CHECK:        switch %{{.*}}, sw.default [0:i32, sw.case], [1:i32, sw.case.1], [2:i32, sw.case.1], [3:i32, sw.case.2]
