// The generated checked launchers of contract_kernels.cpp against the fake CUDA driver: what
// prepare_<kernel>() rejects with the device's limits, what the checked launcher rejects with
// the arguments, and what reaches cuLaunchKernel when everything holds.
#include <cuda.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <type_traits>

#include "contract_kernels.simt.hpp"
#include "fake_driver.hpp"
#include "violation.hpp"

namespace {

using simt_test::fake;
using Kernels = contract_kernels_kernels::Kernels;

class GeneratedLaunchTest : public simt_test::FakeDriverTest {};

template <class T>
T arg_at(const FakeCudaLaunch& launch, unsigned index) {
  T value{};
  EXPECT_EQ(launch.param_size[index], sizeof(T));
  std::memcpy(&value, launch.args + launch.param_offset[index], sizeof(T));
  return value;
}

using simt_test::violation;

int launches() { return fake().fake_cuda_call_count("cuLaunchKernel"); }

std::string hex(std::uint64_t v) {
  char buffer[24];
  std::snprintf(buffer, sizeof buffer, "0x%llx", static_cast<unsigned long long>(v));
  return buffer;
}

// Each kernel's prepared launch is its own type, made only by prepare_<kernel>().
static_assert(!std::is_convertible_v<Kernels::saxpy_n_launch, Kernels::fill_rows_launch>);
static_assert(!std::is_constructible_v<Kernels::saxpy_n_launch, simt::LaunchShape, const CUfunc_st*>);
// A kernel without a contract has no checked launch at all.
template <class K>
concept HasCheckedRaw = requires(const K& k) { k.prepare_raw(simt::LaunchConfig1D{}); };
static_assert(!HasCheckedRaw<Kernels>);

TEST_F(GeneratedLaunchTest, APreparedLaunchReachesTheDriver) {
  const auto ctx = simt::Context::primary();
  const Kernels kernels = contract_kernels_kernels::load(ctx);
  simt::Stream stream(ctx);
  const auto x = simt::DeviceBuffer<float>::zeroed(ctx, 1000);
  auto y = simt::DeviceBuffer<float>::zeroed(ctx, 1000);
  const auto prepared = kernels.prepare_saxpy_n(simt::LaunchConfig1D::cover(1000, 256));
  EXPECT_EQ(prepared.shape().grid.x, 4u);
  kernels.saxpy_n(stream, prepared, 1000, 2.5f, x.view(), y);

  FakeCudaLaunch launch{};
  ASSERT_EQ(fake().fake_cuda_last_launch(&launch), 1);
  EXPECT_STREQ(launch.kernel, "saxpy_n");
  EXPECT_EQ(launch.grid[0], 4u);
  EXPECT_EQ(launch.block[0], 256u);
  ASSERT_EQ(launch.param_count, 6u);
  EXPECT_EQ(arg_at<std::uint32_t>(launch, 0), 1000u);
  EXPECT_EQ(arg_at<float>(launch, 1), 2.5f);
  EXPECT_EQ(arg_at<std::uint64_t>(launch, 2), x.device_ptr());
  EXPECT_EQ(arg_at<std::uint64_t>(launch, 3), 1000u);
  EXPECT_EQ(arg_at<std::uint64_t>(launch, 4), y.device_ptr());
  EXPECT_EQ(arg_at<std::uint64_t>(launch, 5), 1000u);
}

TEST_F(GeneratedLaunchTest, AWrongBlockShapeIsRejectedBeforeTheDriver) {
  const auto ctx = simt::Context::primary();
  const Kernels kernels = contract_kernels_kernels::load(ctx);
  EXPECT_EQ(violation(simt::ContractClause::block_shape,
                      [&] { (void)kernels.prepare_saxpy_n(simt::LaunchConfig1D::cover(1000, 128)); }),
            "saxpy_n: block (128, 1, 1) does not match the contract's simt::block(256, 1, 1)");
  EXPECT_EQ(launches(), 0);
}

TEST_F(GeneratedLaunchTest, ARequirementViolationNamesTheNumbers) {
  const auto ctx = simt::Context::primary();
  const Kernels kernels = contract_kernels_kernels::load(ctx);
  simt::Stream stream(ctx);
  const auto x = simt::DeviceBuffer<float>::zeroed(ctx, 8192);
  auto y = simt::DeviceBuffer<float>::zeroed(ctx, 16384);
  const auto prepared = kernels.prepare_saxpy_n(simt::LaunchConfig1D::cover(16384, 256));
  EXPECT_EQ(violation(simt::ContractClause::requirement,
                      [&] { kernels.saxpy_n(stream, prepared, 16384, 1.0f, x.view(), y); }),
            "saxpy_n: requirement 'x.size() >= n' violated: 8192 < 16384");
  EXPECT_EQ(launches(), 0);
}

TEST_F(GeneratedLaunchTest, AlignmentAndRemainderRequirementsAreChecked) {
  const auto ctx = simt::Context::primary();
  const Kernels kernels = contract_kernels_kernels::load(ctx);
  simt::Stream stream(ctx);
  const auto x = simt::DeviceBuffer<float>::zeroed(ctx, 1028);
  auto y = simt::DeviceBuffer<float>::zeroed(ctx, 1028);
  const auto prepared = kernels.prepare_aligned_copy(simt::LaunchConfig1D::cover(1024, 64));
  kernels.aligned_copy(stream, prepared, 1024, x.view(), y);
  EXPECT_EQ(launches(), 1);
  // One element in: 4 bytes past a 16-byte boundary (the allocation is 16-byte aligned).
  EXPECT_EQ(violation(simt::ContractClause::requirement,
                      [&] { kernels.aligned_copy(stream, prepared, 1024, x.view().subview(1, 1024), y); }),
            "aligned_copy: requirement 'x.address() % 16 == 0' violated: 4 != 0");
  EXPECT_EQ(violation(simt::ContractClause::requirement,
                      [&] { kernels.aligned_copy(stream, prepared, 1024, x.view(), y.view().subview(2, 1024)); }),
            "aligned_copy: requirement 'y.address() % 16 == 0' violated: 8 != 0");
  EXPECT_EQ(violation(simt::ContractClause::requirement,
                      [&] { kernels.aligned_copy(stream, prepared, 1022, x.view(), y); }),
            "aligned_copy: requirement 'n % 4 == 0' violated: 2 != 0");
  EXPECT_EQ(launches(), 1);
}

TEST_F(GeneratedLaunchTest, AnOutputOverlappingAnInputIsRejected) {
  const auto ctx = simt::Context::primary();
  const Kernels kernels = contract_kernels_kernels::load(ctx);
  simt::Stream stream(ctx);
  auto both = simt::DeviceBuffer<float>::zeroed(ctx, 2000);
  const simt::DeviceView<const float> x = both.view().subview(0, 1000);
  const simt::DeviceView<float> y = both.view().subview(500, 1000);
  const auto prepared = kernels.prepare_saxpy_n(simt::LaunchConfig1D::cover(1000, 256));
  const std::uint64_t base = both.device_ptr();
  EXPECT_EQ(violation(simt::ContractClause::aliasing, [&] { kernels.saxpy_n(stream, prepared, 1000, 1.0f, x, y); }),
            "saxpy_n: DisjointSlice 'y' overlaps 'x': bytes [" + hex(base + 2000) + ", " + hex(base + 6000) +
                ") and [" + hex(base) + ", " + hex(base + 4000) + ")");
  EXPECT_EQ(launches(), 0);
}

TEST_F(GeneratedLaunchTest, APreparedLaunchBelongsToOneLoadedKernel) {
  const auto ctx = simt::Context::primary();
  const Kernels first = contract_kernels_kernels::load(ctx);
  const Kernels second = contract_kernels_kernels::load(ctx);
  simt::Stream stream(ctx);
  const auto x = simt::DeviceBuffer<float>::zeroed(ctx, 256);
  auto y = simt::DeviceBuffer<float>::zeroed(ctx, 256);
  const auto prepared = first.prepare_saxpy_n(simt::LaunchConfig1D::cover(256, 256));
  EXPECT_EQ(violation(simt::ContractClause::wrong_kernel,
                      [&] { second.saxpy_n(stream, prepared, 256, 1.0f, x.view(), y); }),
            "saxpy_n: the launch was prepared with another loaded copy of this kernel (another module or "
            "context); prepare it with the one that launches it");
}

TEST_F(GeneratedLaunchTest, TheStreamMustBelongToTheKernelsContext) {
  fake().fake_cuda_set_device_count(2);
  const auto ctx0 = simt::Context::primary(0);
  const auto ctx1 = simt::Context::primary(1);
  const Kernels kernels = contract_kernels_kernels::load(ctx0);
  simt::Stream other(ctx1);
  const auto x = simt::DeviceBuffer<float>::zeroed(ctx0, 256);
  auto y = simt::DeviceBuffer<float>::zeroed(ctx0, 256);
  const auto prepared = kernels.prepare_saxpy_n(simt::LaunchConfig1D::cover(256, 256));
  EXPECT_EQ(violation(simt::ContractClause::wrong_context,
                      [&] { kernels.saxpy_n(other, prepared, 256, 1.0f, x.view(), y); }),
            "saxpy_n: the stream belongs to the context of device 1, but the kernel's module is loaded in the "
            "context of device 0");
}

TEST_F(GeneratedLaunchTest, ARuntimeRowWidthTravelsWithItsSlice) {
  const auto ctx = simt::Context::primary();
  const Kernels kernels = contract_kernels_kernels::load(ctx);
  simt::Stream stream(ctx);
  auto out = simt::DeviceBuffer<float>::zeroed(ctx, 15);
  const auto prepared = kernels.prepare_fill_rows(simt::LaunchConfig2D{{1, 1}, {8, 4}});
  kernels.fill_rows(stream, prepared, 3, out, 5);
  FakeCudaLaunch launch{};
  ASSERT_EQ(fake().fake_cuda_last_launch(&launch), 1);
  EXPECT_STREQ(launch.kernel, "fill_rows");
  ASSERT_EQ(launch.param_count, 4u);
  EXPECT_EQ(arg_at<std::uint32_t>(launch, 0), 3u);
  EXPECT_EQ(arg_at<std::uint64_t>(launch, 1), out.device_ptr());
  EXPECT_EQ(arg_at<std::uint64_t>(launch, 2), 15u);
  EXPECT_EQ(arg_at<std::uint64_t>(launch, 3), 5u);
  EXPECT_EQ(violation(simt::ContractClause::requirement, [&] { kernels.fill_rows(stream, prepared, 3, out, 6); }),
            "fill_rows: requirement 'out.size() == rows * out.row_width()' violated: 15 != 18");
}

TEST_F(GeneratedLaunchTest, TheThreadBoundAndTheCompiledKernelsLimit) {
  const auto ctx = simt::Context::primary();
  const Kernels kernels = contract_kernels_kernels::load(ctx);
  EXPECT_EQ(violation(simt::ContractClause::max_threads,
                      [&] { (void)kernels.prepare_fill_rows(simt::LaunchConfig2D{{1, 1}, {32, 32}}); }),
            "fill_rows: block (32, 32, 1) has 1024 threads, more than the contract's simt::max_threads(512)");
  fake().fake_cuda_set_function_attribute(CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, 128);
  EXPECT_EQ(violation(simt::ContractClause::device_block,
                      [&] { (void)kernels.prepare_fill_rows(simt::LaunchConfig2D{{1, 1}, {16, 16}}); }),
            "fill_rows: block (16, 16, 1) has 256 threads; the compiled kernel allows at most 128 per block (its "
            "register use)");
}

TEST_F(GeneratedLaunchTest, DynamicSharedMemoryAbove48KiBIsOptedIn) {
  const auto ctx = simt::Context::primary();
  const Kernels kernels = contract_kernels_kernels::load(ctx);
  (void)kernels.prepare_staged(simt::LaunchConfig1D{4, 256, 40000});
  EXPECT_EQ(fake().fake_cuda_call_count("cuFuncSetAttribute"), 0);  // within the default 48 KiB
  (void)kernels.prepare_staged(simt::LaunchConfig1D{4, 256, 100000});
  EXPECT_EQ(fake().fake_cuda_max_dynamic_shared(), 100000);
  (void)kernels.prepare_staged(simt::LaunchConfig1D{4, 256, 60000});  // never lowered again
  EXPECT_EQ(fake().fake_cuda_max_dynamic_shared(), 100000);
  EXPECT_EQ(violation(simt::ContractClause::dynamic_shared,
                      [&] { (void)kernels.prepare_staged(simt::LaunchConfig1D{4, 256, 512}); }),
            "staged: 512 bytes of dynamic shared memory is outside the contract's simt::dynamic_shared(1024, 250000)");
  EXPECT_EQ(violation(simt::ContractClause::device_shared,
                      [&] { (void)kernels.prepare_staged(simt::LaunchConfig1D{4, 256, 240000}); }),
            "staged: 0 bytes of static and 240000 bytes of dynamic shared memory exceed the device's limit of "
            "232448 bytes per block")
      << "(the fake device's opt-in limit is 232448)";
}

// A kernel built for clusters of two blocks: whole clusters launch with a plain cuLaunchKernel
// (the cluster shape is in the PTX), or through a stream that asks for the same shape; another
// shape, or half a cluster, is refused before the driver.
TEST_F(GeneratedLaunchTest, AClusterKernelLaunchesWholeClusters) {
  const auto ctx = simt::Context::primary();
  const Kernels kernels = contract_kernels_kernels::load(ctx);
  simt::Stream stream(ctx);
  auto out = simt::DeviceBuffer<float>::zeroed(ctx, 512);
  kernels.paired(stream, kernels.prepare_paired(simt::LaunchConfig1D{4, 128}), out);
  EXPECT_EQ(launches(), 1);
  EXPECT_EQ(violation(simt::ContractClause::cluster,
                      [&] { (void)kernels.prepare_paired(simt::LaunchConfig1D{3, 128}); }),
            "paired: grid (3, 1, 1) is not a whole number of the contract's simt::cluster(2, 1, 1): its x extent 3 is "
            "not a multiple of 2");
  const auto prepared = kernels.prepare_paired(simt::LaunchConfig1D{4, 128});
  EXPECT_EQ(violation(simt::ContractClause::cluster,
                      [&] { kernels.paired(stream.with_launch_attributes(simt::cluster_launch(4)), prepared, out); }),
            "paired: the stream launches clusters of (4, 1, 1) blocks, but the kernel was built for the contract's "
            "simt::cluster(2, 1, 1)");
  kernels.paired(stream.with_launch_attributes(simt::cluster_launch(2)), prepared, out);
  FakeCudaLaunch launch{};
  fake().fake_cuda_last_launch(&launch);
  EXPECT_EQ(launch.via_ex, 1);
  EXPECT_EQ(launch.cluster[0], 2u);
}

TEST_F(GeneratedLaunchTest, ComputeCapabilityAndResidencyComeFromTheDevice) {
  fake().fake_cuda_set_device_attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, 7);
  fake().fake_cuda_set_device_attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, 5);
  {
    const auto ctx = simt::Context::primary();
    const Kernels kernels = contract_kernels_kernels::load(ctx);
    EXPECT_EQ(violation(simt::ContractClause::min_arch,
                        [&] { (void)kernels.prepare_staged(simt::LaunchConfig1D{4, 256, 2048}); }),
              "staged: the kernel needs compute capability 8.0 (simt::min_arch(80)); the device has 7.5");
  }
}

