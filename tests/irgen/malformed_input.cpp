// Malformed C++ gets Clang's own errors, at their locations, and a non-zero exit; no stage
// after the parser runs, so nothing crashes on the broken AST.
// RUN: not %simtc build %s -o %t.ptx -fno-caret-diagnostics 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=internal
// RUN: not %simtc check %s -fno-caret-diagnostics 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=internal
#include <simt/kernel.hpp>

[[kernel]] void broken(simt::Slice<const int> in, simt::DisjointSlice<int> out) {
  auto i = simt::thread::index_1d();
  int x = in[i.get()]
  if (auto o = out.get_mut(i)) *o = x;
}

int helper(int v) { return v + undeclared; }

// CHECK: {{.*}}malformed_input.cpp:9:22: error: expected ';' at end of declaration
// CHECK: {{.*}}malformed_input.cpp:13:32: error: use of undeclared identifier 'undeclared'
