// TMA on a Hopper GPU (sm_90a): a 2-D box load through an mbarrier at a matrix's non-round
// edges, compared with the CPU. The matrix is 100 x 37 floats; 4 x 5 blocks each load one
// 32 x 8 box, so the last column of boxes reaches 28 columns past the edge and the last row of
// boxes 3 rows past it: the copy engine fills those with zeros, and the kernel writes every
// element of the 128 x 40 output. Skips (GTEST_SKIP) without a driver, a device, or a device
// of compute capability 9.0 (PTX for sm_90a runs there only).
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <optional>
#include <random>
#include <vector>

#include <simt/host.hpp>

#include "hopper_tma_kernels.simt.hpp"

namespace {

TEST(HopperTma, BoxLoadAtNonRoundEdgesMatchesTheCpu) {
  std::optional<simt::Context> ctx;
  try {
    ctx.emplace(simt::Context::primary());
  } catch (const simt::DriverNotFound& e) {
    GTEST_SKIP() << "no CUDA driver here: " << e.what();
  } catch (const simt::NoDevice& e) {
    GTEST_SKIP() << "no CUDA device here: " << e.what();
  }
  if (ctx->compute_capability() != 90)
    GTEST_SKIP() << "the kernel is built for sm_90a; this device has compute capability "
                 << ctx->compute_capability();
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

}  // namespace