TEST_F(GeneratedLaunchTest, NotOneBlockFits) {
  // The fake's occupancy splits the SM's shared memory between blocks: 150000 bytes leave room
  // for none of 160000.
  fake().fake_cuda_set_device_attribute(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR, 150000);
  const auto ctx = simt::Context::primary();
  const Kernels kernels = contract_kernels_kernels::load(ctx);
  EXPECT_EQ(violation(simt::ContractClause::residency,
                      [&] { (void)kernels.prepare_staged(simt::LaunchConfig1D{4, 256, 160000}); }),
            "staged: not one block of 256 threads with 0 bytes of static and 160000 bytes of dynamic shared memory "
            "fits on a multiprocessor");
}

TEST_F(GeneratedLaunchTest, AnEmptyGridLaunchesNothing) {
  const auto ctx = simt::Context::primary();
  const Kernels kernels = contract_kernels_kernels::load(ctx);
  simt::Stream stream(ctx);
  const auto x = simt::DeviceBuffer<float>::zeroed(ctx, 1);
  auto y = simt::DeviceBuffer<float>::zeroed(ctx, 1);
  const auto prepared = kernels.prepare_saxpy_n(simt::LaunchConfig1D::cover(0, 256));
  kernels.saxpy_n(stream, prepared, 0, 1.0f, x.view(), y);
  EXPECT_EQ(launches(), 0);
}

