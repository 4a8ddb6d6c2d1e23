// Launch kinds: cooperative launches (checked against occupancy x SM count), thread block
// clusters, launch priorities, and their errors.
#include <cuda.h>

#include <string>

#include "fake_driver.hpp"

namespace {

using simt_test::fake;
using simt_test::what_of;

class LaunchAttributesTest : public simt_test::FakeDriverTest {};

TEST_F(LaunchAttributesTest, PlainStreamsLaunchWithCuLaunchKernel) {
  const auto ctx = simt::Context::primary();
  const auto kernel = simt::Module::load_ptx(ctx, simt_test::kSaxpyPtx, "m").kernel("empty");
  simt::Stream stream(ctx);
  EXPECT_TRUE(stream.launch_attributes().empty());
  kernel.launch(stream, simt::LaunchConfig1D{4, 32}, nullptr, 0);
  FakeCudaLaunch launch{};
  fake().fake_cuda_last_launch(&launch);
  EXPECT_EQ(launch.via_ex, 0);
  EXPECT_EQ(fake().fake_cuda_call_count("cuLaunchKernelEx"), 0);
}

TEST_F(LaunchAttributesTest, CooperativeLaunchWithinTheResidencyLimit) {
  const auto ctx = simt::Context::primary();
  const auto kernel = simt::Module::load_ptx(ctx, simt_test::kSaxpyPtx, "m").kernel("empty");
  simt::Stream stream(ctx);
  const auto cooperative = stream.with_launch_attributes(simt::cooperative_launch());
  EXPECT_EQ(cooperative.native_handle(), stream.native_handle());  // the same stream
  // The fake's occupancy: 2048 / 256 = 8 blocks per SM, x 132 SMs = 1056 co-resident blocks.
  kernel.launch(cooperative, simt::LaunchConfig1D{1056, 256}, nullptr, 0);
  FakeCudaLaunch launch{};
  fake().fake_cuda_last_launch(&launch);
  EXPECT_EQ(launch.via_ex, 1);
  EXPECT_EQ(launch.cooperative, 1);
  EXPECT_EQ(launch.grid[0], 1056u);
}

TEST_F(LaunchAttributesTest, CooperativeGridBeyondCoResidencyNamesTheNumbers) {
  const auto ctx = simt::Context::primary();
  const auto kernel = simt::Module::load_ptx(ctx, simt_test::kSaxpyPtx, "m").kernel("empty");
  const auto stream = simt::Stream(ctx).with_launch_attributes(simt::cooperative_launch());
  EXPECT_EQ(what_of<simt::LaunchError>([&] { kernel.launch(stream, simt::LaunchConfig1D{1057, 256}, nullptr, 0); }),
            "launching kernel 'empty' cooperatively with grid (1057, 1, 1), block (256, 1, 1), shared 0 bytes: its 1057 "
            "blocks cannot all be resident at once: the device holds at most 8 such blocks per SM x 132 SMs = 1056 "
            "(occupancy x SM count); use a smaller grid that loops over the work");
  EXPECT_EQ(fake().fake_cuda_call_count("cuLaunchKernelEx"), 0);
}

TEST_F(LaunchAttributesTest, ClusterLaunch) {
  const auto ctx = simt::Context::primary();
  const auto kernel = simt::Module::load_ptx(ctx, simt_test::kSaxpyPtx, "m").kernel("empty");
  const auto stream = simt::Stream(ctx).with_launch_attributes(simt::cluster_launch(2, 2));
  kernel.launch(stream, simt::LaunchConfig2D{{4, 6}, {32, 4}}, nullptr, 0);
  FakeCudaLaunch launch{};
  fake().fake_cuda_last_launch(&launch);
  EXPECT_EQ(launch.cluster[0], 2u);
  EXPECT_EQ(launch.cluster[1], 2u);
  EXPECT_EQ(launch.cluster[2], 1u);
  EXPECT_EQ(launch.cooperative, 0);
}

TEST_F(LaunchAttributesTest, ClusterErrorsNameShapesAndArch) {
  const auto ctx = simt::Context::primary();
  const auto kernel = simt::Module::load_ptx(ctx, simt_test::kSaxpyPtx, "m").kernel("empty");
  simt::Stream stream(ctx);
  EXPECT_EQ(what_of<simt::LaunchError>([&] {
              kernel.launch(stream.with_launch_attributes(simt::cluster_launch(4)), simt::LaunchConfig1D{6, 32}, nullptr, 0);
            }),
            "launching kernel 'empty' in clusters with grid (6, 1, 1), block (32, 1, 1), shared 0 bytes: the grid (6, 1, "
            "1) is not a whole number of clusters (4, 1, 1) in every dimension");
  EXPECT_EQ(what_of<simt::LaunchError>([&] {
              kernel.launch(stream.with_launch_attributes(simt::cluster_launch(4, 4)), simt::LaunchConfig2D{{4, 4}, {32, 1}},
                            nullptr, 0);
            }),
            "launching kernel 'empty' in clusters with grid (4, 4, 1), block (32, 1, 1), shared 0 bytes: a cluster of (4, "
            "4, 1) is 16 blocks, more than the portable limit of 8");
  EXPECT_EQ(what_of<simt::LaunchError>([&] {
              kernel.launch(stream.with_launch_attributes(simt::cluster_launch(2, 0)), simt::LaunchConfig1D{2, 32}, nullptr, 0);
            }),
            "launching kernel 'empty' in clusters with grid (2, 1, 1), block (32, 1, 1), shared 0 bytes: the cluster "
            "shape (2, 0, 1) has an empty extent");
}

TEST_F(LaunchAttributesTest, ClustersNeedHopper) {
  fake().fake_cuda_set_device_attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, 8);
  const auto ctx = simt::Context::primary();
  const auto kernel = simt::Module::load_ptx(ctx, simt_test::kSaxpyPtx, "m").kernel("empty");
  const auto stream = simt::Stream(ctx).with_launch_attributes(simt::cluster_launch(2));
  EXPECT_EQ(what_of<simt::LaunchError>([&] { kernel.launch(stream, simt::LaunchConfig1D{2, 32}, nullptr, 0); }),
            "launching kernel 'empty' in clusters with grid (2, 1, 1), block (32, 1, 1), shared 0 bytes: thread block "
            "clusters need compute capability 9.0; device 0 has 8.0");
}

