// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>

struct Pair { float a; float b; };
struct Tagged { int tag = 0; float value; };

[[kernel]] void k(simt::DisjointSlice<float> out) {
  float sums[4];
  Pair p;
  Tagged t;
  Pair pairs[2];
  p.a = p.b = 1.0f;
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = sums[0] + p.a + t.value + pairs[0].a;
}

// CHECK: {{.*}}uninitialized_aggregate.cpp:8:9: error: local array 'sums' is not initialised; the checker does not track elements one by one: write '= {}' to start from zeros [simt-uninitialized]
// CHECK-NEXT: {{.*}}uninitialized_aggregate.cpp:9:8: error: 'p' is not initialised: member 'a' of 'Pair' has no initialiser; write 'p{}' to start from zeros [simt-uninitialized]
// CHECK-NEXT: {{.*}}uninitialized_aggregate.cpp:10:10: error: 't' is not initialised: member 'value' of 'Tagged' has no initialiser; write 't{}' to start from zeros [simt-uninitialized]
// CHECK-NEXT: {{.*}}uninitialized_aggregate.cpp:11:8: error: local array 'pairs' is not initialised; the checker does not track elements one by one: write '= {}' to start from zeros [simt-uninitialized]
