// TMA and wgmma on a Hopper GPU (sm_90a), compared with the CPU. First a 2-D box load through
// an mbarrier at a matrix's non-round edges. The matrix is 100 x 37 floats; 4 x 5 blocks each load one
// 32 x 8 box, so the last column of boxes reaches 28 columns past the edge and the last row of
// boxes 3 rows past it: the copy engine fills those with zeros, and the kernel writes every
// element of the 128 x 40 output. Skips (GTEST_SKIP) without a driver, a device, or a device
// of compute capability 9.0 (PTX for sm_90a runs there only). Then a bf16 product on the
// warpgroup's tensor cores from 128-byte-swizzled TMA tiles.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdint>
#include <cstring>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include <simt/host.hpp>

#include "hopper_tma_kernels.simt.hpp"

namespace {

// The primary context of a device of compute capability 9.0, or nullopt with the reason.
std::optional<simt::Context> hopper(std::string& why) {
  try {
    simt::Context ctx = simt::Context::primary();
    if (ctx.compute_capability() == 90) return ctx;
    why = "the kernels are built for sm_90a; this device has compute capability " +
          std::to_string(ctx.compute_capability());
  } catch (const simt::DriverNotFound& e) {
    why = std::string("no CUDA driver here: ") + e.what();
  } catch (const simt::NoDevice& e) {
    why = std::string("no CUDA device here: ") + e.what();
  }
  return std::nullopt;
}

TEST(HopperTma, BoxLoadAtNonRoundEdgesMatchesTheCpu) {
  std::string why;
  std::optional<simt::Context> ctx = hopper(why);
  if (!ctx) GTEST_SKIP() << why;
  const auto kernels = hopper_tma_kernels_kernels::load(*ctx);
  simt::Stream stream(*ctx);

  constexpr std::uint32_t cols = 100, rows = 37, box_cols = 32, box_rows = 8;
  constexpr std::uint32_t grid_x = (cols + box_cols - 1) / box_cols, grid_y = (rows + box_rows - 1) / box_rows;
  constexpr std::uint32_t out_cols = grid_x * box_cols, out_rows = grid_y * box_rows;  // 128 x 40
  std::mt19937 rng(13);
  std::uniform_real_distribution<float> dist(-100.0f, 100.0f);
  std::vector<float> in(std::size_t(cols) * rows);
  for (float& f : in) f = dist(rng);
  std::vector<float> want(std::size_t(out_cols) * out_rows, 0.0f);
  for (std::uint32_t r = 0; r < rows; ++r)
    for (std::uint32_t c = 0; c < cols; ++c) want[std::size_t(r) * out_cols + c] = in[std::size_t(r) * cols + c];

  const auto din = simt::DeviceBuffer<float>::from_host(*ctx, in);
  const auto map = simt::TensorMap<float, 32, 8>::tiled(din.view(), {cols, rows});
  auto out = simt::DeviceBuffer<float>::uninitialized(*ctx, want.size());
  out.fill_bytes(0xFF);  // a NaN everywhere: an element no thread wrote cannot match
  const simt::LaunchConfig2D config{{grid_x, grid_y}, {box_cols, box_rows}};
  kernels.tma_box_copy(stream, kernels.prepare_tma_box_copy(config), map, out, out_cols);
  stream.synchronize();

  const std::vector<float> got = out.to_host();
  std::size_t bad = 0, first = 0;
  for (std::size_t i = 0; i < got.size(); ++i)
    if (std::memcmp(&got[i], &want[i], sizeof(float)) != 0 && bad++ == 0) first = i;
  EXPECT_EQ(bad, 0u) << "first mismatch at row " << first / out_cols << ", column " << first % out_cols << ": got "
                     << got[first] << ", want " << want[first];
  std::printf("hopper_tma: %u x %u boxes of %u x %u floats over a %u x %u matrix: %zu elements match the CPU, "
              "%zu of them zero-filled past the edge\n",
              grid_x, grid_y, box_cols, box_rows, cols, rows, got.size() - bad,
              want.size() - std::size_t(cols) * rows);
}

// C (128 x 256) = A (128 x 192) B^T, B^T 256 x 192, both bf16 K-major: a 2 x 2 grid of
// warpgroups, three K tiles of 64 each. The inputs are multiples of 1/8 in [-2, 2] (exact in
// bf16), so every product and partial sum is exact in f32 and C must match bit for bit.
TEST(HopperWgmma, SwizzledTmaTilesGiveTheCpuProduct) {
  std::string why;
  std::optional<simt::Context> ctx = hopper(why);
  if (!ctx) GTEST_SKIP() << why;
  const auto kernels = hopper_tma_kernels_kernels::load(*ctx);
  simt::Stream stream(*ctx);

  constexpr std::uint32_t m = 128, n = 256, k = 192;
  std::mt19937 rng(29);
  std::uniform_int_distribution<int> eighths(-16, 16);
  std::vector<float> a(std::size_t(m) * k), bt(std::size_t(n) * k);
  for (float& f : a) f = float(eighths(rng)) / 8.0f;
  for (float& f : bt) f = float(eighths(rng)) / 8.0f;
  std::vector<simt::bfloat16> a16(a.begin(), a.end()), bt16(bt.begin(), bt.end());
  std::vector<float> want(std::size_t(m) * n, 0.0f);
  for (std::uint32_t i = 0; i < m; ++i)
    for (std::uint32_t j = 0; j < n; ++j) {
      float sum = 0.0f;
      for (std::uint32_t p = 0; p < k; ++p) sum += a[std::size_t(i) * k + p] * bt[std::size_t(j) * k + p];
      want[std::size_t(i) * n + j] = sum;
    }

  const auto da = simt::DeviceBuffer<simt::bfloat16>::from_host(*ctx, a16);
  const auto db = simt::DeviceBuffer<simt::bfloat16>::from_host(*ctx, bt16);
  const auto map_a = simt::TensorMap<simt::bfloat16, 64, 64>::tiled(da.view(), {k, m}, simt::TensorSwizzle::bytes128);
  const auto map_b = simt::TensorMap<simt::bfloat16, 64, 128>::tiled(db.view(), {k, n}, simt::TensorSwizzle::bytes128);
  auto c = simt::DeviceBuffer<float>::uninitialized(*ctx, want.size());
  c.fill_bytes(0xFF);  // a NaN everywhere: an element no thread wrote cannot match
  const simt::LaunchConfig2D config{{n / 128, m / 64}, {128, 1}};
  kernels.tile_64x128(stream, kernels.prepare_tile_64x128(config), map_a, map_b, k / 64, c);
  stream.synchronize();

  const std::vector<float> got = c.to_host();
  std::size_t bad = 0, first = 0;
  for (std::size_t i = 0; i < got.size(); ++i)
    if (std::memcmp(&got[i], &want[i], sizeof(float)) != 0 && bad++ == 0) first = i;
  EXPECT_EQ(bad, 0u) << "first mismatch at row " << first / n << ", column " << first % n << ": got " << got[first]
                     << ", want " << want[first];
  std::printf("hopper_wgmma: %u x %u x %u bf16 product from 128-byte-swizzled TMA tiles: %zu of %zu elements match "
              "the CPU\n",
              m, n, k, got.size() - bad, got.size());
}

// A kernel whose contract fixes clusters of two blocks (.reqnctapercluster 2, 1, 1), launched
// plainly: every block reports rank = block % 2 in cluster block / 2 of size 2; a grid of half a
// cluster is refused on the host.
TEST(HopperCluster, TheContractsClusterShapeHoldsOnThePlainLaunch) {
  std::string why;
  std::optional<simt::Context> ctx = hopper(why);
  if (!ctx) GTEST_SKIP() << why;
  const auto kernels = hopper_tma_kernels_kernels::load(*ctx);
  simt::Stream stream(*ctx);
  constexpr std::uint32_t blocks = 14;
  auto out = simt::DeviceBuffer<std::uint32_t>::uninitialized(*ctx, 3 * blocks);
  out.fill_bytes(0xFF);
  kernels.cluster_ranks(stream, kernels.prepare_cluster_ranks(simt::LaunchConfig1D{blocks, 64}), out);
  stream.synchronize();
  const std::vector<std::uint32_t> got = out.to_host();
  std::size_t bad = 0;
  for (std::uint32_t b = 0; b < blocks; ++b)
    bad += got[3 * b] != b % 2 || got[3 * b + 1] != b / 2 || got[3 * b + 2] != 2;
  EXPECT_EQ(bad, 0u) << "block 1: rank " << got[3] << ", cluster " << got[4] << ", size " << got[5];
  EXPECT_THROW((void)kernels.prepare_cluster_ranks(simt::LaunchConfig1D{blocks + 1, 64}), simt::ContractError);
  // How many such clusters run at once: at least one per four SMs (a cluster of two small
  // blocks fits on any pair of a GPC's SMs), at most half the blocks the SMs hold; a cluster of
  // no blocks is a usage error.
  const int clusters = kernels.cluster_ranks_kernel().max_active_clusters(64, 0, {2, 1, 1});
  const int sms = ctx->limits().sm_count;
  EXPECT_GE(clusters, sms / 4) << sms << " SMs";
  EXPECT_LE(clusters, sms * kernels.cluster_ranks_kernel().max_active_blocks_per_sm(64, 0) / 2) << sms << " SMs";
  EXPECT_THROW((void)kernels.cluster_ranks_kernel().max_active_clusters(64, 0, {0, 1, 1}), simt::UsageError);
  std::printf("hopper_cluster: %d clusters of 2 blocks of 64 threads run at once on %d SMs\n", clusters, sms);
  std::printf("hopper_cluster: %u blocks in clusters of 2 from the contract: %u of %u blocks report their rank, "
              "cluster and size\n",
              blocks, blocks - unsigned(bad), blocks);
}

}  // namespace

