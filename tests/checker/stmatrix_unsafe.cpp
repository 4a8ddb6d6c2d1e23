// stmatrix writes shared memory through the raw row addresses the lanes pass: Tier 3, like
// ldmatrix, directly and through a safe helper (whose raw address is Tier 2 as well).
// RUN: not %simtc check --arch sm_90 -fno-caret-diagnostics %s 2>&1 | FileCheck %s --implicit-check-not=error:
#include <simt/kernel.hpp>

using Tile = simt::SharedArray<uint16_t, 64, 16>;

void store_rows(Tile& tile, uint32_t r) { simt::mma::stmatrix_x1_trans(tile.data(), r); }

[[kernel, simt::block(32)]] void outside_unsafe(simt::DisjointSlice<uint16_t> out) {
  Tile tile;
  simt::mma::stmatrix_x4(tile.data(), 1, 2, 3, 4);
  store_rows(tile, 5);
}

// CHECK-DAG: stmatrix_unsafe.cpp:12:3: error: 'simt::mma::stmatrix_x4' requires an unsafe block: call it inside {{\[\[}}simt::unsafe{{\]\]}} { ... } with a comment saying why it is safe [simt-unsafe]
// CHECK-DAG: stmatrix_unsafe.cpp:12:{{[0-9]+}}: error: 'simt::SharedArray<unsigned short, 64, 16>::data' requires an unsafe block
// CHECK-DAG: stmatrix_unsafe.cpp:8:43: error: 'simt::mma::stmatrix_x1_trans' requires an unsafe block: call it inside {{\[\[}}simt::unsafe{{\]\]}} { ... } with a comment saying why it is safe [simt-unsafe]
// CHECK-DAG: stmatrix_unsafe.cpp:8:{{[0-9]+}}: error: 'simt::SharedArray<unsigned short, 64, 16>::data' requires an unsafe block
