// TMA's compile-time checks in the types: a box of more than 5 dimensions, a shared destination
// too small for the box or not 128-byte aligned, and a coordinate per dimension.
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

// CHECK-DAG: error: static assertion failed due to requirement 'sizeof...(Box) <= 5': a TensorMap's box has 1 to 5 dimensions
// CHECK-DAG: error: static assertion failed due to requirement '512UL >= simt::TensorMap<float, 32, 8>::box_bytes': the shared destination is smaller than the tensor map's box
// CHECK-DAG: error: static assertion failed due to requirement '16UL >= 128': TMA needs a 128-byte aligned shared buffer: declare it with Align 128
// CHECK-DAG: error: static assertion failed due to requirement 'sizeof...(Coords) == simt::TensorMap<float, 32, 8>::rank': one coordinate per dimension of the tensor map