namespace {

// stmatrix on the GPU lays the matrices out as the host reference does (mma_test.cpp): element
// (r, c) of the x1 matrix is 8r + c (8c + r transposed), and ldmatrix_x4 then stmatrix_x4 (or
// both transposed) gives the tile back unchanged. Outputs start as 0xFFFF.
TEST(HopperStmatrix, StoresWhatTheHostReferenceStores) {
  std::string why;
  std::optional<simt::Context> ctx = hopper(why);
  if (!ctx) GTEST_SKIP() << why;
  const auto kernels = hopper_tma_kernels_kernels::load(*ctx);
  simt::Stream stream(*ctx);
  auto plain = simt::DeviceBuffer<std::uint16_t>::uninitialized(*ctx, 64);
  auto trans = simt::DeviceBuffer<std::uint16_t>::uninitialized(*ctx, 64);
  auto back = simt::DeviceBuffer<std::uint16_t>::uninitialized(*ctx, 256);
  auto back_t = simt::DeviceBuffer<std::uint16_t>::uninitialized(*ctx, 256);
  for (auto* b : {&plain, &trans, &back, &back_t}) b->fill_bytes(0xFF);
  kernels.store_matrices(stream, kernels.prepare_store_matrices(simt::LaunchConfig1D{1, 32}), plain, trans, back,
                         back_t);
  stream.synchronize();
  const auto p = plain.to_host(), t = trans.to_host(), rt = back.to_host(), rtt = back_t.to_host();
  std::size_t bad = 0;
  for (unsigned r = 0; r < 8; ++r)
    for (unsigned c = 0; c < 8; ++c) {
      EXPECT_EQ(p[8 * r + c], 8 * r + c) << "(" << r << ", " << c << ")";
      EXPECT_EQ(t[8 * r + c], 8 * c + r) << "(" << r << ", " << c << ") transposed";
      bad += p[8 * r + c] != 8 * r + c || t[8 * r + c] != 8 * c + r;
    }
  for (unsigned k = 0; k < 256; ++k) {
    EXPECT_EQ(rt[k], 3 * k + 1) << k;
    EXPECT_EQ(rtt[k], 3 * k + 1) << k << " transposed";
    bad += rt[k] != 3 * k + 1 || rtt[k] != 3 * k + 1;
  }
  std::printf("hopper_stmatrix: %zu of 640 elements as the host reference lays them out\n", 640 - bad);
}

}  // namespace
