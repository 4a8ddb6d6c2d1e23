// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
// The analyses treat inline PTX as opaque: its outputs vary between threads whatever the PTX
// computes, and it touches all of every buffer an operand points into (written under a
// "memory" clobber), so the safe accesses of other threads are checked against it.
#include <simt/kernel.hpp>

// A barrier under a branch on an asm output: divergent, though the PTX moves a constant.
[[kernel, simt::block(64)]] void barrier_after_asm(simt::DisjointSlice<unsigned> out) {
  unsigned v = 0;
  [[simt::unsafe]] {
    // Registers only.
    asm("mov.u32 %0, 0;" : "=r"(v));
  }
  if (v == 0) simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = v;
}

// A store through the buffer's address under a memory clobber (to the thread's own element,
// but simtc cannot see that), and the threads' safe writes of their own elements.
[[kernel, simt::block(64)]] void asm_store_and_safe_write(simt::DisjointSlice<float> out) {
  const size_t i = simt::thread::index_1d().get();
  if (i >= out.size()) return;
  [[simt::unsafe]] {
    // Element i is this thread's.
    float* p = out.data() + i;
    asm volatile("st.global.f32 [%0], %1;" ::"l"(p), "f"(1.0f) : "memory");
  }
  out.at_mut(i) = 2.0f;
}

// A load through a pointer operand, without a clobber: simtc takes the PTX to read all of the
// buffer the pointer points into, so the other threads' safe writes of it race with it.
[[kernel, simt::block(64)]] void asm_load_and_safe_write(simt::DisjointSlice<float> out) {
  const size_t i = simt::thread::index_1d().get();
  if (i >= out.size()) return;
  float v = 0.0f;
  [[simt::unsafe]] {
    // Reads element i, this thread's.
    const float* p = out.data() + i;
    asm volatile("ld.global.f32 %0, [%1];" : "=f"(v) : "l"(p));
  }
  out.at_mut(i) = v + 1.0f;
}

// A cache-hinted store through an owned handle is a write like `*o = v`: another thread's
// at_mut of the same element races with it.
[[kernel]] void hinted_store_races(simt::DisjointSlice<float> out) {
  if (auto o = out.get_mut(simt::thread::index_1d())) o.store<simt::cache::streaming>(1.0f);
  if (simt::block::index_y() != 0 || simt::block::index_z() != 0) return;
  out.at_mut(size_t(simt::block::index_x()) * simt::block::dim_x() + simt::thread::index_x() + 1) = 2.0f;
}

// CHECK: {{.*}}unsafe_inline_asm_analyses.cpp:14:15: error: barrier reached under thread-dependent control flow: threads that took the other branch never arrive [simt-divergent-barrier]
// CHECK-NEXT: {{.*}}unsafe_inline_asm_analyses.cpp:14:7: note: this branch depends on an output of inline assembly, which may differ between threads
// CHECK-NEXT: {{.*}}unsafe_inline_asm_analyses.cpp:28:17: error: threads may race on DisjointSlice 'out': simtc cannot prove that this write and a statement of inline assembly by another thread in one launch, unordered touch different bytes [simt-global-race]
// CHECK-NEXT: {{.*}}unsafe_inline_asm_analyses.cpp:26:5: note: the statement of inline assembly (not proven: simtc does not see what inline assembly touches)
// CHECK-NEXT: {{.*}}unsafe_inline_asm_analyses.cpp:42:17: error: threads may race on DisjointSlice 'out': simtc cannot prove that this write and a statement of inline assembly by another thread in one launch, unordered touch different bytes [simt-global-race]
// CHECK-NEXT: {{.*}}unsafe_inline_asm_analyses.cpp:40:5: note: the statement of inline assembly (not proven: simtc does not see what inline assembly touches)
// The hinted store is found as the plain store of global_race.cpp's owned_and_shifted is.
// CHECK-NEXT: {{.*}}unsafe_inline_asm_analyses.cpp:48:57: error: threads may race on DisjointSlice 'out': this write and a write by another thread run in one launch, unordered [simt-global-race]
// CHECK-NEXT: {{.*}}unsafe_inline_asm_analyses.cpp:50:99: note: the write (tid = (272, 0, 0) writes element 484638993 of DisjointSlice 'out', which tid = (273, 0, 0) writes)
// CHECK-NEXT: {{.*}}unsafe_inline_asm_analyses.cpp:50:99: error: threads may race on DisjointSlice 'out': this write and the same write by another thread run in one launch, unordered [simt-global-race]
// CHECK-NEXT: {{.*}}unsafe_inline_asm_analyses.cpp:50:99: note: the same write in another thread (tid = (0, 1, 21) and tid = (0, 0, 0) both write element 129 of DisjointSlice 'out')
