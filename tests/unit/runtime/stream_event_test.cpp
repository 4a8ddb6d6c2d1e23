// Streams and events: creation, synchronisation, elapsed-time plumbing, lifetimes.
#include <cuda.h>

#include <optional>

#include "fake_driver.hpp"

namespace {

using simt_test::fake;
using simt_test::what_of;

class StreamEventTest : public simt_test::FakeDriverTest {};

TEST_F(StreamEventTest, ElapsedTimeComesFromTheDriver) {
  const auto ctx = simt::Context::primary();
  simt::Stream stream(ctx);
  simt::Event start(ctx), stop(ctx);
  fake().fake_cuda_set_clock_ms(1.5f);
  start.record(stream);
  fake().fake_cuda_set_clock_ms(4.0f);
  stop.record(stream);
  stop.synchronize();
  EXPECT_FLOAT_EQ(simt::Event::elapsed_ms(start, stop), 2.5f);
  EXPECT_EQ(fake().fake_cuda_call_count("cuEventElapsedTime_v2"), 1);
}

TEST_F(StreamEventTest, ElapsedTimeOfUnrecordedEventIsAnError) {
  const auto ctx = simt::Context::primary();
  simt::Event start(ctx), stop(ctx);
  EXPECT_EQ(what_of<simt::Error>([&] { (void)simt::Event::elapsed_ms(start, stop); }),
            "measuring the time between two events (cuEventElapsedTime): CUDA_ERROR_INVALID_HANDLE (400): invalid "
            "resource handle");
}

TEST_F(StreamEventTest, StreamsAreNonBlockingAndShared) {
  const auto ctx = simt::Context::primary();
  simt::Stream stream(ctx);  // the fake accepts only CU_STREAM_NON_BLOCKING
  ASSERT_NE(stream.native_handle(), nullptr);
  const simt::Stream copy = stream;  // NOLINT(performance-unnecessary-copy-initialization)
  EXPECT_EQ(copy.native_handle(), stream.native_handle());
  EXPECT_EQ(fake().fake_cuda_live_streams(), 1);
  copy.synchronize();
  EXPECT_EQ(fake().fake_cuda_call_count("cuStreamSynchronize"), 1);
  EXPECT_EQ(copy.context(), ctx);
}

TEST_F(StreamEventTest, StreamAndEventKeepTheContextAlive) {
  std::optional<simt::Stream> stream;
  std::optional<simt::Event> event;
  {
    const auto ctx = simt::Context::primary();
    stream.emplace(ctx);
    event.emplace(ctx);
  }
  EXPECT_EQ(fake().fake_cuda_primary_retains(0), 1);
  event->record(*stream);
  stream->synchronize();
  stream.reset();
  event.reset();
  EXPECT_EQ(fake().fake_cuda_live_streams(), 0);
  EXPECT_EQ(fake().fake_cuda_live_events(), 0);
  EXPECT_EQ(fake().fake_cuda_primary_retains(0), 0);
}

TEST_F(StreamEventTest, DestroyedFromAThreadWithAnotherContextCurrent) {
  fake().fake_cuda_set_device_count(2);
  const auto zero = simt::Context::primary(0);
  const auto one = simt::Context::primary(1);
  zero.synchronize();  // device 0's context is now current here
  {
    simt::Stream stream(one);  // created and destroyed with device 1 pushed, then popped
  }
  EXPECT_EQ(fake().fake_cuda_current_context(), zero.native_handle());
  EXPECT_EQ(fake().fake_cuda_live_streams(), 0);
}

}  // namespace
