// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
// A simt::Constant is read-only memory that stays fixed while a kernel runs: a read at an index
// every thread of the block shares is the same value in all of them (a barrier under it is
// reached by the whole block), a read at the thread's own index is not.
#include <simt/kernel.hpp>

simt::Constant<uint32_t, 8> limits;

float tap(const simt::Constant<uint32_t, 8>& c, uint32_t t) { return float(c[t]); }

[[kernel, simt::block(128)]] void uniform_index(uint32_t k, simt::DisjointSlice<float> out) {
  if (limits[k % 8] > 3) simt::sync_threads();
  for (uint32_t step = 0; step < limits[0]; ++step) simt::sync_threads();
  if (tap(limits, simt::block::index_x() % 8) > 1.0f) simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = tap(limits, k % 8);
}

[[kernel, simt::block(128)]] void thread_index(simt::DisjointSlice<float> out) {
  if (limits[simt::thread::index_x() % 8] > 3) simt::sync_threads();
}

// CHECK: {{.*}}constant_memory_uniform.cpp:19:48: error: barrier reached under thread-dependent control flow: threads that took the other branch never arrive [simt-divergent-barrier]
// CHECK-NEXT: {{.*}}constant_memory_uniform.cpp:19:7: note: this branch depends on a value read from memory that threads write, which may differ between threads
