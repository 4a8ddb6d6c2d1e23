// The asynchronous runtime on a real GPU: copies overlapping a kernel (a timeline from events,
// printed), a graph of 100 checked launches against the same 100 launches (times printed),
// graph update, stream-ordered buffers shared between streams, fills and 2-D copies, a
// cooperative launch, and NCCL with however many GPUs there are. Correctness is asserted; the
// times are printed, not asserted. Every test skips without a GPU (and the NCCL test without NCCL).
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <numeric>
#include <optional>
#include <string>
#include <vector>

#include "async_kernels.simt.hpp"

namespace {

using Kernels = async_kernels_kernels::Kernels;
using simt::DeviceBuffer;

std::optional<simt::Context> gpu() {
  try {
    return simt::Context::primary();
  } catch (const simt::Error&) {
    return std::nullopt;
  }
}

#define SIMT_NEED_GPU(ctx)                                  \
  const std::optional<simt::Context> ctx = gpu();           \
  if (!ctx) GTEST_SKIP() << "no CUDA driver or device"

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

TEST(AsyncGpu, CopiesOverlapAKernel) {
  SIMT_NEED_GPU(ctx);
  const Kernels k = async_kernels_kernels::load(*ctx);
  const std::size_t n_kernel = std::size_t{1} << 20, n_copy = std::size_t{1} << 24;  // 64 MiB copied each way
  auto data = DeviceBuffer<float>::from_host(*ctx, std::vector<float>(n_kernel, 0.5f));
  simt::PinnedBuffer<float> up(*ctx, n_copy), down(*ctx, n_copy);
  std::iota(up.data(), up.data() + n_copy, 0.0f);
  auto staging = DeviceBuffer<float>::uninitialized(*ctx, n_copy);
  simt::Stream compute(*ctx), copies(*ctx);
  const auto launch = k.prepare_spin(simt::LaunchConfig1D::cover(n_kernel, 256));

  // Size the kernel to outlast both copies by about 3x: time each alone first.
  simt::Event t0(*ctx), t1(*ctx);
  std::uint32_t rounds = 20000;
  t0.record(compute);
  k.spin(compute, launch, rounds, data);
  t1.record(compute);
  t1.synchronize();
  const float kernel_ms = simt::Event::elapsed_ms(t0, t1);
  t0.record(copies);
  staging.copy_from_host_async(up.span(), copies);
  staging.copy_to_host_async(down.span(), copies);
  t1.record(copies);
  t1.synchronize();
  const float copy_ms = simt::Event::elapsed_ms(t0, t1);
  rounds = static_cast<std::uint32_t>(std::clamp(3.0 * copy_ms / std::max(kernel_ms, 0.01f) * rounds, 20000.0, 5.0e7));

  // The timeline: both streams start after `start`; the copies run while the kernel does.
  data.copy_from_host(std::vector<float>(n_kernel, 0.5f));
  simt::Event start(*ctx), kernel_begin(*ctx), kernel_end(*ctx), copy_begin(*ctx), copy_end(*ctx);
  start.record(compute);
  copies.wait(start);
  kernel_begin.record(compute);
  k.spin(compute, launch, rounds, data);
  kernel_end.record(compute);
  copy_begin.record(copies);
  staging.copy_from_host_async(up.span(), copies);
  staging.copy_to_host_async(down.span(), copies);
  copy_end.record(copies);
  compute.synchronize();
  copies.synchronize();
  const float kb = simt::Event::elapsed_ms(start, kernel_begin), ke = simt::Event::elapsed_ms(start, kernel_end);
  const float cb = simt::Event::elapsed_ms(start, copy_begin), ce = simt::Event::elapsed_ms(start, copy_end);
  std::printf("timeline (ms from start): kernel spin(%u rounds) %.3f .. %.3f; copies 2 x 64 MiB %.3f .. %.3f\n", rounds, kb,
              ke, cb, ce);
  const float overlap = std::min(ke, ce) - std::max(kb, cb);
  std::printf("overlap: %.3f ms of the copies' %.3f ms\n", std::max(overlap, 0.0f), ce - cb);
  EXPECT_GT(overlap, 0.0f) << "the copies did not run while the kernel did";

  // Both results are right: the copies moved every byte, the kernel did every round.
  EXPECT_TRUE(std::equal(up.data(), up.data() + n_copy, down.data()));
  float want = 0.5f;
  for (std::uint32_t r = 0; r < rounds; ++r) want = std::fma(want, 0.999f, 0.001f);
  const std::vector<float> got = data.to_host();
  EXPECT_NEAR(got.front(), want, 1e-5f);  // both converge to the fixed point near 1
  EXPECT_NEAR(got.back(), want, 1e-5f);
}

TEST(AsyncGpu, GraphOf100LaunchesReplaysFasterThanTheLaunches) {
  SIMT_NEED_GPU(ctx);
  const Kernels k = async_kernels_kernels::load(*ctx);
  simt::Stream stream(*ctx);
  const std::size_t n = 4096;
  auto data = DeviceBuffer<float>::zeroed(*ctx, n);
  const auto launch = k.prepare_increment(simt::LaunchConfig1D::cover(n, 256));
  auto hundred = [&] {
    for (int i = 0; i < 100; ++i) k.increment(stream, launch, data);
  };
  const simt::GraphExec exec = simt::Graph::capture(stream, hundred).instantiate();
  EXPECT_EQ(data.to_host(), std::vector<float>(n, 0.0f)) << "capturing ran the launches";

  // Warm up both, then take the best of 20 runs of each, host time to completion.
  hundred();
  exec.launch(stream);
  stream.synchronize();
  double launches_s = 1e9, graph_s = 1e9;
  for (int rep = 0; rep < 20; ++rep) {
    auto t = std::chrono::steady_clock::now();
    hundred();
    stream.synchronize();
    launches_s = std::min(launches_s, seconds_since(t));
    t = std::chrono::steady_clock::now();
    exec.launch(stream);
    stream.synchronize();
    graph_s = std::min(graph_s, seconds_since(t));
  }
  std::printf("100 launches: %.1f us; the same 100 as one graph: %.1f us; replay faster: %s (%.2fx)\n",
              launches_s * 1e6, graph_s * 1e6, graph_s < launches_s ? "yes" : "no", launches_s / graph_s);
  // 2 warm-up runs + 20 + 20 runs of 100 increments each.
  EXPECT_EQ(data.to_host(), std::vector<float>(n, 4200.0f));
}

TEST(AsyncGpu, GraphUpdateTakesNewArgumentsCheckedAtCapture) {
  SIMT_NEED_GPU(ctx);
  const Kernels k = async_kernels_kernels::load(*ctx);
  simt::Stream stream(*ctx);
  const std::size_t n = 1000;
  std::vector<float> xs(n);
  std::iota(xs.begin(), xs.end(), 0.0f);
  const auto in = DeviceBuffer<float>::from_host(*ctx, xs);
  auto out = DeviceBuffer<float>::zeroed(*ctx, n);
  const auto launch = k.prepare_affine(simt::LaunchConfig1D::cover(n, 256));
  auto step = [&](float a, float b) {
    return simt::Graph::capture(stream, [&] { k.affine(stream, launch, a, b, in, out); });
  };
  simt::GraphExec exec = step(2.0f, 1.0f).instantiate();
  exec.launch(stream);
  EXPECT_FLOAT_EQ(out.to_host()[10], 21.0f);
  exec.update(step(-1.0f, 5.0f));
  exec.launch(stream);
  const std::vector<float> got = out.to_host();
  for (std::size_t i = 0; i < n; ++i) ASSERT_FLOAT_EQ(got[i], 5.0f - xs[i]) << "at " << i;
  // A launch that breaks the contract is refused while capturing, before any graph exists.
  const auto short_in = DeviceBuffer<float>::zeroed(*ctx, n - 1);
  EXPECT_THROW((void)simt::Graph::capture(stream, [&] { k.affine(stream, launch, 1.0f, 0.0f, short_in, out); }),
               simt::ContractError);
}

TEST(AsyncGpu, StreamOrderedBuffersSharedBetweenStreams) {
  SIMT_NEED_GPU(ctx);
  const Kernels k = async_kernels_kernels::load(*ctx);
  simt::Stream producer(*ctx), consumer(*ctx);
  auto pool = simt::MemoryPool::device_default(*ctx);
  pool.set_release_threshold(UINT64_MAX);
  const std::size_t n = 1 << 20;
  auto out = DeviceBuffer<float>::zeroed(*ctx, n);
  for (int round = 0; round < 3; ++round) {
    auto in = DeviceBuffer<float>::allocate_async(producer, n);
    in.fill_async(static_cast<float>(round), producer);
    simt::Event filled(*ctx, simt::Event::Kind::ordering);
    filled.record(producer);
    consumer.wait(filled);
    k.affine(consumer, k.prepare_affine(simt::LaunchConfig1D::cover(n, 256)), 2.0f, 1.0f, in, out);
    in.record_stream(consumer);  // freed on `producer` only after the consumer's kernel
  }
  consumer.synchronize();
  EXPECT_EQ(out.to_host(), std::vector<float>(n, 5.0f));
}

TEST(AsyncGpu, FillsAndPitchedCopies) {
  SIMT_NEED_GPU(ctx);
  simt::Stream stream(*ctx);
  auto halves = DeviceBuffer<std::uint16_t>::zeroed(*ctx, 1001);
  halves.fill_async(std::uint16_t{0xABCD}, stream);
  auto words = DeviceBuffer<float>::zeroed(*ctx, 12);
  words.fill(1.25f);
  std::vector<float> matrix(3 * 4);
  std::iota(matrix.begin(), matrix.end(), 0.0f);
  simt::copy_2d_async(simt::Pitched2D<float>{words.view(), 4}, simt::HostPitched2D<const float>{matrix, 4}, 2, 3, stream);
  stream.synchronize();
  EXPECT_EQ(halves.to_host(), std::vector<std::uint16_t>(1001, 0xABCD));
  EXPECT_EQ(words.to_host(), (std::vector<float>{0, 1, 1.25f, 1.25f, 4, 5, 1.25f, 1.25f, 8, 9, 1.25f, 1.25f}));
}

TEST(AsyncGpu, CooperativeLaunchWithinCoResidency) {
  SIMT_NEED_GPU(ctx);
  const Kernels k = async_kernels_kernels::load(*ctx);
  const auto stream = simt::Stream(*ctx).with_launch_attributes(simt::cooperative_launch());
  const int per_sm = k.increment_max_active_blocks_per_sm(256);
  const auto blocks = static_cast<std::uint32_t>(per_sm * ctx->limits().sm_count);
  auto data = DeviceBuffer<float>::zeroed(*ctx, std::size_t{blocks} * 256);
  k.increment(stream, k.prepare_increment(simt::LaunchConfig1D{blocks, 256}), data);
  EXPECT_EQ(data.to_host(), std::vector<float>(data.size(), 1.0f));
  auto more = DeviceBuffer<float>::zeroed(*ctx, (std::size_t{blocks} + 1) * 256);
  EXPECT_THROW(k.increment(stream, k.prepare_increment(simt::LaunchConfig1D{blocks + 1, 256}), more), simt::LaunchError);
  std::printf("cooperative: %u blocks co-resident (%d per SM x %d SMs)\n", blocks, per_sm, ctx->limits().sm_count);
}

TEST(AsyncGpu, NcclAllReduceOverEveryGpu) {
  SIMT_NEED_GPU(ctx);
  std::vector<simt::nccl::Communicator> comms;
  try {
    comms = simt::nccl::Communicator::init_all();
  } catch (const simt::NcclError& e) {
    if (e.code() == 0) GTEST_SKIP() << e.what();  // NCCL not installed
    throw;
  }
  const std::size_t n = 1 << 20;
  const auto ranks = static_cast<float>(comms.size());
  std::vector<simt::Stream> streams;
  std::vector<DeviceBuffer<float>> data, gathered;
  for (const auto& comm : comms) {
    streams.emplace_back(comm.context());
    std::vector<float> values(n);
    for (std::size_t i = 0; i < n; ++i) values[i] = static_cast<float>(i % 1000) + static_cast<float>(comm.rank());
    data.push_back(DeviceBuffer<float>::from_host(comm.context(), values));
    gathered.push_back(DeviceBuffer<float>::zeroed(comm.context(), n * comms.size()));
  }
  simt::nccl::group([&] {
    for (std::size_t r = 0; r < comms.size(); ++r) comms[r].all_reduce(data[r].view(), simt::nccl::ReduceOp::sum, streams[r]);
  });
  simt::nccl::group([&] {
    for (std::size_t r = 0; r < comms.size(); ++r) comms[r].all_gather<float>(data[r], gathered[r], streams[r]);
  });
  // sum over ranks r of (i % 1000 + r) = ranks * (i % 1000) + ranks * (ranks - 1) / 2.
  for (std::size_t r = 0; r < comms.size(); ++r) {
    const std::vector<float> got = data[r].to_host();
    for (std::size_t i = 0; i < n; ++i)
      ASSERT_EQ(got[i], ranks * static_cast<float>(i % 1000) + ranks * (ranks - 1) / 2) << "rank " << r << " at " << i;
    EXPECT_EQ(gathered[r].to_host()[n * comms.size() - 1], got[n - 1]);
  }
  std::printf("NCCL %d: all-reduce and all-gather of %zu floats over %zu GPU(s) correct\n", simt::nccl::version(), n,
              comms.size());
}

}  // namespace
