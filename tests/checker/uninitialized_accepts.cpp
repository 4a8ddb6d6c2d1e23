// RUN: %simtc check %s 2>&1 | count 0
// RUN: %simtc build %s -o /dev/null 2>&1 | count 0
// Locals that get a value on every path before it is read.
#include <simt/kernel.hpp>

struct Pair { float a; float b; };
struct Tagged { int tag = 0; float value = 1.0f; };
struct Ctor { float v; Ctor() : v(2.0f) {} };

float pick(bool flag) {
  float r;
  if (flag) r = 1.0f;
  else r = 2.0f;
  return r;
}

[[kernel]] void k(bool flag, simt::DisjointSlice<float> out) {
  float sums[4] = {};
  Pair p{};
  Pair q = {1.0f, 2.0f};
  Tagged t;
  Ctor c;
  int n;
  n = 3;
  for (int j = 0; j < n; ++j) sums[j] = float(j);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = sums[1] + p.a + q.b + t.value + c.v + pick(flag);
}
