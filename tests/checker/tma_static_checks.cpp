// TMA's compile-time checks in the types: a box of more than 5 dimensions, a shared destination
// too small for the box or not 128-byte aligned, a coordinate per dimension, and a box Part of a
// pipeline stage past the stage's end; wgmma's MN-major descriptor over rows that are not the
// swizzle's bytes or a tile without whole K steps.
// RUN: not %simtc check --arch sm_90a -fno-caret-diagnostics %s 2>&1 | FileCheck %s --implicit-check-not=error:
#include <simt/kernel.hpp>

[[kernel]] void bad_rank(simt::TensorMap<float, 4, 2, 2, 2, 2, 2> map) {}

[[kernel]] void small(simt::TensorMap<float, 32, 8> map) {
  simt::SharedTile<float, 4, 32, 128> tile;  // half the box
  simt::SharedArray<float, 256, 16> unaligned;
  simt::SharedArray<float, 256, 128> aligned;
  simt::Mbarrier bar;
  bar.init(1);
  [[simt::unsafe]] {
    simt::tma::load(tile, bar, map, 0, 0);
    simt::tma::load(unaligned, bar, map, 0, 0);
    simt::tma::load(aligned, bar, map, 0);  // one coordinate for two dimensions
  }
}

// Two boxes per stage: Part 1 fits, Part 2 lies past the stage.
[[kernel, simt::block(128)]] void parts(simt::TensorMap<simt::bfloat16, 64, 8> map) {
  simt::SharedTile<simt::bfloat16, 2 * 2 * 8, 64, 1024> stages;
  simt::Pipeline<2> pipe;
  pipe.init(1, 4);
  simt::PipelineState<2> at;
  [[simt::unsafe]] {
    simt::tma::load<1>(stages, pipe, at, map, 64, 0);
    simt::tma::load<2>(stages, pipe, at, map, 128, 0);
  }
}

[[kernel, simt::block(128)]] void descriptors() {
  simt::SharedTile<simt::bfloat16, 64, 32, 1024> narrow;  // 64-byte rows under the 128-byte swizzle
  simt::SharedTile<simt::bfloat16, 24, 64, 1024> short_k;  // 24 rows: one and a half K steps
  (void)simt::wgmma::mn_major<simt::wgmma::Swizzle::bytes128, 64>(narrow);
  (void)simt::wgmma::mn_major<simt::wgmma::Swizzle::bytes128, 24>(short_k);
}

// CHECK-DAG: error: static assertion failed due to requirement 'sizeof...(Box) <= 5': a TensorMap's box has 1 to 5 dimensions
// CHECK-DAG: error: static assertion failed due to requirement '512UL >= simt::TensorMap<float, 32, 8>::box_bytes': the shared destination is smaller than the tensor map's box
// CHECK-DAG: error: static assertion failed due to requirement '16UL >= 128': TMA needs a 128-byte aligned shared buffer: declare it with Align 128
// CHECK-DAG: error: static assertion failed due to requirement 'sizeof...(Coords) == simt::TensorMap<float, 32, 8>::rank': one coordinate per dimension of the tensor map
// CHECK-DAG: error: static assertion failed due to requirement '(2U + 1) * {{.*}} <= stage_bytes': box Part of a stage lies past the stage's end
// CHECK-DAG: error: static assertion failed due to requirement 'row_bytes == swizzle': an MN-major swizzled tile's row is exactly the swizzle's bytes
// CHECK-DAG: error: static assertion failed due to requirement '24UL % 16 == 0': a block of the tile has whole K steps of 16 rows