TEST_F(GeneratedLaunchTest, ResourceQueriesPerKernel) {
  const auto ctx = simt::Context::primary();
  const Kernels kernels = contract_kernels_kernels::load(ctx);
  const simt::KernelAttributes attributes = kernels.saxpy_n_attributes();
  EXPECT_EQ(attributes.num_registers, 32);  // the fake's defaults
  EXPECT_EQ(attributes.local_bytes, 0u);
  EXPECT_EQ(attributes.static_shared_bytes, 0u);
  EXPECT_EQ(kernels.saxpy_n_max_active_blocks_per_sm(256), 8);  // 2048 threads per SM in the fake
  EXPECT_EQ(kernels.raw_attributes().max_threads_per_block, 1024);
}

TEST_F(GeneratedLaunchTest, TheUncheckedLauncherChecksNothing) {
  const auto ctx = simt::Context::primary();
  const Kernels kernels = contract_kernels_kernels::load(ctx);
  simt::Stream stream(ctx);
  auto both = simt::DeviceBuffer<float>::zeroed(ctx, 2000);
  // Wrong block, short input, overlapping output: all reach the driver (on a GPU, .reqntid
  // makes the driver refuse the block; see tests/gpu/contracts_gpu_test.cpp).
  kernels.saxpy_n_unchecked(stream, simt::LaunchConfig1D{1, 128}, 4000, 1.0f, both.view().subview(0, 1000),
                            both.view().subview(500, 1000));
  EXPECT_EQ(launches(), 1);
}

}  // namespace
