// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>

struct MySpace {};
[[kernel]] void k(simt::DisjointSlice<float, MySpace> out) {}

// CHECK: {{.*}}kernel_signature_index_space.cpp:5:55: error: kernel 'k' parameter 'out' has type 'simt::DisjointSlice<float, MySpace>', which a kernel cannot take: its index space is not one of simt::space::Linear, Rows<W>, RuntimeRows or Tile<N> [simt-kernel-signature]
