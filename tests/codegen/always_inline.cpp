// A function declared always_inline (GNU or C++11 spelling, a lambda too) is inlined into its
// callers at every optimization level, as Clang does; at -O0 the other user functions stay
// calls (the PTX keeps their .func).
// RUN: %simtc build %s -O0 -o - | FileCheck %s --implicit-check-not=forced --implicit-check-not=_ZZ1k
// RUN: %simtc build %s -o - | FileCheck %s --check-prefix=O3
#include <simt/kernel.hpp>

int kept(int x) { return x * 3 + 1; }
__attribute__((always_inline)) int forced(int x) { return x * 5 + 2; }
[[gnu::always_inline]] inline int forced_cxx11(int x) { return x * 7 + 3; }

[[kernel]] void k(simt::DisjointSlice<int> out) {
  auto lambda = [](int x) __attribute__((always_inline)) { return x * 11 + 4; };
  const auto i = simt::thread::index_1d();
  const int t = int(i.get());
  if (auto slot = out.get_mut(i)) *slot = kept(t) + forced(t) + forced_cxx11(t) + lambda(t);
}

// CHECK:     .func (.param .b32 func_retval0) _Z4kepti
// CHECK:     .visible .entry k(
// CHECK:     call.uni (retval0), _Z4kepti, (param0);
// O3:        .visible .entry k(
// O3-NOT:    _Z4kepti
