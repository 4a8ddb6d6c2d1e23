// simt::Pipeline::init() synchronises the block, so it is not reached under thread-dependent
// control flow (a branch, an early return before it); and a pipeline is shared memory, declared
// on its own, not inside a struct (where it would be private to each thread).
// RUN: not %simtc check --arch sm_90a -fno-caret-diagnostics %s 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not %simtc check --arch sm_90a -fno-caret-diagnostics -DIN_STRUCT %s 2>&1 | FileCheck %s --check-prefix=STRUCT --implicit-check-not=error:
#include <simt/kernel.hpp>

using Map = simt::TensorMap<float, 32, 8>;

[[kernel, simt::block(128)]] void init_in_a_branch(Map map) {
  simt::Pipeline<2> pipe;
  if (simt::thread::index_in_block().get() < 64) pipe.init(1, 2);
}

[[kernel, simt::block(128)]] void init_after_early_return(Map map) {
  simt::Pipeline<2> pipe;
  if (simt::thread::index_in_block().get() == 3) return;
  pipe.init(1, 4);
}

#ifdef IN_STRUCT
struct Staged {
  simt::Pipeline<2> pipe;
};

[[kernel, simt::block(128)]] void pipeline_in_a_struct(Map map) {
  Staged s;
  s.pipe.init(1, 4);
}
#endif

// CHECK: pipeline_barrier.cpp:12:55: error: barrier reached under control flow that differs between warps: warps that took the other branch never arrive [simt-divergent-barrier]
// CHECK: pipeline_barrier.cpp:18:8: error: barrier reached under thread-dependent control flow: threads that took the other branch never arrive [simt-divergent-barrier]
// STRUCT: pipeline_barrier.cpp:27:10: error: shared memory must be declared on its own: 's' holds a shared-memory object inside a struct, which would be private to each thread [simt-language-subset]
