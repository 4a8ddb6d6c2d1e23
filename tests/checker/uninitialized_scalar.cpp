// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>

[[kernel]] void k(bool flag, simt::DisjointSlice<float> out) {
  float acc;
  float partial;
  if (flag) partial = 1.0f;
  int steps;
  for (int j = 0; j < 4; ++j) steps = j;
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = acc + partial + float(steps);
}

// CHECK: {{.*}}uninitialized_scalar.cpp:10:60: error: 'acc' is read before it is assigned [simt-uninitialized]
// CHECK-NEXT: {{.*}}uninitialized_scalar.cpp:5:9: note: 'acc' is declared here without a value; give it one
// CHECK-NEXT: {{.*}}uninitialized_scalar.cpp:10:66: error: 'partial' may be read before it is assigned: not every path to here assigns it [simt-uninitialized]
// CHECK-NEXT: {{.*}}uninitialized_scalar.cpp:6:9: note: 'partial' is declared here without a value; give it one
// CHECK-NEXT: {{.*}}uninitialized_scalar.cpp:10:82: error: 'steps' may be read before it is assigned: not every path to here assigns it [simt-uninitialized]
// CHECK-NEXT: {{.*}}uninitialized_scalar.cpp:8:7: note: 'steps' is declared here without a value; give it one
