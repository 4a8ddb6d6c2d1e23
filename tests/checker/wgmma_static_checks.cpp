// wgmma's compile-time checks in the types: an N that wgmma lacks, element types other than f16
// and bf16, A and B of different types, and k_major's canonical layout (rows of exactly the
// swizzle's bytes, whole groups of 8 rows, the tile aligned to the pattern's repeat).
// RUN: not %simtc check --arch sm_90a -fno-caret-diagnostics %s 2>&1 | FileCheck %s --implicit-check-not=error:
#include <simt/kernel.hpp>

[[kernel, simt::block(128)]] void bad_shapes() {
  simt::wgmma::Accumulator<100> not_multiple_of_8;
  simt::wgmma::Accumulator<264> too_wide;
  simt::SharedTile<float, 64, 32, 1024> floats;
  simt::SharedTile<simt::half, 64, 64, 1024> halves;
  simt::SharedTile<simt::bfloat16, 64, 64, 1024> bf16s;
  simt::SharedTile<simt::bfloat16, 64, 32, 1024> short_rows;
  simt::SharedTile<simt::bfloat16, 60, 64, 1024> partial_group;
  simt::SharedTile<simt::bfloat16, 64, 64, 128> unaligned;
  simt::wgmma::Accumulator<64> d;
  const simt::wgmma::Descriptor<float> f(floats, {});
  const auto h = simt::wgmma::k_major<simt::wgmma::Swizzle::bytes128>(halves);
  const auto b = simt::wgmma::k_major<simt::wgmma::Swizzle::bytes128>(bf16s);
  simt::wgmma::k_major<simt::wgmma::Swizzle::bytes128>(short_rows);
  simt::wgmma::k_major<simt::wgmma::Swizzle::bytes128>(partial_group);
  simt::wgmma::k_major<simt::wgmma::Swizzle::bytes128>(unaligned);
  simt::wgmma::k_major<simt::wgmma::Swizzle::none>(bf16s);
  [[simt::unsafe]] {
    simt::wgmma::mma_async(d, h, b);
    simt::wgmma::wait_group<8>(d);
  }
}

// CHECK-DAG: error: static assertion failed due to requirement '100U % 8 == 0': wgmma's N is 8 to 256, a multiple of 8
// CHECK-DAG: error: static assertion failed due to requirement '264U <= 256': wgmma's N is 8 to 256, a multiple of 8
// CHECK-DAG: error: static assertion failed due to requirement 'detail::is_input<float>': wgmma multiplies f16 or bf16 matrices: simt::half or simt::bfloat16
// CHECK-DAG: error: static assertion failed due to requirement '(simt::wgmma::Swizzle)1U == simt::wgmma::Swizzle::none || row_bytes == swizzle': a K-major swizzled tile's row is exactly the swizzle's bytes
// CHECK-DAG: error: static assertion failed due to requirement '60UL % 8 == 0': a K-major swizzled tile has whole groups of 8 rows
// CHECK-DAG: error: static assertion failed due to requirement '(simt::wgmma::Swizzle)1U == simt::wgmma::Swizzle::none || 128UL >= repeat': a swizzled tile is aligned to the pattern's repeat (8 rows): declare it with Align 8 * swizzle_bytes
// CHECK-DAG: error: static assertion failed due to requirement '(simt::wgmma::Swizzle)0U != simt::wgmma::Swizzle::none': k_major builds swizzled layouts; give a Layout for Swizzle::none
// CHECK-DAG: error: static assertion failed due to requirement '__is_same(_Float16, __bf16)': wgmma's A and B have the same element type
// CHECK-DAG: error: static assertion failed due to requirement '8U <= 7': wgmma.wait_group takes 0 to 7 pending groups
