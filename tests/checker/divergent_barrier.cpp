// RUN: not %simtc check -fno-caret-diagnostics %s 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
// RUN: not %simtc build %s -o /dev/null 2>&1 | FileCheck %s --match-full-lines --implicit-check-not=error:
// Barriers that only some threads of the block reach, however the code tries to hide it.
#include <simt/kernel.hpp>

void helper() { simt::sync_threads(); }

[[kernel, simt::block(128)]] void in_branch(uint32_t n) {
  if (simt::thread::index_x() < n) simt::sync_threads();
}

[[kernel, simt::block(128)]] void in_helper(uint32_t n) {
  if (simt::thread::index_x() < n) helper();
}

[[kernel, simt::block(128)]] void in_lambda() {
  auto wait = [] { simt::sync_threads(); };
  if (simt::thread::index_x() % 2 == 0) wait();
}

[[kernel, simt::block(128)]] void through_alias(uint32_t n) {
  const uint32_t t = simt::thread::index_x();
  uint32_t copy = t;
  copy += 1;
  if (copy > n) simt::sync_threads();
}

[[kernel, simt::block(128)]] void after_return(uint32_t n) {
  if (simt::thread::index_x() >= n) return;
  simt::sync_threads();
}

[[kernel, simt::block(128)]] void after_break(uint32_t n) {
  for (uint32_t i = 0; i < n; ++i) {
    if (i == simt::thread::index_x()) break;
    simt::sync_threads();
  }
}

[[kernel, simt::block(128)]] void after_continue(uint32_t n) {
  for (uint32_t i = 0; i < n; ++i) {
    if (i == simt::thread::index_x()) continue;
    simt::sync_threads();
  }
}

[[kernel, simt::block(128)]] void thread_trip_count() {
  for (uint32_t i = 0; i < simt::thread::index_x(); ++i) simt::sync_threads();
}

[[kernel, simt::block(128)]] void barrier_reductions(uint32_t n, simt::DisjointSlice<uint32_t> out) {
  bool any = false;
  uint32_t count = 0;
  if (simt::thread::index_x() < n) any = simt::sync_threads_or(true);
  if (simt::thread::index_x() > n) count = simt::sync_threads_count(any);
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = count;
}

[[kernel, simt::block(128)]] void per_warp() {
  if (simt::thread::index_x() / 32 == 1) simt::sync_threads();
}

[[kernel, simt::block(128)]] void through_shared_memory() {
  simt::SharedArray<uint32_t, 128> flags;
  auto me = simt::thread::index_in_block();
  if (auto slot = flags.get_mut(me)) *slot = me.get() % 2;
  simt::sync_threads();
  if (flags[0] == 0) simt::sync_threads();
}

[[kernel, simt::block(128)]] void through_an_atomic(simt::AtomicSlice<uint32_t> counter) {
  if (counter[0].fetch_add(1u) < 64) simt::sync_threads();
}

[[kernel]] void without_a_contract() {
  if (simt::thread::index_x() < 32) simt::sync_threads();
}

void recurse(uint32_t depth) {
  simt::sync_threads();
  if (depth > 0) recurse(depth - 1);
}

[[kernel, simt::block(128)]] void through_recursion(uint32_t n) { recurse(n); }

// The helper's barrier is not in the unsafe block: it is checked where the helper is called.
[[kernel, simt::block(128)]] void helper_called_from_unsafe(uint32_t n) {
  if (simt::thread::index_x() < n) [[simt::unsafe]] { helper(); }
}

[[kernel, simt::block(128)]] void in_a_switch() {
  switch (simt::thread::index_x() % 4) {
    case 0: simt::sync_threads(); break;
    default: break;
  }
}

[[kernel, simt::block(128)]] void behind_a_uniform_condition(uint32_t n) {
  if (n > 2 && simt::thread::index_x() < n) simt::sync_threads();
}

[[kernel, simt::block(128)]] void through_a_local_array(uint32_t n, simt::DisjointSlice<uint32_t> out) {
  const uint32_t k = simt::thread::index_x() < n ? 1u : 2u;
  uint32_t marks[4] = {0, 0, 0, 0};
  marks[k] = 1;
  if (marks[1] == 1) simt::sync_threads();
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = marks[2];
}

bool finished(uint32_t n) { return simt::thread::index_x() >= n; }

