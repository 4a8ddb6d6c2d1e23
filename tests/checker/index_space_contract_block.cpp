// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
#include <simt/kernel.hpp>

[[kernel, simt::block(16, 16)]] void flat_in_2d(simt::DisjointSlice<float> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) *o = 1.0f;
}
[[kernel, simt::block(8, 8, 4)]] void rows_in_3d(simt::DisjointSlice<float, simt::space::Rows<64>> out) {
  auto i = simt::thread::index_2d<64>();
  if (auto o = out.get_mut(i)) *o = 1.0f;
}

// CHECK: {{.*}}index_space_contract_block.cpp:5:12: error: kernel 'flat_in_2d' declares simt::block(16, 16, 1), a block with more than one thread in y or z: under it simt::thread::index_1d() is invalid for every thread and writes through it do nothing [simt-index-space]
// CHECK-NEXT: {{.*}}index_space_contract_block.cpp:9:12: error: kernel 'rows_in_3d' declares simt::block(8, 8, 4), a block with more than one thread in z: under it simt::thread::index_2d() is invalid for every thread and writes through it do nothing [simt-index-space]
