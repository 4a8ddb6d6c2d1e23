// Launch contracts on a real GPU: kernels launched through prepare_<kernel>() and the checked
// launcher, compared element by element with the same kernels run on the CPU; a wrong block
// rejected on the host and, forced through <kernel>_unchecked, by the driver (.reqntid); an
// aliasing launch and a violated requirement rejected with their numbers.
// Every test skips (GTEST_SKIP) when there is no driver or no device.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include <simt/host.hpp>

#include "contracts_kernels.simt.hpp"

// The kernels of contracts_kernels.cpp, compiled for the CPU as well (the reference).
void saxpy_n(uint32_t n, float a, simt::Slice<const float> x, simt::Slice<const float> y, simt::DisjointSlice<float> out);
void scale_rows(uint32_t rows, simt::Slice<const float> in, simt::Slice<const float> scale,
                simt::DisjointSlice<float, simt::space::RuntimeRows> out);
void offset_rows100(uint32_t rows, simt::Slice<const float> in, simt::DisjointSlice<float, simt::space::Rows<100>> out);
void tiles4(simt::DisjointSlice<int, simt::space::Tile<4>> out);
void tiles4_vector(simt::DisjointSlice<int, simt::space::Tile<4>> out);

namespace {

using Kernels = contracts_kernels_kernels::Kernels;

std::vector<float> random_floats(std::size_t n, std::mt19937& rng) {
  std::uniform_real_distribution<float> dist(-100.0f, 100.0f);
  std::vector<float> v(n);
  for (float& f : v) f = dist(rng);
  return v;
}

// Both sides start from the same poison, so elements no thread may write compare equal only if
// neither side wrote them.
template <class T>
std::vector<T> poisoned(std::size_t n) {
  std::vector<T> v(n);
  std::memset(v.data(), 0xFF, n * sizeof(T));
  return v;
}

// Compares bit patterns (the poison is a NaN) of every element; reports the first mismatch.
template <class T>
::testing::AssertionResult same_bits(const std::vector<T>& got, const std::vector<T>& want) {
  if (got.size() != want.size()) return ::testing::AssertionFailure() << "sizes differ";
  std::size_t bad = 0, first = 0;
  for (std::size_t i = 0; i < got.size(); ++i)
    if (std::memcmp(&got[i], &want[i], sizeof(T)) != 0 && bad++ == 0) first = i;
  if (bad == 0) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << bad << " of " << got.size() << " elements differ, first at " << first
                                       << ": got " << double(got[first]) << ", want " << double(want[first]);
}

std::string hex(std::uint64_t v) {
  char buffer[24];
  std::snprintf(buffer, sizeof buffer, "0x%llx", static_cast<unsigned long long>(v));
  return buffer;
}

class ContractsGpu : public ::testing::Test {
protected:
  void SetUp() override {
    try {
      context_.emplace(simt::Context::primary());
    } catch (const simt::DriverNotFound& e) {
      GTEST_SKIP() << "no CUDA driver here: " << e.what();
    } catch (const simt::NoDevice& e) {
      GTEST_SKIP() << "no CUDA device here: " << e.what();
    }
    kernels_.emplace(contracts_kernels_kernels::load(*context_));
    stream_.emplace(*context_);
  }
  const simt::Context& ctx() const { return *context_; }
  const Kernels& kernels() const { return *kernels_; }
  const simt::Stream& stream() const { return *stream_; }

