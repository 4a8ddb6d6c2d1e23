// The CPU launchers of the generated headers (<namespace>::host::<kernel>): the checks of the
// GPU launch, with its messages (generated_launch_test.cpp asserts the same texts for the GPU),
// before the kernel runs on the CPU; and launchers that take the user's own parameter types.
#include <gtest/gtest.h>

#include <concepts>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "contract_kernels.simt.hpp"
#include "host_kernels.simt.hpp"
#include "violation.hpp"

namespace {

namespace ck = contract_kernels_kernels::host;
namespace hk = host_kernels_kernels::host;
using simt::host::LaunchSpec;

using simt_test::violation;

std::string hex(const void* p) {
  char buffer[24];
  std::snprintf(buffer, sizeof buffer, "0x%llx", static_cast<unsigned long long>(reinterpret_cast<std::uintptr_t>(p)));
  return buffer;
}

LaunchSpec spec_1d(std::uint32_t grid, std::uint32_t block, std::size_t shared = 0) {
  return LaunchSpec{{grid, 1, 1}, {block, 1, 1}, shared};
}

TEST(HostLaunch, ALaunchThatKeepsTheContractRuns) {
  std::vector<float> x(1000), y(1000, 1.0f);
  for (std::size_t i = 0; i < x.size(); ++i) x[i] = float(i);
  ck::saxpy_n(spec_1d(4, 256), 1000, 2.0f, simt::host::slice(x), simt::host::disjoint(y));
  for (std::size_t i = 0; i < y.size(); ++i) ASSERT_EQ(y[i], 2.0f * float(i) + 1.0f) << i;
}

TEST(HostLaunch, TheBlockShapeIsTheContracts) {
  std::vector<float> x(1000), y(1000, -1.0f);
  EXPECT_EQ(violation(simt::ContractClause::block_shape,
                      [&] { ck::saxpy_n(spec_1d(8, 128), 1000, 1.0f, simt::host::slice(x), simt::host::disjoint(y)); }),
            "saxpy_n: block (128, 1, 1) does not match the contract's simt::block(256, 1, 1)");
  EXPECT_EQ(y[0], -1.0f);  // nothing ran
}

TEST(HostLaunch, RequirementsAreChecked) {
  std::vector<float> x(8192), y(16384);
  EXPECT_EQ(violation(simt::ContractClause::requirement,
                      [&] { ck::saxpy_n(spec_1d(64, 256), 16384, 1.0f, simt::host::slice(x), simt::host::disjoint(y)); }),
            "saxpy_n: requirement 'x.size() >= n' violated: 8192 < 16384");
  std::vector<float> rows(15);
  EXPECT_EQ(violation(simt::ContractClause::requirement,
                      [&] { ck::fill_rows({{1, 1, 1}, {8, 8, 1}}, 3, simt::host::disjoint_rows(rows, 6)); }),
            "fill_rows: requirement 'out.size() == rows * out.row_width()' violated: 15 != 18");
}

TEST(HostLaunch, AlignmentAndRemainderRequirementsAreChecked) {
  std::vector<float> x(1028, 3.0f), y(1028, -1.0f);  // std::vector's storage is 16-byte aligned
  ck::aligned_copy(spec_1d(16, 64), 1024, simt::host::slice(x), simt::host::disjoint(y));
  EXPECT_EQ(y[1023], 3.0f);
  EXPECT_EQ(violation(simt::ContractClause::requirement,
                      [&] {
                        ck::aligned_copy(spec_1d(16, 64), 1024, simt::Slice<const float>(x.data() + 1, 1024),
                                         simt::host::disjoint(y));
                      }),
            "aligned_copy: requirement 'x.address() % 16 == 0' violated: 4 != 0");
  EXPECT_EQ(violation(simt::ContractClause::requirement,
                      [&] { ck::aligned_copy(spec_1d(16, 64), 1021, simt::host::slice(x), simt::host::disjoint(y)); }),
            "aligned_copy: requirement 'n % 4 == 0' violated: 1 != 0");
}

TEST(HostLaunch, OneVectorAsInputAndOutputIsRejected) {
  std::vector<float> both(1000);
  const float* base = both.data();
  EXPECT_EQ(violation(simt::ContractClause::aliasing,
                      [&] { ck::saxpy_n(spec_1d(4, 256), 1000, 1.0f, simt::host::slice(both), simt::host::disjoint(both)); }),
            "saxpy_n: DisjointSlice 'y' overlaps 'x': bytes [" + hex(base) + ", " + hex(base + 1000) + ") and [" +
                hex(base) + ", " + hex(base + 1000) + ")");
}

TEST(HostLaunch, ThreadBoundsSharedMemoryAndTheDeviceLimits) {
  std::vector<float> rows(1024);
  EXPECT_EQ(violation(simt::ContractClause::max_threads,
                      [&] { ck::fill_rows({{1, 1, 1}, {32, 32, 1}}, 32, simt::host::disjoint_rows(rows, 32)); }),
            "fill_rows: block (32, 32, 1) has 1024 threads, more than the contract's simt::max_threads(512)");
  std::vector<int> out(1024);
  EXPECT_EQ(violation(simt::ContractClause::dynamic_shared,
                      [&] { ck::staged(spec_1d(4, 256, 512), 256, simt::host::disjoint(out)); }),
            "staged: 512 bytes of dynamic shared memory is outside the contract's simt::dynamic_shared(1024, 250000)");
  EXPECT_EQ(violation(simt::ContractClause::device_shared,
                      [&] { ck::staged(spec_1d(4, 256, 240000), 256, simt::host::disjoint(out)); }),
            "staged: 0 bytes of static and 240000 bytes of dynamic shared memory exceed the device's limit of "
            "232448 bytes per block");
  // A kernel without a contract is still held to the device's limits and to the aliasing rule.
  EXPECT_EQ(violation(simt::ContractClause::device_block, [&] { ck::raw(spec_1d(1, 2048), simt::host::disjoint(out)); }),
            "raw: block (2048, 1, 1) has 2048 threads; the device allows at most 1024 per block");
  EXPECT_EQ(violation(simt::ContractClause::dynamic_shared, [&] { ck::raw(spec_1d(1, 32, 16), simt::host::disjoint(out)); }),
            "raw: the launch asks for 16 bytes of dynamic shared memory, but the kernel declares none "
            "(simt::dynamic_shared)");
  ck::raw(spec_1d(4, 256), simt::host::disjoint(out));
  EXPECT_EQ(out[1023], 1);
}

TEST(HostLaunch, LaunchOptionsReachTheCpuPath) {
  std::vector<float> x(300, 1.0f), y(300, 0.0f);
  simt::host::LaunchOptions options;
  options.detect_races = true;
  const simt::host::LaunchResult result =
      ck::saxpy_n(options, spec_1d(2, 256), 300, 3.0f, simt::host::slice(x), simt::host::disjoint(y));
  EXPECT_EQ(result.race_count, 0u);
  EXPECT_EQ(y[299], 3.0f);
}

// The launchers take the struct of the shared header itself, on the CPU and on the GPU.
[[maybe_unused]] void (*const cpu_smooth)(const LaunchSpec&, filters::Taps, simt::Slice<const float>,
                                          simt::DisjointSlice<float>) = &hk::smooth;
template <class K>
concept TakesTheUsersTaps = requires(const K& k, const simt::Stream& s, filters::Taps t,
                                     simt::DeviceView<const float> in, simt::DeviceView<float> out) {
  k.smooth_unchecked(s, simt::LaunchConfig1D{}, t, in, out);
};
static_assert(TakesTheUsersTaps<host_kernels_kernels::Kernels>);
// A struct the kernel file defines is copied into the header (that kernel has no CPU launcher:
// tests/codegen/header_launcher.test).
static_assert(sizeof(host_kernels_kernels::Local) == sizeof(float));

TEST(HostLaunch, TheUsersOwnStructAndNamespacedKernels) {
  std::vector<float> in(515), out(515, -1.0f);
  for (std::size_t i = 0; i < in.size(); ++i) in[i] = float(i % 7);
  const filters::Taps taps{{0.25f, 0.5f, 0.25f}, 3};
  hk::smooth(spec_1d(5, 128), taps, simt::host::slice(in), simt::host::disjoint(out));
  for (std::size_t i = 0; i < out.size(); ++i) {
    float want = 0.0f;
    for (std::size_t k = 0; k < 3; ++k)
      if (i + k < in.size()) want += taps.weight[k] * in[i + k];
    ASSERT_EQ(out[i], want) << i;
  }
  EXPECT_EQ(violation(simt::ContractClause::block_shape,
                      [&] { hk::smooth(spec_1d(5, 64), taps, simt::host::slice(in), simt::host::disjoint(out)); }),
            "smooth: block (64, 1, 1) does not match the contract's simt::block(128, 1, 1)");
  std::vector<std::uint32_t> ids(700);
  hk::ops_iota(spec_1d(3, 256), simt::host::disjoint(ids));
  EXPECT_EQ(ids[699], 699u);
  EXPECT_EQ(violation(simt::ContractClause::max_threads, [&] { hk::ops_iota(spec_1d(1, 512), simt::host::disjoint(ids)); }),
            "ops::iota: block (512, 1, 1) has 512 threads, more than the contract's simt::max_threads(256)");
}

}  // namespace
