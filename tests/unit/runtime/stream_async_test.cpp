// Streams as dependencies and queues: priorities, events between streams, host callbacks, the
// stream pool, adopting foreign streams and the current context, many devices and peers.
#include <cuda.h>

#include <string>
#include <vector>

#include "fake_driver.hpp"

namespace {

using simt_test::fake;
using simt_test::what_of;

class StreamAsyncTest : public simt_test::FakeDriverTest {};

TEST_F(StreamAsyncTest, PrioritiesWithinTheDevicesRange) {
  const auto ctx = simt::Context::primary();
  const auto range = ctx.stream_priorities();
  EXPECT_EQ(range.least, 0);
  EXPECT_EQ(range.greatest, -5);
  simt::Stream urgent(ctx, range.greatest);
  EXPECT_EQ(urgent.priority(), -5);
  EXPECT_EQ(what_of<simt::UsageError>([&] { simt::Stream(ctx, 1); }),
            "Stream: priority 1 is outside the range of device 0: -5 (greatest) to 0 (least)");
  EXPECT_EQ(what_of<simt::UsageError>([&] { simt::Stream(ctx, -6); }),
            "Stream: priority -6 is outside the range of device 0: -5 (greatest) to 0 (least)");
  EXPECT_EQ(fake().fake_cuda_call_count("cuStreamCreateWithPriority"), 1);
}

TEST_F(StreamAsyncTest, StreamWaitsForAnEventOfAnotherStream) {
  const auto ctx = simt::Context::primary();
  simt::Stream producer(ctx), consumer(ctx);
  simt::Event ready(ctx, simt::Event::Kind::ordering);
  ready.record(producer);
  consumer.wait(ready);
  EXPECT_TRUE(ready.is_complete());
  EXPECT_EQ(fake().fake_cuda_call_count("cuStreamWaitEvent"), 1);
  fake().fake_cuda_fail_next("cuStreamWaitEvent", CUDA_ERROR_INVALID_HANDLE);
  EXPECT_EQ(what_of<simt::Error>([&] { consumer.wait(ready); }),
            "making a stream of device 0 wait for an event of device 0 (cuStreamWaitEvent): CUDA_ERROR_INVALID_HANDLE "
            "(400): invalid resource handle");
}

TEST_F(StreamAsyncTest, OrderingEventsHaveNoTime) {
  const auto ctx = simt::Context::primary();
  simt::Stream stream(ctx);
  simt::Event a(ctx, simt::Event::Kind::ordering), b(ctx);
  a.record(stream);
  b.record(stream);
  EXPECT_EQ(a.kind(), simt::Event::Kind::ordering);
  EXPECT_EQ(what_of<simt::UsageError>([&] { (void)simt::Event::elapsed_ms(a, b); }),
            "Event::elapsed_ms: an event created as Event::Kind::ordering records no time");
}

TEST_F(StreamAsyncTest, IdleAndCompleteReportNotReady) {
  const auto ctx = simt::Context::primary();
  simt::Stream stream(ctx);
  simt::Event event(ctx);
  EXPECT_TRUE(stream.is_idle());
  fake().fake_cuda_fail_next("cuStreamQuery", CUDA_ERROR_NOT_READY);
  EXPECT_FALSE(stream.is_idle());
  fake().fake_cuda_fail_next("cuEventQuery", CUDA_ERROR_NOT_READY);
  EXPECT_FALSE(event.is_complete());
  fake().fake_cuda_fail_next("cuStreamQuery", CUDA_ERROR_LAUNCH_FAILED);
  EXPECT_EQ(what_of<simt::Error>([&] { (void)stream.is_idle(); }),
            "asking whether a stream is idle (cuStreamQuery): CUDA_ERROR_LAUNCH_FAILED (719): unspecified launch failure; "
            "fix: a kernel trapped (e.g. a failed bounds check) or faulted; the CUDA context is now unusable: restart the "
            "process");
}

TEST_F(StreamAsyncTest, HostCallbackRunsOnceAndIsFreed) {
  const auto ctx = simt::Context::primary();
  simt::Stream stream(ctx);
  auto counter = std::make_shared<int>(0);
  stream.host_callback([counter] { ++*counter; });
  stream.synchronize();
  EXPECT_EQ(*counter, 1);
  EXPECT_EQ(counter.use_count(), 1);  // the queued copy is gone
  fake().fake_cuda_fail_next("cuLaunchHostFunc", CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(what_of<simt::Error>([&] { stream.host_callback([counter] { ++*counter; }); }),
            "queueing a host function on a stream (cuLaunchHostFunc): CUDA_ERROR_INVALID_VALUE (1): invalid argument");
  EXPECT_EQ(counter.use_count(), 1);  // not leaked when the driver refused it
  EXPECT_EQ(what_of<simt::UsageError>([&] { stream.host_callback({}); }), "Stream::host_callback: the function is empty");
}

TEST_F(StreamAsyncTest, StreamPoolHandsOutStreamsInTurn) {
  const auto ctx = simt::Context::primary();
  simt::StreamPool pool(ctx, 3);
  EXPECT_EQ(pool.size(), 3u);
  EXPECT_EQ(fake().fake_cuda_live_streams(), 3);
  const CUstream first = pool.next().native_handle();
  const CUstream second = pool.next().native_handle();
  const CUstream third = pool.next().native_handle();
  EXPECT_NE(first, second);
  EXPECT_NE(second, third);
  EXPECT_EQ(pool.next().native_handle(), first);
  EXPECT_EQ(pool[2].native_handle(), third);
  EXPECT_EQ(what_of<simt::UsageError>([&] { (void)pool[3]; }), "StreamPool: stream 3 is out of range: the pool has 3");
  EXPECT_EQ(what_of<simt::UsageError>([&] { simt::StreamPool(ctx, 0); }), "StreamPool: a pool needs at least 1 stream, not 0");
  pool.synchronize();
  EXPECT_EQ(fake().fake_cuda_call_count("cuStreamSynchronize"), 3);
  simt::StreamPool urgent(ctx, 2, -5);
  EXPECT_EQ(urgent[1].priority(), -5);
}

TEST_F(StreamAsyncTest, AdoptedStreamIsNotOwned) {
  const auto ctx = simt::Context::primary();
  simt::Stream owner(ctx);  // stands for a cudaStream_t another library created
  {
    const auto adopted = simt::Stream::adopt(ctx, owner.native_handle());
    EXPECT_TRUE(adopted.is_adopted());
    EXPECT_EQ(adopted.native_handle(), owner.native_handle());
    adopted.synchronize();
  }
  EXPECT_EQ(fake().fake_cuda_live_streams(), 1);
  EXPECT_EQ(fake().fake_cuda_call_count("cuStreamDestroy"), 0);
}

TEST_F(StreamAsyncTest, AdoptAsksTheStreamsContext) {
  fake().fake_cuda_set_device_count(2);
  const auto ctx1 = simt::Context::primary(1);
  simt::Stream owner(ctx1);
  const auto ctx0 = simt::Context::primary(0);
  ASSERT_EQ(fake().fake_cuda_current_context(), ctx1.native_handle());  // nothing switched it yet
  const auto adopted = simt::Stream::adopt(owner.native_handle());
  EXPECT_EQ(adopted.context(), ctx1);
  EXPECT_EQ(adopted.context().device(), 1);
  EXPECT_EQ(what_of<simt::UsageError>([] { (void)simt::Stream::adopt(nullptr); }),
            "Stream::adopt: the default stream (null) belongs to whichever context is current; adopt it with "
            "Stream::adopt(Context::current(), nullptr)");
}

TEST_F(StreamAsyncTest, CurrentContextIsThePrimaryOneCudartMadeCurrent) {
  EXPECT_EQ(what_of<simt::UsageError>([] { (void)simt::Context::current(); }),
            "Context::current: no CUDA context is current on this thread; let the CUDA runtime create one first "
            "(cudaSetDevice, cudaFree(0)), or use Context::primary(device)");
  const auto primary = simt::Context::primary();
  simt::Stream stream(primary);  // makes it current, as cudaSetDevice would
  const auto current = simt::Context::current();
  EXPECT_EQ(current, primary);
  EXPECT_EQ(current.device(), 0);
}

TEST_F(StreamAsyncTest, EveryDevicesContext) {
  fake().fake_cuda_set_device_count(3);
  EXPECT_EQ(simt::Context::device_count(), 3);
  const auto all = simt::Context::all();
  ASSERT_EQ(all.size(), 3u);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(all[static_cast<std::size_t>(i)].device(), i);
  EXPECT_EQ(simt::Context::device(2), all[2]);
}

TEST_F(StreamAsyncTest, PeerAccess) {
  fake().fake_cuda_set_device_count(2);
  const auto a = simt::Context::primary(0);
  const auto b = simt::Context::primary(1);
  EXPECT_TRUE(a.can_access_peer(b));
  EXPECT_FALSE(a.can_access_peer(a));
  a.enable_peer_access(b);
  a.enable_peer_access(b);  // already enabled: fine
  EXPECT_EQ(fake().fake_cuda_peer_access_enabled(a.native_handle(), b.native_handle()), 1);
  EXPECT_EQ(fake().fake_cuda_peer_access_enabled(b.native_handle(), a.native_handle()), 0);
  EXPECT_EQ(what_of<simt::UsageError>([&] { a.enable_peer_access(a); }),
            "Context::enable_peer_access: device 0 cannot be its own peer");
  fake().fake_cuda_set_peer_access_possible(0);
  EXPECT_EQ(what_of<simt::UsageError>([&] { b.enable_peer_access(a); }),
            "Context::enable_peer_access: device 1 cannot access the memory of device 0 directly "
            "(cuDeviceCanAccessPeer); copies between their buffers (simt::copy_async) still work");
}

}  // namespace
