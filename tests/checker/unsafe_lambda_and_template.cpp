// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
// A lambda defined inside an unsafe block is Tier 2 code; one defined outside is not, and
// neither is a template instantiated from outside an unsafe block.
#include <simt/kernel.hpp>

template <class T>
void poke(simt::DisjointSlice<T>& out) {
  out.get_unchecked_mut(0) = T(1);
}

[[kernel]] void k(simt::DisjointSlice<float> out) {
  [[simt::unsafe]] {
    // Only thread 0 of the grid runs this, and out has an element 0 (the host checks it).
    auto inside = [&] { out.get_unchecked_mut(0) = 1.0f; };
    inside();
  }
  auto outside = [&] { out.get_unchecked_mut(1) = 2.0f; };
  outside();
  poke(out);
}

// CHECK: {{.*}}unsafe_lambda_and_template.cpp:17:28: error: 'simt::DisjointSlice<float>::get_unchecked_mut' requires an unsafe block: call it inside {{\[\[}}simt::unsafe{{\]\]}} { ... } with a comment saying why it is safe [simt-unsafe]
// CHECK-NEXT: {{.*}}unsafe_lambda_and_template.cpp:8:7: error: 'simt::DisjointSlice<float>::get_unchecked_mut' requires an unsafe block: call it inside {{\[\[}}simt::unsafe{{\]\]}} { ... } with a comment saying why it is safe [simt-unsafe]
