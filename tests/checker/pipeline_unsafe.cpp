// simt::Pipeline: its barrier handle, the producer's arrival with transaction bytes, the TMA
// copy into a stage, the multicast copy and the release into another block of the cluster are Tier 3: only inside [[simt::unsafe]], also when a safe helper makes the
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


// The cluster's operations on a pipeline: the multicast copy, the release into another block
// (directly, and through a safe helper).
[[kernel, simt::block(128), simt::cluster(2, 1, 1)]] void multicast_outside_unsafe(Map map) {
  simt::SharedTile<float, 32, 32, 128> stages;
  simt::Pipeline<2> pipe;
  pipe.init(1, 8);
  simt::PipelineState<2> at;
  simt::tma::load_multicast(stages, pipe, at, map, 3u, simt::cluster::rank(), 0, 0);
}

void release_everywhere(simt::Pipeline<2>& pipe, const simt::PipelineState<2>& at) {
  for (uint32_t r = 0; r < simt::cluster::size(); ++r) pipe.consumer_release_in(at, r);
}

[[kernel, simt::block(128), simt::cluster(2, 1, 1)]] void remote_release(Map map) {
  simt::Pipeline<2> pipe;
  pipe.init(1, 8);
  simt::PipelineState<2> at;
  pipe.consumer_release_in(at, 1);
  release_everywhere(pipe, at);
  pipe.producer_drain(at);  // safe: waits only
}

// The multicast copy through a safe helper, in a loop after an early return.
void multicast_half(simt::SharedTile<float, 32, 32, 128>& stages, simt::Pipeline<2>& pipe,
                    const simt::PipelineState<2>& at, const Map& map) {
  simt::tma::load_multicast(stages, pipe, at, map, 3u, simt::cluster::rank(), 0, 0);
}

[[kernel, simt::block(128), simt::cluster(2, 1, 1)]] void multicast_in_helper(Map map, uint32_t n) {
  simt::SharedTile<float, 32, 32, 128> stages;
  simt::Pipeline<2> pipe;
  pipe.init(1, 8);
  simt::PipelineState<2> at;
  if (simt::thread::index_x() != 0) return;
  for (uint32_t i = 0; i < n; ++i) multicast_half(stages, pipe, at, map);
}

// CHECK: pipeline_unsafe.cpp:13:8: error: 'simt::Pipeline<2>::producer_expect' requires an unsafe block: call it inside {{\[\[}}simt::unsafe{{\]\]}} { ... } with a comment saying why it is safe [simt-unsafe]
// CHECK: pipeline_unsafe.cpp:21:3: error: 'simt::tma::load' requires an unsafe block: call it inside {{\[\[}}simt::unsafe{{\]\]}} { ... } with a comment saying why it is safe [simt-unsafe]
// CHECK: pipeline_unsafe.cpp:28:66: error: 'simt::Pipeline<2>::full_barrier' requires an unsafe block: call it inside {{\[\[}}simt::unsafe{{\]\]}} { ... } with a comment saying why it is safe [simt-unsafe]
// CHECK: pipeline_unsafe.cpp:31:89: error: 'simt::Pipeline<2>::producer_expect' requires an unsafe block: call it inside {{\[\[}}simt::unsafe{{\]\]}} { ... } with a comment saying why it is safe [simt-unsafe]
// CHECK: pipeline_unsafe.cpp:48:3: error: 'simt::tma::load_multicast' requires an unsafe block: call it inside {{\[\[}}simt::unsafe{{\]\]}} { ... } with a comment saying why it is safe [simt-unsafe]
// CHECK: pipeline_unsafe.cpp:59:8: error: 'simt::Pipeline<2>::consumer_release_in' requires an unsafe block: call it inside {{\[\[}}simt::unsafe{{\]\]}} { ... } with a comment saying why it is safe [simt-unsafe]
// CHECK: pipeline_unsafe.cpp:52:61: error: 'simt::Pipeline<2>::consumer_release_in' requires an unsafe block: call it inside {{\[\[}}simt::unsafe{{\]\]}} { ... } with a comment saying why it is safe [simt-unsafe]
// CHECK: pipeline_unsafe.cpp:67:3: error: 'simt::tma::load_multicast' requires an unsafe block: call it inside {{\[\[}}simt::unsafe{{\]\]}} { ... } with a comment saying why it is safe [simt-unsafe]