  std::optional<simt::Context> context_;
  std::optional<Kernels> kernels_;
  std::optional<simt::Stream> stream_;
  std::mt19937 rng_{20261129};
};

TEST_F(ContractsGpu, SaxpyThroughPrepareMatchesTheCpu) {
  for (std::uint32_t n : {1u, 255u, 257u, 4099u, 1000003u}) {
    const std::size_t size = n + 37;  // longer than n: the tail must stay untouched
    // A power of two makes a * x exact, so the GPU's fused multiply-add and the CPU's
    // multiply-then-add round alike.
    const float a = std::vector<float>{0.25f, 0.5f, 2.0f, 4.0f}[rng_() % 4];
    const std::vector<float> x = random_floats(size, rng_), y = random_floats(size, rng_);
    std::vector<float> want = poisoned<float>(size);
    const auto config = simt::LaunchConfig1D::cover(n, 256);
    simt::host::launch_1d(config.grid, config.block, saxpy_n, n, a, simt::host::slice(x), simt::host::slice(y),
                          simt::host::disjoint(want));

    const auto dx = simt::DeviceBuffer<float>::from_host(ctx(), x);
    const auto dy = simt::DeviceBuffer<float>::from_host(ctx(), y);
    auto out = simt::DeviceBuffer<float>::uninitialized(ctx(), size);
    out.fill_bytes(0xFF);
    const auto prepared = kernels().prepare_saxpy_n(config);
    kernels().saxpy_n(stream(), prepared, n, a, dx.view(), dy.view(), out);
    stream().synchronize();
    EXPECT_TRUE(same_bits(out.to_host(), want)) << "n = " << n;
  }
}

TEST_F(ContractsGpu, ScaleRowsWithARuntimeRowWidthMatchesTheCpu) {
  for (auto [rows, width] : {std::pair{1u, 1u}, std::pair{37u, 531u}, std::pair{1000u, 1003u}}) {
    const std::size_t size = std::size_t(rows) * width;
    const std::vector<float> in = random_floats(size, rng_), scale = random_floats(rows, rng_);
    const simt::LaunchConfig2D config{{(width + 31) / 32, (rows + 7) / 8}, {32, 8}};
    std::vector<float> want = poisoned<float>(size);
    simt::host::launch({config.grid.x, config.grid.y, 1}, {32, 8, 1}, scale_rows, rows, simt::host::slice(in),
                       simt::host::slice(scale), simt::host::disjoint_rows(want, width));

    const auto din = simt::DeviceBuffer<float>::from_host(ctx(), in);
    const auto dscale = simt::DeviceBuffer<float>::from_host(ctx(), scale);
    auto out = simt::DeviceBuffer<float>::uninitialized(ctx(), size);
    out.fill_bytes(0xFF);
    const auto prepared = kernels().prepare_scale_rows(config);
    kernels().scale_rows(stream(), prepared, rows, din.view(), dscale.view(), out, width);
    stream().synchronize();
    const std::vector<float> got = out.to_host();
    EXPECT_TRUE(same_bits(got, want)) << rows << " x " << width;
    // And the CPU reference itself: every element written once, with the right value.
    for (std::size_t r = 0; r < rows; ++r)
      for (std::size_t c = 0; c < width; ++c)
        ASSERT_EQ(want[r * width + c], in[r * width + c] * scale[r]) << r << ", " << c;
  }
}

TEST_F(ContractsGpu, CompileTimeRowsAndTilesMatchTheCpu) {
  const std::uint32_t rows = 77;
  const std::size_t size = rows * 100;
  const std::vector<float> in = random_floats(size, rng_);
  const simt::LaunchConfig2D config{{4, 10}, {32, 8}};  // 128 columns, 80 rows: both past the matrix
  std::vector<float> want = poisoned<float>(size);
  simt::host::launch({4, 10, 1}, {32, 8, 1}, offset_rows100, rows, simt::host::slice(in),
                     simt::host::disjoint<simt::space::Rows<100>>(want));
  const auto din = simt::DeviceBuffer<float>::from_host(ctx(), in);
  auto out = simt::DeviceBuffer<float>::uninitialized(ctx(), size);
  out.fill_bytes(0xFF);
  kernels().offset_rows100(stream(), kernels().prepare_offset_rows100(config), rows, din.view(), out);
  stream().synchronize();
  EXPECT_TRUE(same_bits(out.to_host(), want));

  const std::size_t count = 4001;  // 1000 full tiles and one of a single element
  std::vector<int> want_tiles = poisoned<int>(count);
  simt::host::launch_1d(8, 128, tiles4, simt::host::disjoint<simt::space::Tile<4>>(want_tiles));
  auto tiles = simt::DeviceBuffer<int>::uninitialized(ctx(), count);
  tiles.fill_bytes(0xFF);
  kernels().tiles4(stream(), kernels().prepare_tiles4(simt::LaunchConfig1D{8, 128}), tiles);
  stream().synchronize();
  const std::vector<int> got = tiles.to_host();
  EXPECT_TRUE(same_bits(got, want_tiles));
  EXPECT_EQ(got[4000], 10000);

  // load() and store() of whole tiles (vector accesses) and of the last, partial one; through a
  // view one element in, no tile is 16-byte aligned and every access is an element's.
  std::mt19937 rng(41);
  std::uniform_int_distribution<int> dist(-1000, 1000);
  std::vector<int> start(count + 1);
  for (int& v : start) v = dist(rng);
  for (const std::size_t skip : {std::size_t{0}, std::size_t{1}}) {
    const std::size_t n = 3999 - skip;  // a partial last tile of 3 or 2 elements
    std::vector<int> want_vector(start.begin() + skip, start.begin() + skip + n);
    simt::host::launch_1d(8, 128, tiles4_vector, simt::host::disjoint<simt::space::Tile<4>>(want_vector));
    auto all = simt::DeviceBuffer<int>::from_host(ctx(), start);
    kernels().tiles4_vector(stream(), kernels().prepare_tiles4_vector(simt::LaunchConfig1D{8, 128}),
                            all.view().subview(skip, n));
    stream().synchronize();
    const std::vector<int> got_all = all.to_host();
    std::vector<int> want_all = start;
    std::copy(want_vector.begin(), want_vector.end(), want_all.begin() + skip);
    EXPECT_TRUE(same_bits(got_all, want_all)) << "view from element " << skip;
    EXPECT_EQ(got_all[skip + 5], start[skip + 5] * 3 + 1) << "view from element " << skip;
  }
}

TEST_F(ContractsGpu, AWrongBlockIsRejectedOnTheHostAndByTheDriver) {
  const std::uint32_t n = 5000;
  const auto x = simt::DeviceBuffer<float>::zeroed(ctx(), n);
  auto out = simt::DeviceBuffer<float>::uninitialized(ctx(), n);
  out.fill_bytes(0xFF);
  const auto wrong = simt::LaunchConfig1D::cover(n, 128);
  try {
    (void)kernels().prepare_saxpy_n(wrong);
    ADD_FAILURE() << "prepare accepted a block of 128";
  } catch (const simt::ContractError& e) {
    EXPECT_EQ(e.clause(), simt::ContractClause::block_shape);
    EXPECT_STREQ(e.what(), "saxpy_n: block (128, 1, 1) does not match the contract's simt::block(256, 1, 1)");
  }
  // Forced past the host check, the driver refuses it: the PTX entry carries .reqntid 256.
  try {
    kernels().saxpy_n_unchecked(stream(), wrong, n, 1.0f, x.view(), x.view(), out);
    stream().synchronize();
    ADD_FAILURE() << "the driver launched a block of 128 despite .reqntid 256";
  } catch (const simt::LaunchError& e) {
    EXPECT_EQ(e.result_name(), "CUDA_ERROR_INVALID_VALUE") << e.what();
  }
  // Nothing ran, and the context is still usable.
  std::vector<float> got = out.to_host();
  EXPECT_TRUE(same_bits(got, poisoned<float>(n)));
  kernels().saxpy_n(stream(), kernels().prepare_saxpy_n(simt::LaunchConfig1D::cover(n, 256)), n, 1.0f, x.view(),
                    x.view(), out);
  stream().synchronize();
  EXPECT_TRUE(same_bits(out.to_host(), std::vector<float>(n, 0.0f)));
}

TEST_F(ContractsGpu, AnAliasingLaunchIsRejected) {
  auto both = simt::DeviceBuffer<float>::zeroed(ctx(), 3000);
  const auto y = simt::DeviceBuffer<float>::zeroed(ctx(), 2000);
  const simt::DeviceView<const float> x = both.view().subview(0, 2000);
  const simt::DeviceView<float> out = both.view().subview(1000, 2000);
  const auto prepared = kernels().prepare_saxpy_n(simt::LaunchConfig1D::cover(2000, 256));
  const std::uint64_t base = both.device_ptr();
  try {
    kernels().saxpy_n(stream(), prepared, 2000, 1.0f, x, y.view(), out);
    ADD_FAILURE() << "an output overlapping an input was launched";
  } catch (const simt::ContractError& e) {
    EXPECT_EQ(e.clause(), simt::ContractClause::aliasing);
    EXPECT_EQ(std::string(e.what()), "saxpy_n: DisjointSlice 'out' overlaps 'x': bytes [" + hex(base + 4000) + ", " +
                                         hex(base + 12000) + ") and [" + hex(base) + ", " + hex(base + 8000) + ")");
  }
}

TEST_F(ContractsGpu, AViolatedRequirementIsReportedWithItsNumbers) {
  const auto x = simt::DeviceBuffer<float>::zeroed(ctx(), 8192);
  const auto y = simt::DeviceBuffer<float>::zeroed(ctx(), 16384);
  auto out = simt::DeviceBuffer<float>::zeroed(ctx(), 16384);
  const auto prepared = kernels().prepare_saxpy_n(simt::LaunchConfig1D::cover(16384, 256));
  try {
    kernels().saxpy_n(stream(), prepared, 16384, 1.0f, x.view(), y.view(), out);
    ADD_FAILURE() << "a launch reading past x was accepted";
  } catch (const simt::ContractError& e) {
    EXPECT_EQ(e.clause(), simt::ContractClause::requirement);
    EXPECT_STREQ(e.what(), "saxpy_n: requirement 'x.size() >= n' violated: 8192 < 16384");
  }
}

TEST_F(ContractsGpu, ResourceQueries) {
  const simt::KernelAttributes a = kernels().saxpy_n_attributes();
  EXPECT_GT(a.num_registers, 0);
  EXPECT_EQ(a.static_shared_bytes, 0u);
  EXPECT_GE(kernels().saxpy_n_max_active_blocks_per_sm(256), 1);
  std::printf("saxpy_n: %d registers, %zu bytes local, max %d threads per block, %d blocks of 256 per SM\n",
              a.num_registers, a.local_bytes, a.max_threads_per_block, kernels().saxpy_n_max_active_blocks_per_sm(256));
}

}  // namespace
