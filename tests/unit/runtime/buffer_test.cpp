// DeviceBuffer, PinnedBuffer and DeviceView.
#include <cuda.h>

#include <cstdint>
#include <numeric>
#include <optional>
#include <type_traits>
#include <vector>

#include "fake_driver.hpp"

namespace {

using simt::DeviceBuffer;
using simt::DeviceView;
using simt_test::fake;
using simt_test::what_of;

// Const-correctness of views: adding const is implicit, removing it is impossible.
static_assert(std::is_convertible_v<DeviceView<float>, DeviceView<const float>>);
static_assert(!std::is_convertible_v<DeviceView<const float>, DeviceView<float>>);
static_assert(!std::is_constructible_v<DeviceView<float>, DeviceView<const float>>);
static_assert(!std::is_convertible_v<DeviceView<float>, DeviceView<double>>);
static_assert(!std::is_convertible_v<DeviceView<const float>, DeviceView<const int>>);
// Buffers: a mutable buffer gives either view, a const one only the read-only view.
static_assert(std::is_convertible_v<DeviceBuffer<float>&, DeviceView<float>>);
static_assert(std::is_convertible_v<DeviceBuffer<float>&, DeviceView<const float>>);
static_assert(std::is_convertible_v<const DeviceBuffer<float>&, DeviceView<const float>>);
static_assert(!std::is_convertible_v<const DeviceBuffer<float>&, DeviceView<float>>);
static_assert(std::is_same_v<decltype(std::declval<const DeviceBuffer<float>&>().view()), DeviceView<const float>>);
static_assert(std::is_same_v<decltype(std::declval<DeviceBuffer<float>&>().view()), DeviceView<float>>);
// Rule of zero: buffers move but do not copy; views are plain values.
static_assert(std::is_nothrow_move_constructible_v<DeviceBuffer<float>>);
static_assert(!std::is_copy_constructible_v<DeviceBuffer<float>>);
static_assert(!std::is_copy_constructible_v<simt::PinnedBuffer<float>>);
static_assert(std::is_trivially_copyable_v<DeviceView<float>>);

class BufferTest : public simt_test::FakeDriverTest {};

TEST_F(BufferTest, RoundTripMovesTheBytes) {
  const auto ctx = simt::Context::primary();
  std::vector<int> host(1000);
  std::iota(host.begin(), host.end(), -500);
  const auto buffer = DeviceBuffer<int>::from_host(ctx, host);
  EXPECT_EQ(buffer.size(), 1000u);
  EXPECT_EQ(buffer.bytes(), 4000u);
  EXPECT_NE(buffer.device_ptr(), 0u);
  EXPECT_EQ(buffer.to_host(), host);
  EXPECT_EQ(fake().fake_cuda_live_allocations(), 1);
}

TEST_F(BufferTest, ZeroedFillAndCopyFromHost) {
  const auto ctx = simt::Context::primary();
  auto buffer = DeviceBuffer<std::uint32_t>::zeroed(ctx, 5);
  EXPECT_EQ(buffer.to_host(), std::vector<std::uint32_t>(5, 0));
  buffer.fill_bytes(0xFF);
  EXPECT_EQ(buffer.to_host(), std::vector<std::uint32_t>(5, 0xFFFFFFFFu));
  const std::vector<std::uint32_t> values{1, 2, 3, 4, 5};
  buffer.copy_from_host(values);
  std::vector<std::uint32_t> out(5);
  buffer.copy_to_host(out);
  EXPECT_EQ(out, values);
}

TEST_F(BufferTest, SynchronousCopiesWaitForTheContext) {
  const auto ctx = simt::Context::primary();
  auto buffer = DeviceBuffer<int>::zeroed(ctx, 4);
  const int before = fake().fake_cuda_call_count("cuCtxSynchronize");
  (void)buffer.to_host();
  EXPECT_EQ(fake().fake_cuda_call_count("cuCtxSynchronize"), before + 1);
}

// An upload from pageable memory may return before its DMA has landed: it waits for the
// context after the copy too, or a kernel queued next on a non-blocking stream would read the
// old bytes (seen on the H200 as a saxpy whose last few thousand elements were wrong).
TEST_F(BufferTest, SynchronousUploadsWaitUntilTheDataHasLanded) {
  const auto ctx = simt::Context::primary();
  auto buffer = DeviceBuffer<int>::zeroed(ctx, 4);
  const int before = fake().fake_cuda_call_count("cuCtxSynchronize");
  buffer.copy_from_host(std::vector<int>{1, 2, 3, 4});
  EXPECT_EQ(fake().fake_cuda_call_count("cuCtxSynchronize"), before + 2);
}

TEST_F(BufferTest, SizeMismatchNamesBothSizes) {
  const auto ctx = simt::Context::primary();
  auto buffer = DeviceBuffer<float>::zeroed(ctx, 12);
  std::vector<float> small(10);
  EXPECT_EQ(what_of<simt::UsageError>([&] { buffer.copy_to_host(small); }),
            "DeviceBuffer::copy_to_host: host span has 10 elements but the buffer has 12; sizes must match exactly");
  EXPECT_EQ(what_of<simt::UsageError>([&] { buffer.copy_from_host(std::vector<float>(13)); }),
            "DeviceBuffer::copy_from_host: host span has 13 elements but the buffer has 12; sizes must match exactly");
  EXPECT_EQ(fake().fake_cuda_call_count("cuMemcpyDtoH"), 0) << "checked before any driver call";
}

TEST_F(BufferTest, ZeroLengthBufferAllocatesNothing) {
  const auto ctx = simt::Context::primary();
  auto buffer = DeviceBuffer<double>::from_host(ctx, {});
  EXPECT_EQ(buffer.size(), 0u);
  EXPECT_TRUE(buffer.empty());
  EXPECT_EQ(buffer.device_ptr(), 0u);
  EXPECT_TRUE(buffer.to_host().empty());
  buffer.fill_bytes(1);
  EXPECT_EQ(fake().fake_cuda_call_count("cuMemAlloc"), 0);
  EXPECT_EQ(buffer.context(), ctx);
}

TEST_F(BufferTest, MovedFromBufferIsEmptyAndMemoryIsFreedOnce) {
  const auto ctx = simt::Context::primary();
  auto a = DeviceBuffer<int>::zeroed(ctx, 8);
  const std::uint64_t ptr = a.device_ptr();
  auto b = std::move(a);
  EXPECT_EQ(b.device_ptr(), ptr);
  EXPECT_EQ(b.size(), 8u);
  EXPECT_EQ(a.size(), 0u);  // NOLINT(bugprone-use-after-move): documented moved-from state
  EXPECT_TRUE(a.to_host().empty());
  EXPECT_THROW((void)a.context(), simt::UsageError);
  EXPECT_EQ(fake().fake_cuda_live_allocations(), 1);
}

TEST_F(BufferTest, BufferKeepsTheContextAlive) {
  std::optional<DeviceBuffer<int>> buffer;
  {
    const auto ctx = simt::Context::primary();
    buffer.emplace(DeviceBuffer<int>::from_host(ctx, std::vector<int>{7, 8, 9}));
  }
  EXPECT_EQ(fake().fake_cuda_primary_retains(0), 1);
  EXPECT_EQ(buffer->to_host(), (std::vector<int>{7, 8, 9}));
  buffer.reset();
  EXPECT_EQ(fake().fake_cuda_live_allocations(), 0);
  EXPECT_EQ(fake().fake_cuda_primary_retains(0), 0);
}

TEST_F(BufferTest, AllocationFailureNamesTheSize) {
  const auto ctx = simt::Context::primary();
  fake().fake_cuda_fail_next("cuMemAlloc", CUDA_ERROR_OUT_OF_MEMORY);
  EXPECT_EQ(what_of<simt::Error>([&] { (void)DeviceBuffer<float>::uninitialized(ctx, 256); }),
            "allocating 1024 bytes on device 0 (cuMemAlloc): CUDA_ERROR_OUT_OF_MEMORY (2): out of memory; fix: free "
            "device memory or allocate less (Context::free_memory() reports what is left)");
}

TEST_F(BufferTest, HugeElementCountIsAUsageError) {
  const auto ctx = simt::Context::primary();
  EXPECT_THROW((void)DeviceBuffer<double>::uninitialized(ctx, SIZE_MAX / 4), simt::UsageError);
}

TEST_F(BufferTest, AsyncVariantsUseTheStream) {
  const auto ctx = simt::Context::primary();
  simt::Stream stream(ctx);
  auto buffer = DeviceBuffer<short>::uninitialized(ctx, 3);
  const std::vector<short> in{1, -2, 3};
  std::vector<short> out(3);
  buffer.fill_bytes_async(0, stream);
  buffer.copy_from_host_async(in, stream);
  buffer.copy_to_host_async(out, stream);
  stream.synchronize();
  EXPECT_EQ(out, in);
  EXPECT_EQ(fake().fake_cuda_call_count("cuMemcpyHtoDAsync"), 1);
  EXPECT_EQ(fake().fake_cuda_call_count("cuMemcpyDtoHAsync"), 1);
  EXPECT_EQ(fake().fake_cuda_call_count("cuMemsetD8Async"), 1);
  EXPECT_EQ(what_of<simt::UsageError>([&] { buffer.copy_to_host_async(std::span<short>(out).first(2), stream); }),
            "DeviceBuffer::copy_to_host_async: host span has 2 elements but the buffer has 3; sizes must match "
            "exactly");
}

TEST_F(BufferTest, PinnedBufferRoundTrip) {
  const auto ctx = simt::Context::primary();
  simt::PinnedBuffer<float> pinned(ctx, 4);
  ASSERT_EQ(pinned.size(), 4u);
  ASSERT_NE(pinned.data(), nullptr);
  std::iota(pinned.span().begin(), pinned.span().end(), 1.5f);
  auto device = DeviceBuffer<float>::from_host(ctx, pinned.span());
  simt::PinnedBuffer<float> back(ctx, 4);
  device.copy_to_host(back.span());
  EXPECT_EQ(back.span()[3], 4.5f);
  EXPECT_EQ(fake().fake_cuda_live_host_allocations(), 2);
  simt::PinnedBuffer<float> none(ctx, 0);
  EXPECT_EQ(none.data(), nullptr);
  EXPECT_EQ(fake().fake_cuda_live_host_allocations(), 2);
}

TEST_F(BufferTest, ViewsAndSubviews) {
  const auto ctx = simt::Context::primary();
  auto buffer = DeviceBuffer<double>::zeroed(ctx, 10);
  DeviceView<double> view = buffer;
  DeviceView<const double> read_only = view;
  EXPECT_EQ(read_only.device_ptr(), buffer.device_ptr());
  EXPECT_EQ(read_only.size(), 10u);
  EXPECT_EQ(read_only.bytes(), 80u);
  const auto sub = view.subview(2, 3);
  EXPECT_EQ(sub.device_ptr(), buffer.device_ptr() + 16);
  EXPECT_EQ(sub.size(), 3u);
  EXPECT_EQ(view.subview(10, 0).size(), 0u);
  EXPECT_EQ(what_of<simt::UsageError>([&] { (void)view.subview(8, 3); }),
            "DeviceView::subview: elements [8, 8 + 3) do not fit in a view of 10 elements");
  EXPECT_THROW((void)view.subview(11, 0), simt::UsageError);
  EXPECT_THROW((void)view.subview(1, SIZE_MAX), simt::UsageError);
  const auto& const_buffer = buffer;
  DeviceView<const double> from_const = const_buffer;
  EXPECT_EQ(from_const.size(), 10u);
}

}  // namespace
