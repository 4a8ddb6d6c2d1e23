// wgmma's shared-memory matrix descriptors and accumulator layout, computed on the host: the
// PTX ISA's "Matrix Descriptor Format" (start address >> 4 in bits 0-13, leading byte offset
// >> 4 in 16-29, stride byte offset >> 4 in 32-45, base offset in 49-51, swizzle in 62-63),
// K steps as CUTLASS takes them, and the register fragment of D.
#include <simt/host.hpp>
#include <simt/device/wgmma.hpp>

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace {

using simt::wgmma::Layout;
using simt::wgmma::Swizzle;

TEST(WgmmaDescriptor, SwizzledKMajorTiles) {
  // A K-major tile of 128-byte rows at shared address 0x400: SBO = 8 rows * 128 bytes = 1024,
  // LBO 16 (unused); 0x40 | 1 << 16 | 64 << 32 | 1 << 62.
  EXPECT_EQ(simt::wgmma::encode_descriptor(0x400, Layout{Swizzle::bytes128, 16, 1024, 0}), 0x4000004000010040ull);
  // 64-byte rows at 0x2200: SBO 512; swizzle 2.
  EXPECT_EQ(simt::wgmma::encode_descriptor(0x2200, Layout{Swizzle::bytes64, 16, 512, 0}), 0x8000002000010220ull);
  // 32-byte rows at 0x100: SBO 256; swizzle 3.
  EXPECT_EQ(simt::wgmma::encode_descriptor(0x100, Layout{Swizzle::bytes32, 16, 256, 0}), 0xc000001000010010ull);
}

TEST(WgmmaDescriptor, InterleavedLayoutAndBaseOffset) {
  // No swizzle: core matrices 128 bytes apart along K (LBO), 256 bytes along M (SBO), base
  // offset 3: 0x123 | 8 << 16 | 16 << 32 | 3 << 49.
  EXPECT_EQ(simt::wgmma::encode_descriptor(0x1230, Layout{Swizzle::none, 128, 256, 3}), 0x0006001000080123ull);
  EXPECT_EQ(simt::wgmma::swizzle_bytes(Swizzle::none), 16u);
  EXPECT_EQ(simt::wgmma::swizzle_bytes(Swizzle::bytes32), 32u);
  EXPECT_EQ(simt::wgmma::swizzle_bytes(Swizzle::bytes64), 64u);
  EXPECT_EQ(simt::wgmma::swizzle_bytes(Swizzle::bytes128), 128u);
}

TEST(WgmmaDescriptor, FieldsKeepTheirBits) {
  // Addresses and offsets are 18 bits (the 14-bit fields hold them >> 4); the base offset is 3
  // bits. Nothing spills into a neighbouring field.
  EXPECT_EQ(simt::wgmma::encode_descriptor(0x40010, Layout{}), 0x1ull);
  EXPECT_EQ(simt::wgmma::encode_descriptor(0, Layout{Swizzle::none, 0x3fff0, 0, 0}), 0x3fffull << 16);
  EXPECT_EQ(simt::wgmma::encode_descriptor(0, Layout{Swizzle::none, 0, 0x3fff0, 0}), 0x3fffull << 32);
  EXPECT_EQ(simt::wgmma::encode_descriptor(0, Layout{Swizzle::none, 0, 0, 9}), 1ull << 49);
}

TEST(WgmmaDescriptor, KStepsAdvanceTheStartAddress) {
  // The four K steps of 16 bf16 values (32 bytes each) through a 128-byte swizzled row: the
  // start address field grows by 2 per step, the other fields stay.
  const std::uint64_t d = simt::wgmma::encode_descriptor(0x400, Layout{Swizzle::bytes128, 16, 1024, 0});
  for (std::uint32_t k = 0; k < 4; ++k)
    EXPECT_EQ(simt::wgmma::advance_descriptor(d, 32 * k), 0x4000004000010040ull + 2 * k) << "k step " << k;
  // Past the field's end the address wraps inside it.
  const std::uint64_t top = simt::wgmma::encode_descriptor(0x3fff0, Layout{Swizzle::bytes128, 16, 1024, 0});
  EXPECT_EQ(simt::wgmma::advance_descriptor(top, 16), 0x4000004000010000ull);
}

TEST(WgmmaAccumulator, FragmentLayoutOfD) {
  // Thread 0 (warp 0, lane 0): rows 0 and 8, columns 0, 1, then 8, 9 for the next pair of pairs.
  EXPECT_EQ(simt::wgmma::accumulator_row(0, 0), 0u);
  EXPECT_EQ(simt::wgmma::accumulator_col(0, 1), 1u);
  EXPECT_EQ(simt::wgmma::accumulator_row(0, 2), 8u);
  EXPECT_EQ(simt::wgmma::accumulator_col(0, 3), 1u);
  EXPECT_EQ(simt::wgmma::accumulator_col(0, 4), 8u);
  // Thread 37: warp 1 (rows 16-31), lane 5 (group 1, column pair 1).
  EXPECT_EQ(simt::wgmma::accumulator_row(37, 0), 17u);
  EXPECT_EQ(simt::wgmma::accumulator_col(37, 0), 2u);
  EXPECT_EQ(simt::wgmma::accumulator_row(37, 2), 25u);
  // Thread 127's last element of m64n128: row 63, column 127.
  EXPECT_EQ(simt::wgmma::accumulator_row(127, 63), 63u);
  EXPECT_EQ(simt::wgmma::accumulator_col(127, 63), 127u);
  // The 128 threads' N / 2 elements cover the 64 x N tile exactly once (N = 256).
  std::vector<int> seen(64 * 256, 0);
  for (std::uint32_t t = 0; t < 128; ++t)
    for (std::uint32_t i = 0; i < simt::wgmma::Accumulator<256>::size; ++i)
      ++seen[simt::wgmma::accumulator_row(t, i) * 256 + simt::wgmma::accumulator_col(t, i)];
  for (std::size_t e = 0; e < seen.size(); ++e) ASSERT_EQ(seen[e], 1) << "element " << e;
  EXPECT_EQ(simt::wgmma::Accumulator<8>::size, 4u);
}

}  // namespace
