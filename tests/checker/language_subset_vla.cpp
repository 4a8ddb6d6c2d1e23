// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>

// No rule needed: Clang itself rejects variable-length arrays for the GPU target.
[[kernel]] void scratch(simt::Slice<const int> in, simt::DisjointSlice<int> out) {
  auto i = simt::thread::index_1d();
  int n = in[0] & 15;
  int buffer[n];
  buffer[0] = n;
  if (auto o = out.get_mut(i)) *o = buffer[0];
}

// CHECK: {{.*}}language_subset_vla.cpp:8:14: warning: variable length arrays in C++ are a Clang extension [-Wvla-cxx-extension]
// CHECK-NEXT: {{.*}}language_subset_vla.cpp:8:14: note: read of non-const variable 'n' is not allowed in a constant expression
// CHECK-NEXT: {{.*}}language_subset_vla.cpp:7:7: note: declared here
// CHECK-NEXT: {{.*}}language_subset_vla.cpp:8:13: error: variable length arrays are not supported for the current target