TEST_F(LaunchAttributesTest, PriorityAttributeAndDriverRefusal) {
  const auto ctx = simt::Context::primary();
  const auto kernel = simt::Module::load_ptx(ctx, simt_test::kSaxpyPtx, "m").kernel("empty");
  simt::LaunchAttributes attributes;
  attributes.priority = -3;
  const auto stream = simt::Stream(ctx).with_launch_attributes(attributes);
  EXPECT_EQ(stream.launch_attributes(), attributes);
  kernel.launch(stream, simt::LaunchConfig1D{1, 32}, nullptr, 0);
  FakeCudaLaunch launch{};
  fake().fake_cuda_last_launch(&launch);
  EXPECT_EQ(launch.priority, -3);
  fake().fake_cuda_fail_next("cuLaunchKernelEx", CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE);
  const std::string message = what_of<simt::LaunchError>([&] { kernel.launch(stream, simt::LaunchConfig1D{1, 32}, nullptr, 0); });
  EXPECT_EQ(message.substr(0, message.find(": CUDA_")),
            "launching kernel 'empty' with grid (1, 1, 1), block (32, 1, 1), shared 0 bytes (cuLaunchKernelEx)");
}

class LegacyLaunchTest : public simt_test::FakeDriverTest {
protected:
  void SetUp() override {
    FakeDriverTest::SetUp();
    simt::detail::reset_driver_for_testing(SIMT_FAKE_CUDA_LEGACY_PATH);
  }
};

TEST_F(LegacyLaunchTest, ExtendedLaunchWithoutCuLaunchKernelExNamesTheEntry) {
  const auto ctx = simt::Context::primary();
  const auto kernel = simt::Module::load_ptx(ctx, simt_test::kSaxpyPtx, "m").kernel("empty");
  simt::Stream stream(ctx);
  kernel.launch(stream, simt::LaunchConfig1D{1, 32}, nullptr, 0);  // plain launches still work
  EXPECT_EQ(what_of<simt::Error>([&] {
              kernel.launch(stream.with_launch_attributes(simt::cooperative_launch()), simt::LaunchConfig1D{1, 32}, nullptr, 0);
            }),
            std::string("cuLaunchKernelEx is missing from the CUDA driver ") + SIMT_FAKE_CUDA_LEGACY_PATH +
                ": this feature needs a newer driver than the one loaded; update the NVIDIA driver");
}

}  // namespace
