// Context: primary context retain/release, limits, current-context handling.
#include <cuda.h>

#include <thread>
#include <vector>

#include "fake_driver.hpp"

namespace {

using simt_test::fake;
using simt_test::what_of;

class ContextTest : public simt_test::FakeDriverTest {};

TEST_F(ContextTest, LimitsComeFromDeviceAttributes) {
  fake().fake_cuda_set_device_attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, 8);
  fake().fake_cuda_set_device_attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, 6);
  fake().fake_cuda_set_device_attribute(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, 84);
  fake().fake_cuda_set_device_attribute(CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z, 32);
  fake().fake_cuda_set_device_attribute(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, 101376);
  fake().fake_cuda_set_total_memory(std::size_t{24} << 30);
  const auto ctx = simt::Context::primary();
  const simt::DeviceLimits l = ctx.limits();
  EXPECT_EQ(l.compute_capability, 86);
  EXPECT_EQ(ctx.compute_capability(), 86);
  EXPECT_EQ(l.sm_count, 84);
  EXPECT_EQ(l.warp_size, 32);
  EXPECT_EQ(l.max_threads_per_block, 1024);
  EXPECT_EQ(l.max_block_dim, (std::array<int, 3>{1024, 1024, 32}));
  EXPECT_EQ(l.max_grid_dim, (std::array<int, 3>{2147483647, 65535, 65535}));
  EXPECT_EQ(l.max_shared_per_block, 49152u);
  EXPECT_EQ(l.max_shared_per_block_optin, 101376u);
  EXPECT_EQ(l.max_shared_per_sm, 233472u);
  EXPECT_EQ(l.max_registers_per_block, 65536);
  EXPECT_EQ(l.total_memory, std::size_t{24} << 30);
}

TEST_F(ContextTest, LimitsAreQueriedOnceAndSharedByCopies) {
  const auto ctx = simt::Context::primary();
  (void)ctx.limits();
  const int queries = fake().fake_cuda_call_count("cuDeviceGetAttribute");
  EXPECT_GT(queries, 0);
  const simt::Context copy = ctx;  // NOLINT(performance-unnecessary-copy-initialization)
  (void)copy.limits();
  (void)ctx.compute_capability();
  EXPECT_EQ(fake().fake_cuda_call_count("cuDeviceGetAttribute"), queries);
}

TEST_F(ContextTest, CopiesShareOneRetainedPrimaryContext) {
  {
    const auto ctx = simt::Context::primary();
    EXPECT_EQ(fake().fake_cuda_primary_retains(0), 1);
    {
      const simt::Context copy = ctx;  // NOLINT(performance-unnecessary-copy-initialization)
      EXPECT_EQ(fake().fake_cuda_primary_retains(0), 1);
      EXPECT_EQ(copy, ctx);
    }
    EXPECT_EQ(fake().fake_cuda_primary_retains(0), 1);
  }
  EXPECT_EQ(fake().fake_cuda_primary_retains(0), 0);
}

TEST_F(ContextTest, NameDeviceAndFreeMemory) {
  fake().fake_cuda_set_device_name("NVIDIA H200");
  fake().fake_cuda_set_total_memory(1000000);
  fake().fake_cuda_set_device_count(2);
  const auto ctx = simt::Context::primary(1);
  EXPECT_EQ(ctx.device(), 1);
  EXPECT_EQ(ctx.device_name(), "NVIDIA H200");
  EXPECT_EQ(ctx.free_memory(), 1000000u);
  {
    auto buffer = simt::DeviceBuffer<char>::uninitialized(ctx, 1000);
    EXPECT_EQ(ctx.free_memory(), 999000u);
  }
  ctx.synchronize();
  EXPECT_EQ(fake().fake_cuda_call_count("cuCtxSynchronize"), 1);
}

TEST_F(ContextTest, OrdinalOutOfRangeIsAUsageError) {
  fake().fake_cuda_set_device_count(2);
  EXPECT_EQ(what_of<simt::UsageError>([] { simt::Context::primary(2); }),
            "Context::primary: device ordinal 2 is out of range: the driver reports 2 device(s)");
  EXPECT_THROW(simt::Context::primary(-1), simt::UsageError);
}

TEST_F(ContextTest, RetainFailureIsReportedWithAction) {
  fake().fake_cuda_fail_next("cuDevicePrimaryCtxRetain", CUDA_ERROR_OUT_OF_MEMORY);
  try {
    simt::Context::primary();
    FAIL() << "did not throw";
  } catch (const simt::Error& e) {
    EXPECT_EQ(e.code(), CUDA_ERROR_OUT_OF_MEMORY);
    EXPECT_EQ(e.result_name(), "CUDA_ERROR_OUT_OF_MEMORY");
    EXPECT_EQ(e.action(), "retaining the primary context of device 0 (cuDevicePrimaryCtxRetain)");
  }
}

TEST_F(ContextTest, BindsItselfToAThreadWithoutContext) {
  const auto ctx = simt::Context::primary();
  EXPECT_EQ(fake().fake_cuda_current_context(), nullptr);
  ctx.synchronize();
  EXPECT_EQ(fake().fake_cuda_current_context(), ctx.native_handle());
  EXPECT_EQ(fake().fake_cuda_call_count("cuCtxPushCurrent"), 0);
}

TEST_F(ContextTest, RestoresAnotherCurrentContext) {
  fake().fake_cuda_set_device_count(2);
  const auto first = simt::Context::primary(0);
  const auto second = simt::Context::primary(1);
  first.synchronize();  // first becomes current on this thread
  second.synchronize();
  EXPECT_EQ(fake().fake_cuda_current_context(), first.native_handle());
  EXPECT_EQ(fake().fake_cuda_call_count("cuCtxPushCurrent"), 1);
  EXPECT_EQ(fake().fake_cuda_call_count("cuCtxPopCurrent"), 1);
  EXPECT_NE(first, second);
}

TEST_F(ContextTest, ConcurrentFirstUseFromManyThreads) {
  std::vector<std::thread> threads;
  std::vector<int> ok(8, 0);
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([t, &ok] {
      const auto ctx = simt::Context::primary();
      const std::vector<int> values(100, t);
      const auto buffer = simt::DeviceBuffer<int>::from_host(ctx, values);
      ok[static_cast<std::size_t>(t)] = buffer.to_host() == values;
    });
  }
  for (std::thread& thread : threads) thread.join();
  EXPECT_EQ(ok, std::vector<int>(8, 1));
  EXPECT_EQ(fake().fake_cuda_call_count("cuInit"), 1) << "the driver is initialised once";
}

}  // namespace
