// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
// A thread's index in a dimension is always below the block's extent there: `t < blockDim.x`,
// and `t < 256` under simt::block(256), hold in every thread, so the barrier they guard is
// reached by the whole block. `t < 255` does not hold in thread 255, and `t < blockDim.y` compares
// with another dimension.
#include <simt/kernel.hpp>

[[kernel, simt::max_threads(256)]] void below_extent(simt::DisjointSlice<float> out) {
  const uint32_t t = simt::thread::index_x();
  if (t < simt::block::dim_x()) simt::sync_threads();
  if (simt::block::dim_x() > t) simt::sync_threads();
  if (t < simt::block::dim_y()) simt::sync_threads();  // another dimension's extent: divergent
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = float(t);
}

[[kernel, simt::block(256)]] void below_contract(simt::DisjointSlice<float> out) {
  const uint32_t t = simt::thread::index_x();
  if (t < 256) simt::sync_threads();
  if (t < 255) simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = float(t);
}

// CHECK: {{.*}}divergent_barrier_thread_bound.cpp:12:33: error: barrier reached under thread-dependent control flow: threads that took the other branch never arrive [simt-divergent-barrier]
// CHECK-NEXT: {{.*}}divergent_barrier_thread_bound.cpp:12:7: note: this branch depends on the thread index
// CHECK-NEXT: {{.*}}divergent_barrier_thread_bound.cpp:19:16: error: barrier reached under thread-dependent control flow: threads that took the other branch never arrive [simt-divergent-barrier]
// CHECK-NEXT: {{.*}}divergent_barrier_thread_bound.cpp:19:7: note: this branch depends on the thread index
