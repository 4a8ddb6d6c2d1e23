// The generated launcher of a kernel that takes a TMA tensor map (tests/gpu/hopper_tma_kernels.cpp,
// built for sm_90a) against the fake CUDA driver: the map's 128 encoded bytes reach the kernel's
// 64-byte aligned parameter, an output overlapping the map's buffer is refused by the aliasing
// check, and the module refuses a device it cannot run on.
#include <cuda.h>

#include <cstdint>
#include <cstring>
#include <string>

#include "fake_driver.hpp"
#include "hopper_tma_kernels.simt.hpp"
#include "violation.hpp"

namespace {

using simt_test::fake;
using simt_test::violation;

class TensorMapLaunchTest : public simt_test::FakeDriverTest {};

std::string hex(std::uint64_t v) {
  char buffer[24];
  std::snprintf(buffer, sizeof buffer, "0x%llx", static_cast<unsigned long long>(v));
  return buffer;
}

TEST_F(TensorMapLaunchTest, TheDescriptorReachesTheParameter) {
  const auto ctx = simt::Context::primary();
  const auto kernels = hopper_tma_kernels_kernels::load(ctx);
  simt::Stream stream(ctx);
  const auto in = simt::DeviceBuffer<float>::zeroed(ctx, 100 * 37);
  auto out = simt::DeviceBuffer<float>::zeroed(ctx, 128 * 40);
  const auto map = simt::TensorMap<float, 32, 8>::tiled(in.view(), {100, 37});
  kernels.tma_box_copy(stream, kernels.prepare_tma_box_copy(simt::LaunchConfig2D{{4, 5}, {32, 8}}), map, out, 128);

  FakeCudaLaunch launch{};
  ASSERT_EQ(fake().fake_cuda_last_launch(&launch), 1);
  EXPECT_STREQ(launch.kernel, "tma_box_copy");
  ASSERT_EQ(launch.param_count, 4u);
  EXPECT_EQ(launch.param_size[0], 128u);
  EXPECT_EQ(launch.param_offset[0], 0u);
  EXPECT_EQ(std::memcmp(launch.args, map.descriptor(), 128), 0);
  FakeCudaTensorMap encoded{};
  std::memcpy(&encoded, launch.args, sizeof encoded);
  EXPECT_EQ(encoded.address, in.device_ptr());
  EXPECT_EQ(encoded.dims[0], 100u);
  EXPECT_EQ(encoded.dims[1], 37u);
  std::uint64_t out_ptr = 0;
  std::memcpy(&out_ptr, launch.args + launch.param_offset[1], sizeof out_ptr);
  EXPECT_EQ(out_ptr, out.device_ptr());
}

TEST_F(TensorMapLaunchTest, AnOutputOverlappingTheMapsBufferIsRefused) {
  const auto ctx = simt::Context::primary();
  const auto kernels = hopper_tma_kernels_kernels::load(ctx);
  simt::Stream stream(ctx);
  auto both = simt::DeviceBuffer<float>::zeroed(ctx, 128 * 40);
  const auto map = simt::TensorMap<float, 32, 8>::tiled(both.view(), {100, 37});
  const std::uint64_t base = both.device_ptr();
  const auto prepared = kernels.prepare_tma_box_copy(simt::LaunchConfig2D{{4, 5}, {32, 8}});
  EXPECT_EQ(violation(simt::ContractClause::aliasing, [&] { kernels.tma_box_copy(stream, prepared, map, both, 128); }),
            "tma_box_copy: DisjointSlice 'out' overlaps 'in': bytes [" + hex(base) + ", " + hex(base + 20480) +
                ") and [" + hex(base) + ", " + hex(base + 20480) + ")");
  EXPECT_EQ(fake().fake_cuda_call_count("cuLaunchKernel"), 0);
}

TEST_F(TensorMapLaunchTest, TheModuleRefusesAnotherComputeCapability) {
  fake().fake_cuda_set_device_attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, 10);
  fake().fake_cuda_set_device_attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, 0);
  const auto ctx = simt::Context::primary();
  EXPECT_EQ(simt_test::what_of<simt::UsageError>([&] { hopper_tma_kernels_kernels::load(ctx); }),
            "loading module 'hopper_tma_kernels.cpp': the PTX is for sm_90a, which runs only on devices of compute "
            "capability 9.0; this device has 10.0 (rebuild with --arch sm_100)");
}

}  // namespace
