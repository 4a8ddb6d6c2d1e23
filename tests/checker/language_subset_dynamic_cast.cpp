// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>

struct Base { virtual ~Base() {} };
struct Derived : Base {};
void probe(Base& b) { auto* d = dynamic_cast<Derived*>(&b); }
[[kernel]] void k(simt::DisjointSlice<int> out) {
  Derived d;
  probe(d);
}

// CHECK: {{.*}}language_subset_dynamic_cast.cpp:8:11: error: types with a non-trivial destructor are not supported in kernel code: 'd' is 'Derived' (its destructor would not run) [simt-language-subset]
// CHECK-NEXT: {{.*}}language_subset_dynamic_cast.cpp:6:33: error: RTTI is not supported in kernel code: 'dynamic_cast' [simt-language-subset]
