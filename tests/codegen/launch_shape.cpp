// A kernel whose contract fixes its block reads blockDim as constants after inlining, so
// index_1d() needs no %ntid reads and its 1-D launch test folds to the grid's part.
// RUN: %simtc build %s -o - | FileCheck %s
// RUN: %simtc build %s -o %t.ptx --ptxas
#include <simt/kernel.hpp>

[[kernel, simt::block(256)]] void fixed(simt::DisjointSlice<float> out) {
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = 1.0f;
}

[[kernel]] void free_shape(simt::DisjointSlice<float> out) {
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = 1.0f;
}

// CHECK-LABEL: .entry fixed(
// CHECK:       .reqntid 256, 1, 1
// CHECK-NOT:   %ntid
// CHECK:       mov.u32 {{.*}}%nctaid.y;
// CHECK-NOT:   %ntid
// CHECK:       ret;
// CHECK-LABEL: .entry free_shape(
// CHECK:       %ntid.y
// CHECK:       %ntid.x

// A bound (.maxntid) limits the block's total, not each dimension: a 2-D block of 32 x 8
// under max_threads(256) must still read %ntid.y.
[[kernel, simt::max_threads(256)]] void bounded(simt::DisjointSlice<float, simt::space::Rows<100>> out) {
  if (auto o = out.get_mut(simt::thread::index_2d<100>())) *o = 1.0f;
}
// CHECK-LABEL: .entry bounded(
// CHECK:       .maxntid 256, 1, 1
// CHECK:       %ntid.y
