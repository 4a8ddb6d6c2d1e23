// Stream-ordered allocation, memory pools, the lifetime rule of record_stream, fills of every
// width, device-to-device, peer, 2-D and 3-D copies, and a driver without the optional entries.
#include <cuda.h>

#include <cstdint>
#include <numeric>
#include <optional>
#include <string>
#include <vector>

#include "fake_driver.hpp"

namespace {

using simt::DeviceBuffer;
using simt::DeviceView;
using simt_test::fake;
using simt_test::what_of;

class AsyncMemoryTest : public simt_test::FakeDriverTest {};

// The calls after the first one named `from` in the fake's call log.
std::string calls_from(const std::string& from) {
  const std::string log = fake().fake_cuda_call_log();
  const std::size_t at = log.rfind(from);
  return at == std::string::npos ? std::string() : log.substr(at);
}

TEST_F(AsyncMemoryTest, AllocateAsyncFreesInStreamOrder) {
  const auto ctx = simt::Context::primary();
  simt::Stream stream(ctx);
  {
    auto buffer = DeviceBuffer<float>::allocate_async(stream, 256);
    EXPECT_EQ(buffer.size(), 256u);
    EXPECT_NE(buffer.device_ptr(), 0u);
    ASSERT_NE(buffer.free_stream(), nullptr);
    EXPECT_EQ(buffer.free_stream()->native_handle(), stream.native_handle());
    buffer.fill_async(2.5f, stream);
    std::vector<float> host(256);
    buffer.copy_to_host_async(host, stream);
    stream.synchronize();
    EXPECT_EQ(host, std::vector<float>(256, 2.5f));
    EXPECT_EQ(fake().fake_cuda_call_count("cuMemAllocAsync"), 1);
  }
  EXPECT_EQ(fake().fake_cuda_call_count("cuMemFreeAsync"), 1);
  EXPECT_EQ(fake().fake_cuda_call_count("cuMemFree"), 0);
}

TEST_F(AsyncMemoryTest, EmptyAsyncBufferAllocatesNothing) {
  const auto ctx = simt::Context::primary();
  simt::Stream stream(ctx);
  { auto buffer = DeviceBuffer<int>::allocate_async(stream, 0); }
  EXPECT_EQ(fake().fake_cuda_call_count("cuMemAllocAsync"), 0);
  EXPECT_EQ(fake().fake_cuda_call_count("cuMemFreeAsync"), 0);
}

TEST_F(AsyncMemoryTest, AsyncAllocationFailureNamesBytesAndDevice) {
  const auto ctx = simt::Context::primary();
  simt::Stream stream(ctx);
  fake().fake_cuda_fail_next("cuMemAllocAsync", CUDA_ERROR_OUT_OF_MEMORY);
  EXPECT_EQ(what_of<simt::Error>([&] { (void)DeviceBuffer<double>::allocate_async(stream, 100); }),
            "allocating 800 bytes on device 0 in stream order (cuMemAllocAsync): CUDA_ERROR_OUT_OF_MEMORY (2): out of "
            "memory; fix: free device memory or allocate less (Context::free_memory() reports what is left)");
}

TEST_F(AsyncMemoryTest, RecordStreamOrdersTheFreeAfterTheOtherStream) {
  const auto ctx = simt::Context::primary();
  simt::Stream owner(ctx), reader(ctx);
  {
    auto buffer = DeviceBuffer<int>::allocate_async(owner, 64);
    buffer.record_stream(reader);
    buffer.record_stream(reader);  // once is enough
    buffer.record_stream(owner);   // its own stream orders the free already
  }
  // An event recorded on the reader, the owner waits for it, then the free on the owner.
  EXPECT_EQ(calls_from("cuEventCreate"), "cuEventCreate cuEventRecord cuStreamWaitEvent cuEventDestroy cuMemFreeAsync");
  EXPECT_EQ(fake().fake_cuda_call_count("cuStreamWaitEvent"), 1);
}

TEST_F(AsyncMemoryTest, RecordStreamFallsBackToWaitingWhenTheEventFails) {
  const auto ctx = simt::Context::primary();
  simt::Stream owner(ctx), reader(ctx);
  static std::string reported;
  reported.clear();
  simt::set_release_error_handler([](const simt::Error& e) noexcept { reported = e.what(); });
  {
    auto buffer = DeviceBuffer<int>::allocate_async(owner, 64);
    buffer.record_stream(reader);
    fake().fake_cuda_fail_next("cuStreamWaitEvent", CUDA_ERROR_INVALID_HANDLE);
  }
  simt::set_release_error_handler(nullptr);
  EXPECT_EQ(calls_from("cuEventCreate"),
            "cuEventCreate cuEventRecord cuStreamWaitEvent cuEventDestroy cuStreamSynchronize cuMemFreeAsync");
  // The failure is reported; the host waited for the reader instead, so the free is still safe.
  EXPECT_EQ(reported, "ordering a free after the work of another stream, then waiting for that stream instead "
                      "(cuStreamWaitEvent): CUDA_ERROR_INVALID_HANDLE (400): invalid resource handle");
}

TEST_F(AsyncMemoryTest, RecordStreamOnAPlainBufferWaitsForTheStreamBeforeTheFree) {
  const auto ctx = simt::Context::primary();
  simt::Stream reader(ctx);
  {
    auto buffer = DeviceBuffer<int>::zeroed(ctx, 8);
    buffer.record_stream(reader);
  }
  EXPECT_EQ(calls_from("cuStreamSynchronize"), "cuStreamSynchronize cuMemFree");
}

TEST_F(AsyncMemoryTest, BufferKeepsARecordedStreamAlive) {
  const auto ctx = simt::Context::primary();
  std::optional<DeviceBuffer<int>> buffer;
  {
    simt::Stream owner(ctx);
    buffer = DeviceBuffer<int>::allocate_async(owner, 8);
    simt::Stream reader(ctx);
    buffer->record_stream(reader);
  }
  EXPECT_EQ(fake().fake_cuda_live_streams(), 2);
  buffer.reset();
  EXPECT_EQ(fake().fake_cuda_live_streams(), 0);
  EXPECT_EQ(fake().fake_cuda_call_count("cuMemFreeAsync"), 1);
}

TEST_F(AsyncMemoryTest, RecordStreamOnAMovedFromBufferIsAUsageError) {
  const auto ctx = simt::Context::primary();
  simt::Stream stream(ctx);
  auto buffer = DeviceBuffer<int>::zeroed(ctx, 4);
  auto moved = std::move(buffer);
  EXPECT_EQ(what_of<simt::UsageError>([&] { buffer.record_stream(stream); }),  // NOLINT(bugprone-use-after-move)
            "DeviceBuffer::record_stream: the buffer was moved from");
}

TEST_F(AsyncMemoryTest, PoolsAllocateAndKeepTheirThreshold) {
  const auto ctx = simt::Context::primary();
  simt::Stream stream(ctx);
  std::optional<DeviceBuffer<int>> buffer;
  {
    simt::MemoryPool pool(ctx);
    pool.set_release_threshold(1u << 20);
    EXPECT_EQ(fake().fake_cuda_pool_release_threshold(pool.native_handle()), 1u << 20);
    buffer = DeviceBuffer<int>::allocate_async(stream, 16, pool);
    pool.trim_to(0);
  }
  EXPECT_EQ(fake().fake_cuda_live_pools(), 1);  // the buffer keeps its pool
  buffer.reset();
  EXPECT_EQ(fake().fake_cuda_live_pools(), 0);
  EXPECT_EQ(fake().fake_cuda_call_count("cuMemAllocFromPoolAsync"), 1);
  EXPECT_EQ(fake().fake_cuda_call_count("cuMemPoolTrimTo"), 1);
}

TEST_F(AsyncMemoryTest, DefaultPoolIsNotOwned) {
  const auto ctx = simt::Context::primary();
  simt::Stream stream(ctx);
  {
    const auto pool = simt::MemoryPool::device_default(ctx);
    pool.set_release_threshold(UINT64_MAX);
    EXPECT_EQ(fake().fake_cuda_pool_release_threshold(pool.native_handle()), UINT64_MAX);
    auto buffer = DeviceBuffer<int>::allocate_async(stream, 4, pool);
  }
  EXPECT_EQ(fake().fake_cuda_call_count("cuMemPoolDestroy"), 0);
}

TEST_F(AsyncMemoryTest, PoolOfAnotherDeviceIsAUsageError) {
  fake().fake_cuda_set_device_count(2);
  const auto ctx0 = simt::Context::primary(0);
  const auto ctx1 = simt::Context::primary(1);
  simt::Stream stream(ctx0);
  simt::MemoryPool pool(ctx1);
  EXPECT_EQ(what_of<simt::UsageError>([&] { (void)DeviceBuffer<int>::allocate_async(stream, 4, pool); }),
            "DeviceBuffer::allocate_async: the pool belongs to device 1 but the stream to device 0");
}

TEST_F(AsyncMemoryTest, FillsOfEveryWidth) {
  const auto ctx = simt::Context::primary();
  simt::Stream stream(ctx);
  auto bytes = DeviceBuffer<std::uint8_t>::zeroed(ctx, 3);
  bytes.fill(std::uint8_t{9});
  EXPECT_EQ(bytes.to_host(), (std::vector<std::uint8_t>{9, 9, 9}));
  auto halves = DeviceBuffer<std::uint16_t>::zeroed(ctx, 3);
  halves.fill(std::uint16_t{0xBEEF});
  EXPECT_EQ(halves.to_host(), (std::vector<std::uint16_t>{0xBEEF, 0xBEEF, 0xBEEF}));
  halves.fill_async(std::uint16_t{7}, stream);
  EXPECT_EQ(halves.to_host(), (std::vector<std::uint16_t>{7, 7, 7}));
  auto floats = DeviceBuffer<float>::zeroed(ctx, 4);
  floats.fill(-1.5f);
  EXPECT_EQ(floats.to_host(), std::vector<float>(4, -1.5f));
  simt::fill_async(floats.view().subview(1, 2), 3.0f, stream);
  EXPECT_EQ(floats.to_host(), (std::vector<float>{-1.5f, 3.0f, 3.0f, -1.5f}));
  EXPECT_EQ(fake().fake_cuda_call_count("cuMemsetD16_v2"), 1);
  EXPECT_EQ(fake().fake_cuda_call_count("cuMemsetD16Async"), 1);
  EXPECT_EQ(fake().fake_cuda_call_count("cuMemsetD32_v2"), 1);
  EXPECT_EQ(fake().fake_cuda_call_count("cuMemsetD32Async"), 1);
}

TEST_F(AsyncMemoryTest, FillFailureNamesWordsWidthAndValue) {
  const auto ctx = simt::Context::primary();
  simt::Stream stream(ctx);
  auto buffer = DeviceBuffer<std::uint32_t>::zeroed(ctx, 6);
  fake().fake_cuda_fail_next("cuMemsetD32Async", CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(what_of<simt::Error>([&] { buffer.fill_async(5u, stream); }),
            "setting 6 4-byte words to 5 (cuMemsetD32Async): CUDA_ERROR_INVALID_VALUE (1): invalid argument");
}

TEST_F(AsyncMemoryTest, DeviceToDeviceCopy) {
  const auto ctx = simt::Context::primary();
  simt::Stream stream(ctx);
  std::vector<int> values(10);
  std::iota(values.begin(), values.end(), 1);
  const auto src = DeviceBuffer<int>::from_host(ctx, values);
  auto dst = DeviceBuffer<int>::zeroed(ctx, 10);
  simt::copy_async(dst, src, stream);
  EXPECT_EQ(dst.to_host(), values);
  auto part = DeviceBuffer<int>::zeroed(ctx, 3);
  simt::copy_async(part.view(), src.view().subview(7, 3), stream);
  EXPECT_EQ(part.to_host(), (std::vector<int>{8, 9, 10}));
  EXPECT_EQ(what_of<simt::UsageError>([&] { simt::copy_async(part, src, stream); }),
            "copy_async: the destination has 3 elements but the source 10; sizes must match exactly");
  EXPECT_EQ(fake().fake_cuda_call_count("cuMemcpyDtoDAsync_v2"), 2);
}

TEST_F(AsyncMemoryTest, CopyBetweenDevicesIsAPeerCopy) {
  fake().fake_cuda_set_device_count(2);
  const auto ctx0 = simt::Context::primary(0);
  const auto ctx1 = simt::Context::primary(1);
  const std::vector<float> values{1, 2, 3};
  const auto src = DeviceBuffer<float>::from_host(ctx0, values);
  auto dst = DeviceBuffer<float>::zeroed(ctx1, 3);
  simt::Stream stream(ctx1);
  simt::copy_async(dst, src, stream);
  EXPECT_EQ(dst.to_host(), values);
  EXPECT_EQ(fake().fake_cuda_call_count("cuMemcpyPeerAsync"), 1);
  fake().fake_cuda_fail_next("cuMemcpyPeerAsync", CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(what_of<simt::Error>([&] { simt::copy_async(dst, src, stream); }),
            "copying 12 bytes from device 0 to device 1 (cuMemcpyPeerAsync): CUDA_ERROR_INVALID_VALUE (1): invalid "
            "argument");
}

TEST_F(AsyncMemoryTest, TwoDimensionalCopies) {
  const auto ctx = simt::Context::primary();
  simt::Stream stream(ctx);
  // A 3 x 4 matrix with rows padded to 5; copy its 2 x 3 top-left corner into a dense 2 x 3.
  std::vector<int> matrix(3 * 5);
  std::iota(matrix.begin(), matrix.end(), 0);
  auto padded = DeviceBuffer<int>::zeroed(ctx, matrix.size());
  simt::copy_2d_async(simt::Pitched2D<int>{padded.view(), 5}, simt::HostPitched2D<const int>{matrix, 5}, 4, 3, stream);
  EXPECT_EQ(padded.to_host(), (std::vector<int>{0, 1, 2, 3, 0, 5, 6, 7, 8, 0, 10, 11, 12, 13, 0}));
  auto dense = DeviceBuffer<int>::zeroed(ctx, 6);
  simt::copy_2d_async(simt::Pitched2D<int>{dense.view(), 3}, simt::Pitched2D<const int>{padded.view(), 5}, 3, 2, stream);
  std::vector<int> back(6);
  simt::copy_2d_async(simt::HostPitched2D<int>{back, 3}, simt::Pitched2D<const int>{dense.view(), 3}, 3, 2, stream);
  stream.synchronize();
  EXPECT_EQ(back, (std::vector<int>{0, 1, 2, 5, 6, 7}));
  EXPECT_EQ(fake().fake_cuda_call_count("cuMemcpy2DAsync_v2"), 3);
}

TEST_F(AsyncMemoryTest, TwoDimensionalCopyBoundsAreChecked) {
  const auto ctx = simt::Context::primary();
  simt::Stream stream(ctx);
  auto a = DeviceBuffer<int>::zeroed(ctx, 30);
  auto b = DeviceBuffer<int>::zeroed(ctx, 40);
  EXPECT_EQ(what_of<simt::UsageError>([&] {
              simt::copy_2d_async(simt::Pitched2D<int>{a.view(), 8}, simt::Pitched2D<const int>{b.view(), 10}, 10, 4, stream);
            }),
            "copy_2d_async: the destination's pitch (8 elements) is less than the width (10)");
  EXPECT_EQ(what_of<simt::UsageError>([&] {
              simt::copy_2d_async(simt::Pitched2D<int>{a.view(), 10}, simt::Pitched2D<const int>{b.view(), 10}, 10, 4, stream);
            }),
            "copy_2d_async: the destination needs 40 elements (3 rows of pitch 10 plus a width of 10) but has 30");
  EXPECT_EQ(what_of<simt::UsageError>([&] {
              simt::copy_2d_async(simt::Pitched2D<int>{b.view(), 8}, simt::Pitched2D<const int>{a.view(), 10}, 1, 5, stream);
            }),
            "copy_2d_async: the source has 30 elements, fewer than the 5 rows of 10 elements the region spans");
  EXPECT_EQ(what_of<simt::UsageError>([&] {
              simt::copy_2d_async(simt::Pitched2D<int>{a.view(), 8}, simt::Pitched2D<const int>{b.view(), 12}, 7, 4, stream);
            }),
            "copy_2d_async: the destination needs 31 elements (3 rows of pitch 8 plus a width of 7) but has 30");
  EXPECT_EQ(fake().fake_cuda_call_count("cuMemcpy2DAsync_v2"), 0);
}

TEST_F(AsyncMemoryTest, ThreeDimensionalCopy) {
  const auto ctx = simt::Context::primary();
  simt::Stream stream(ctx);
  // 2 slices of 3 rows of 4; copy the 2 x 2 x 2 block at the origin into a dense 2 x 2 x 2.
  std::vector<int> volume(2 * 3 * 4);
  std::iota(volume.begin(), volume.end(), 0);
  const auto src = DeviceBuffer<int>::from_host(ctx, volume);
  auto dst = DeviceBuffer<int>::zeroed(ctx, 8);
  simt::copy_3d_async(simt::Pitched3D<int>{dst.view(), 2, 2}, simt::Pitched3D<const int>{src.view(), 4, 3},
                      simt::Extent3D{2, 2, 2}, stream);
  EXPECT_EQ(dst.to_host(), (std::vector<int>{0, 1, 4, 5, 12, 13, 16, 17}));
  EXPECT_EQ(what_of<simt::UsageError>([&] {
              simt::copy_3d_async(simt::Pitched3D<int>{dst.view(), 2, 1}, simt::Pitched3D<const int>{src.view(), 4, 3},
                                  simt::Extent3D{2, 2, 2}, stream);
            }),
            "copy_3d_async: the destination's rows per slice (1) are fewer than the height (2)");
}

TEST_F(AsyncMemoryTest, AdoptedViewsAreUncheckedViewsOfForeignMemory) {
  const auto ctx = simt::Context::primary();
  simt::Stream stream(ctx);
  auto owned = DeviceBuffer<float>::zeroed(ctx, 4);
  // As a cudaMalloc'd pointer would come in: a raw device address, its size vouched for.
  void* foreign = reinterpret_cast<void*>(static_cast<std::uintptr_t>(owned.device_ptr()));
  const auto view = DeviceView<float>::adopt_unchecked(foreign, 4);
  EXPECT_EQ(view.device_ptr(), owned.device_ptr());
  EXPECT_EQ(view.size(), 4u);
  simt::fill_async(view, 2.0f, stream);
  EXPECT_EQ(owned.to_host(), std::vector<float>(4, 2.0f));
  static_assert(DeviceView<const int>::adopt_unchecked(std::uint64_t{64}, 2).bytes() == 8);
}

class LegacyDriverTest : public simt_test::FakeDriverTest {
protected:
  void SetUp() override {
    FakeDriverTest::SetUp();
    simt::detail::reset_driver_for_testing(SIMT_FAKE_CUDA_LEGACY_PATH);
  }
};

TEST_F(LegacyDriverTest, MissingOptionalEntryIsAnErrorAtTheCallNotAtLoad) {
  const auto ctx = simt::Context::primary();  // the driver loads
  simt::Stream stream(ctx);
  auto plain = DeviceBuffer<int>::zeroed(ctx, 4);  // and what it has works
  EXPECT_EQ(plain.to_host(), std::vector<int>(4, 0));
  EXPECT_EQ(what_of<simt::Error>([&] { (void)DeviceBuffer<int>::allocate_async(stream, 4); }),
            std::string("cuMemAllocAsync is missing from the CUDA driver ") + SIMT_FAKE_CUDA_LEGACY_PATH +
                ": this feature needs a newer driver than the one loaded; update the NVIDIA driver");
}

}  // namespace