[[kernel, simt::block(128)]] void after_a_return_in_a_helper_condition(uint32_t n) {
  if (finished(n)) return;
  simt::sync_threads();
}

[[kernel, simt::block(128)]] void in_a_do_while(uint32_t n) {
  uint32_t i = 0;
  do {
    simt::sync_threads();
    ++i;
  } while (i < simt::thread::index_x());
}

struct Box {
  uint32_t v;
};

[[kernel, simt::block(128)]] void through_a_struct_field(uint32_t n) {
  Box box{simt::thread::index_x()};
  if (box.v < n) simt::sync_threads();
}

// The last block's test (examples/reduction) known to thread 0 alone: not the block's.
[[kernel, simt::block(128)]] void last_block_in_one_thread(simt::AtomicSlice<uint32_t> arrived) {
  bool last = false;
  if (simt::thread::index_x() == 0) last = arrived[0].fetch_add(1u, simt::acq_rel) == simt::grid::dim_x() - 1;
  if (last) helper();
}

// CHECK: {{.*}}divergent_barrier.cpp:9:36: error: barrier reached under thread-dependent control flow: threads that took the other branch never arrive [simt-divergent-barrier]
// CHECK-NEXT: {{.*}}divergent_barrier.cpp:9:7: note: this branch depends on the thread index
// CHECK-NEXT: {{.*}}divergent_barrier.cpp:6:17: error: barrier reached under thread-dependent control flow: threads that took the other branch never arrive [simt-divergent-barrier]
// CHECK-NEXT: {{.*}}divergent_barrier.cpp:13:7: note: this branch depends on the thread index
// CHECK-NEXT: {{.*}}divergent_barrier.cpp:13:36: note: reached through this call
// CHECK-NEXT: {{.*}}divergent_barrier.cpp:17:20: error: barrier reached under thread-dependent control flow: threads that took the other branch never arrive [simt-divergent-barrier]
// CHECK-NEXT: {{.*}}divergent_barrier.cpp:18:7: note: this branch depends on the thread index
// CHECK-NEXT: {{.*}}divergent_barrier.cpp:18:41: note: reached through this call
// CHECK-NEXT: {{.*}}divergent_barrier.cpp:25:17: error: barrier reached under thread-dependent control flow: threads that took the other branch never arrive [simt-divergent-barrier]
// CHECK-NEXT: {{.*}}divergent_barrier.cpp:25:7: note: this branch depends on the thread index
// CHECK-NEXT: {{.*}}divergent_barrier.cpp:30:3: error: barrier reached under thread-dependent control flow: threads that took the other branch never arrive [simt-divergent-barrier]
// CHECK-NEXT: {{.*}}divergent_barrier.cpp:29:7: note: this branch depends on the thread index
// CHECK-NEXT: {{.*}}divergent_barrier.cpp:36:5: error: barrier reached under thread-dependent control flow: threads that took the other branch never arrive [simt-divergent-barrier]
// CHECK-NEXT: {{.*}}divergent_barrier.cpp:35:9: note: this branch depends on the thread index
// CHECK-NEXT: {{.*}}divergent_barrier.cpp:43:5: error: barrier reached under thread-dependent control flow: threads that took the other branch never arrive [simt-divergent-barrier]
// CHECK-NEXT: {{.*}}divergent_barrier.cpp:42:9: note: this branch depends on the thread index
// CHECK-NEXT: {{.*}}divergent_barrier.cpp:48:58: error: barrier reached under thread-dependent control flow: threads that took the other branch never arrive [simt-divergent-barrier]
// CHECK-NEXT: {{.*}}divergent_barrier.cpp:48:24: note: this branch depends on the thread index
// CHECK-NEXT: {{.*}}divergent_barrier.cpp:54:42: error: barrier reached under thread-dependent control flow: threads that took the other branch never arrive [simt-divergent-barrier]
// CHECK-NEXT: {{.*}}divergent_barrier.cpp:54:7: note: this branch depends on the thread index
// CHECK-NEXT: {{.*}}divergent_barrier.cpp:55:44: error: barrier reached under thread-dependent control flow: threads that took the other branch never arrive [simt-divergent-barrier]
// CHECK-NEXT: {{.*}}divergent_barrier.cpp:55:7: note: this branch depends on the thread index
// CHECK-NEXT: {{.*}}divergent_barrier.cpp:60:42: error: barrier reached under control flow that differs between warps: warps that took the other branch never arrive [simt-divergent-barrier]
// CHECK-NEXT: {{.*}}divergent_barrier.cpp:60:7: note: this branch depends on the warp index, which differs between the warps of a block
// CHECK-NEXT: {{.*}}divergent_barrier.cpp:68:22: error: barrier reached under thread-dependent control flow: threads that took the other branch never arrive [simt-divergent-barrier]
// CHECK-NEXT: {{.*}}divergent_barrier.cpp:68:7: note: this branch depends on a value read from memory that threads write, which may differ between threads
// CHECK-NEXT: {{.*}}divergent_barrier.cpp:72:38: error: barrier reached under thread-dependent control flow: threads that took the other branch never arrive [simt-divergent-barrier]
// CHECK-NEXT: {{.*}}divergent_barrier.cpp:72:7: note: this branch depends on the result of an atomic operation, which differs between threads
// CHECK-NEXT: {{.*}}divergent_barrier.cpp:76:37: error: barrier reached under thread-dependent control flow: threads that took the other branch never arrive [simt-divergent-barrier]
// CHECK-NEXT: {{.*}}divergent_barrier.cpp:76:7: note: this branch depends on the thread index
// CHECK-NEXT: {{.*}}divergent_barrier.cpp:80:3: error: barrier inside a recursive function: simtc cannot show that every thread of the block reaches it [simt-divergent-barrier]
// CHECK-NEXT: {{.*}}divergent_barrier.cpp:84:67: note: the kernel reaches it through this recursive call
// CHECK-NEXT: {{.*}}divergent_barrier.cpp:6:17: error: barrier reached under thread-dependent control flow: threads that took the other branch never arrive [simt-divergent-barrier]
// CHECK-NEXT: {{.*}}divergent_barrier.cpp:88:7: note: this branch depends on the thread index
// CHECK-NEXT: {{.*}}divergent_barrier.cpp:88:55: note: reached through this call
// CHECK-NEXT: {{.*}}divergent_barrier.cpp:93:13: error: barrier reached under thread-dependent control flow: threads that took the other branch never arrive [simt-divergent-barrier]
// CHECK-NEXT: {{.*}}divergent_barrier.cpp:92:11: note: this branch depends on the thread index
// CHECK-NEXT: {{.*}}divergent_barrier.cpp:99:45: error: barrier reached under thread-dependent control flow: threads that took the other branch never arrive [simt-divergent-barrier]
// CHECK-NEXT: {{.*}}divergent_barrier.cpp:99:7: note: this branch depends on the thread index
// CHECK-NEXT: {{.*}}divergent_barrier.cpp:106:22: error: barrier reached under thread-dependent control flow: threads that took the other branch never arrive [simt-divergent-barrier]
// CHECK-NEXT: {{.*}}divergent_barrier.cpp:106:7: note: this branch depends on the thread index
// CHECK-NEXT: {{.*}}divergent_barrier.cpp:114:3: error: barrier reached under thread-dependent control flow: threads that took the other branch never arrive [simt-divergent-barrier]
// CHECK-NEXT: {{.*}}divergent_barrier.cpp:113:7: note: this branch depends on the thread index
// CHECK-NEXT: {{.*}}divergent_barrier.cpp:120:5: error: barrier reached under thread-dependent control flow: threads that took the other branch never arrive [simt-divergent-barrier]
// CHECK-NEXT: {{.*}}divergent_barrier.cpp:122:12: note: this branch depends on the thread index
// CHECK-NEXT: {{.*}}divergent_barrier.cpp:131:18: error: barrier reached under thread-dependent control flow: threads that took the other branch never arrive [simt-divergent-barrier]
// CHECK-NEXT: {{.*}}divergent_barrier.cpp:131:7: note: this branch depends on the thread index
// CHECK-NEXT: {{.*}}divergent_barrier.cpp:6:17: error: barrier reached under thread-dependent control flow: threads that took the other branch never arrive [simt-divergent-barrier]
// CHECK-NEXT: {{.*}}divergent_barrier.cpp:138:7: note: this branch depends on the result of an atomic operation, which differs between threads
// CHECK-NEXT: {{.*}}divergent_barrier.cpp:138:13: note: reached through this call
