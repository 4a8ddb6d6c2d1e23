// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>

[[kernel]] void k(simt::DisjointSlice<float, simt::space::Rows<64>> grid, simt::DisjointSlice<float> flat) {
  auto i = simt::thread::index_1d();
  if (auto o = grid.get_mut(i)) *o = 1.0f;
  auto t = simt::thread::index_tile<4>();
  if (auto o = flat.get_mut(t)) *o = 2.0f;
}

// CHECK: {{.*}}index_space_mismatch.cpp:6:21: error: DisjointSlice 'grid' of index space simt::space::Rows<64> is written with an index of simt::space::Linear: each space hands out its elements differently, so the writes could collide [simt-index-space]
// CHECK-NEXT: {{.*}}index_space_mismatch.cpp:6:29: note: take the index from simt::thread::index_2d<64>()
// CHECK-NEXT: {{.*}}index_space_mismatch.cpp:8:21: error: DisjointSlice 'flat' of index space simt::space::Linear is written with an index of simt::space::Tile<4>: each space hands out its elements differently, so the writes could collide [simt-index-space]
// CHECK-NEXT: {{.*}}index_space_mismatch.cpp:8:29: note: take the index from simt::thread::index_1d()
