// simt::Pipeline: its barrier handle, the producer's arrival with transaction bytes and the TMA
// copy into a stage are Tier 3: only inside [[simt::unsafe]], also when a safe helper makes the
// call (pipeline_barrier.cpp: where init() may run).
// RUN: not %simtc check --arch sm_90a -fno-caret-diagnostics %s 2>&1 | FileCheck %s --implicit-check-not=error:
#include <simt/kernel.hpp>

using Map = simt::TensorMap<float, 32, 8>;

[[kernel, simt::block(128)]] void expect_outside_unsafe(Map map) {
  simt::Pipeline<2> pipe;
  pipe.init(1, 4);
  simt::PipelineState<2> at;
  pipe.producer_expect(at, Map::box_bytes);
}

[[kernel, simt::block(128)]] void load_outside_unsafe(Map map) {
  simt::SharedTile<float, 16, 32, 128> stages;
  simt::Pipeline<2> pipe;
  pipe.init(1, 4);
  simt::PipelineState<2> at;
  simt::tma::load(stages, pipe, at, map, 0, 0);
}

[[kernel, simt::block(128)]] void raw_barrier(simt::DisjointSlice<uint64_t> out) {
  simt::Pipeline<2> pipe;
  pipe.init(1, 4);
  simt::PipelineState<2> at;
  if (auto o = out.get_mut(simt::thread::index_1d())) *o = *pipe.full_barrier(at);
}

void expect_in_helper(simt::Pipeline<2>& pipe, const simt::PipelineState<2>& at) { pipe.producer_expect(at, 1024); }

[[kernel, simt::block(128)]] void through_a_helper(Map map) {
  simt::Pipeline<2> pipe;
  pipe.init(1, 4);
  simt::PipelineState<2> at;
  expect_in_helper(pipe, at);
}


// CHECK: pipeline_unsafe.cpp:13:8: error: 'simt::Pipeline<2>::producer_expect' requires an unsafe block: call it inside {{\[\[}}simt::unsafe{{\]\]}} { ... } with a comment saying why it is safe [simt-unsafe]
// CHECK: pipeline_unsafe.cpp:21:3: error: 'simt::tma::load' requires an unsafe block: call it inside {{\[\[}}simt::unsafe{{\]\]}} { ... } with a comment saying why it is safe [simt-unsafe]
// CHECK: pipeline_unsafe.cpp:28:66: error: 'simt::Pipeline<2>::full_barrier' requires an unsafe block: call it inside {{\[\[}}simt::unsafe{{\]\]}} { ... } with a comment saying why it is safe [simt-unsafe]
// CHECK: pipeline_unsafe.cpp:31:89: error: 'simt::Pipeline<2>::producer_expect' requires an unsafe block: call it inside {{\[\[}}simt::unsafe{{\]\]}} { ... } with a comment saying why it is safe [simt-unsafe]
