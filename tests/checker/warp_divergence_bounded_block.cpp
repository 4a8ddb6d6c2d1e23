// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
// A contract that only bounds the block (simt::max_threads) lets a checked launch use a block
// of 100 threads, whose last warp is partial: a full-mask operation is reported there. An exact
// block of a multiple of 32 threads is fine.
#include <simt/kernel.hpp>

[[kernel, simt::max_threads(256)]] void bounded(simt::DisjointSlice<float> out) {
  float v = simt::warp::reduce_add(simt::warp::full_mask, float(simt::thread::index_x()));
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

[[kernel, simt::block(128)]] void exact(simt::DisjointSlice<float> out) {
  float v = simt::warp::reduce_add(simt::warp::full_mask, float(simt::thread::index_x()));
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

// CHECK: {{.*}}warp_divergence_bounded_block.cpp:8:13: error: warp operation with the full mask in a kernel whose block is only bounded: a block whose thread count is not a multiple of 32 has a partial last warp, whose missing lanes never arrive [simt-warp-divergence]
// CHECK-NEXT: {{.*}}warp_divergence_bounded_block.cpp:7:41: note: the launch contract allows any block of up to 256 threads; fix the shape with simt::block(...) (a multiple of 32 threads)
