// CUDA graphs: capturing checked launches and copies, instantiation, replay, update with new
// arguments, refused updates, explicit graphs of captured pieces, and failed captures.
#include <cuda.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "fake_driver.hpp"
#include "simt/runtime/contract.hpp"

namespace {

using simt::DeviceBuffer;
using simt_test::fake;
using simt_test::what_of;

class GraphTest : public simt_test::FakeDriverTest {};

// What a generated launcher does for `saxpy(float a, const float* x, float* y, unsigned n)` with
// the contract [[simt::block(256)]] [[simt::requires("x.size() >= n")]]: check, then launch.
constexpr simt::contract::Term kLhs[] = {{simt::contract::Op::operand, 0u}};
constexpr simt::contract::Term kRhs[] = {{simt::contract::Op::operand, 1u}};
constexpr simt::contract::Requirement kRequirements[] = {{"x.size() >= n", kLhs, simt::contract::Compare::ge, kRhs}};
constexpr simt::LaunchContract kContract = {.kernel = "saxpy", .block = {256, 1, 1}, .requirements = kRequirements};

void checked_saxpy(const simt::Kernel& kernel, const simt::Stream& stream, const simt::LaunchShape& shape, float a,
                   simt::DeviceView<const float> x, simt::DeviceView<float> y, unsigned n) {
  simt::contract::prepare(kernel, kContract, shape);
  const std::uint64_t values[] = {x.size(), n};
  const simt::contract::BufferArg buffers[] = {{"x", "Slice", x.device_ptr(), x.bytes(), false},
                                               {"y", "DisjointSlice", y.device_ptr(), y.bytes(), true}};
  simt::contract::check_launch(kernel, kContract, kernel.native_handle(), stream, values, buffers);
  std::uint64_t xp = x.device_ptr(), yp = y.device_ptr();
  void* args[] = {&a, &xp, &yp, &n};
  kernel.launch(stream, shape, args, 4);
}

float launched_a() {
  FakeCudaLaunch launch{};
  fake().fake_cuda_last_launch(&launch);
  float a = 0;
  std::memcpy(&a, launch.args + launch.param_offset[0], sizeof a);
  return a;
}

TEST_F(GraphTest, CaptureRecordsInsteadOfRunningAndReplaysEveryLaunch) {
  const auto ctx = simt::Context::primary();
  const auto kernel = simt::Module::load_ptx(ctx, simt_test::kSaxpyPtx, "saxpy").kernel("saxpy");
  simt::Stream stream(ctx);
  auto x = DeviceBuffer<float>::zeroed(ctx, 256);
  auto y = DeviceBuffer<float>::zeroed(ctx, 256);
  const std::vector<float> ones(256, 1.0f);
  const auto graph = simt::Graph::capture(stream, [&] {
    x.copy_from_host_async(ones, stream);
    for (int i = 0; i < 100; ++i)
      checked_saxpy(kernel, stream, simt::LaunchConfig1D{1, 256}, static_cast<float>(i), x, y, 256);
  });
  FakeCudaLaunch launch{};
  EXPECT_EQ(fake().fake_cuda_last_launch(&launch), 0);  // captured, not run
  EXPECT_EQ(x.to_host(), std::vector<float>(256, 0.0f));
  EXPECT_EQ(graph.node_count(), 101u);
  const auto exec = graph.instantiate();
  exec.launch(stream);
  exec.launch(stream);
  stream.synchronize();
  EXPECT_EQ(fake().fake_cuda_last_launch(&launch), 200);
  EXPECT_FLOAT_EQ(launched_a(), 99.0f);
  EXPECT_EQ(x.to_host(), ones);  // the captured copy ran on replay
  EXPECT_EQ(fake().fake_cuda_call_count("cuStreamBeginCapture_v2"), 1);
  EXPECT_EQ(fake().fake_cuda_call_count("cuGraphLaunch"), 2);
}

TEST_F(GraphTest, ContractsAreCheckedAtCaptureTime) {
  const auto ctx = simt::Context::primary();
  const auto kernel = simt::Module::load_ptx(ctx, simt_test::kSaxpyPtx, "saxpy").kernel("saxpy");
  simt::Stream stream(ctx);
  auto x = DeviceBuffer<float>::zeroed(ctx, 100);
  auto y = DeviceBuffer<float>::zeroed(ctx, 256);
  EXPECT_EQ(what_of<simt::ContractError>([&] {
              (void)simt::Graph::capture(stream, [&] {
                checked_saxpy(kernel, stream, simt::LaunchConfig1D{1, 256}, 1.0f, x, y, 256);
              });
            }),
            "saxpy: requirement 'x.size() >= n' violated: 100 < 256");
  // The capture was ended and its graph discarded; the stream works as before.
  EXPECT_EQ(fake().fake_cuda_call_count("cuStreamEndCapture"), 1);
  EXPECT_EQ(fake().fake_cuda_live_graphs(), 0);
  checked_saxpy(kernel, stream, simt::LaunchConfig1D{1, 256}, 1.0f, x, y, 100);
  FakeCudaLaunch launch{};
  EXPECT_EQ(fake().fake_cuda_last_launch(&launch), 1);
}

TEST_F(GraphTest, UpdateTakesNewArgumentsWithoutReinstantiating) {
  const auto ctx = simt::Context::primary();
  const auto kernel = simt::Module::load_ptx(ctx, simt_test::kSaxpyPtx, "saxpy").kernel("saxpy");
  simt::Stream stream(ctx);
  auto x = DeviceBuffer<float>::zeroed(ctx, 256);
  auto y = DeviceBuffer<float>::zeroed(ctx, 256);
  auto step = [&](float a) {
    return simt::Graph::capture(stream, [&] { checked_saxpy(kernel, stream, simt::LaunchConfig1D{1, 256}, a, x, y, 256); });
  };
  auto exec = step(2.0f).instantiate();
  exec.update(step(3.0f));
  exec.launch(stream);
  EXPECT_FLOAT_EQ(launched_a(), 3.0f);
  EXPECT_EQ(fake().fake_cuda_call_count("cuGraphInstantiateWithFlags"), 1);
  EXPECT_EQ(fake().fake_cuda_call_count("cuGraphExecUpdate_v2"), 1);
}

TEST_F(GraphTest, UpdateWithAnotherShapeIsRefusedWithTheReason) {
  const auto ctx = simt::Context::primary();
  const auto module = simt::Module::load_ptx(ctx, simt_test::kSaxpyPtx, "saxpy");
  const auto saxpy = module.kernel("saxpy");
  const auto empty = module.kernel("empty");
  simt::Stream stream(ctx);
  auto x = DeviceBuffer<float>::zeroed(ctx, 256);
  auto y = DeviceBuffer<float>::zeroed(ctx, 256);
  auto exec = simt::Graph::capture(stream, [&] {
                checked_saxpy(saxpy, stream, simt::LaunchConfig1D{1, 256}, 1.0f, x, y, 256);
              }).instantiate();
  const auto other_kernel = simt::Graph::capture(stream, [&] { empty.launch(stream, simt::LaunchConfig1D{1, 32}, nullptr, 0); });
  EXPECT_EQ(what_of<simt::Error>([&] { exec.update(other_kernel); }),
            "updating an instantiated graph (cuGraphExecUpdate): CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE (910): the graph "
            "update was not performed because it included changes which violated constraints specific to instantiated "
            "graph update; fix: a launch runs another kernel; capture the new graph with the same code, changing only "
            "arguments, or instantiate it anew");
  const auto two = simt::Graph::capture(stream, [&] {
    checked_saxpy(saxpy, stream, simt::LaunchConfig1D{1, 256}, 1.0f, x, y, 256);
    checked_saxpy(saxpy, stream, simt::LaunchConfig1D{1, 256}, 1.0f, x, y, 256);
  });
  const std::string refused = what_of<simt::Error>([&] { exec.update(two); });
  EXPECT_EQ(refused.substr(refused.find("; fix: ")),
            "; fix: the graphs' nodes or dependencies differ; capture the new graph with the same code, changing only "
            "arguments, or instantiate it anew");
}

TEST_F(GraphTest, SynchronousCallDuringCaptureFailsWithAFix) {
  const auto ctx = simt::Context::primary();
  simt::Stream stream(ctx);
  auto buffer = DeviceBuffer<int>::zeroed(ctx, 4);
  // The synchronous fill's cuCtxSynchronize is refused while capturing; the capture is then invalid.
  EXPECT_EQ(what_of<simt::Error>([&] { (void)simt::Graph::capture(stream, [&] { buffer.fill(7); }); }),
            "waiting for the context's pending work before filling device memory (cuCtxSynchronize): "
            "CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED (900): operation not permitted when stream is capturing");
  EXPECT_EQ(fake().fake_cuda_live_graphs(), 0);
}

TEST_F(GraphTest, InvalidatedCaptureNamesTheCause) {
  const auto ctx = simt::Context::primary();
  simt::Stream stream(ctx);
  auto buffer = DeviceBuffer<int>::zeroed(ctx, 4);
  EXPECT_EQ(what_of<simt::Error>([&] {
              (void)simt::Graph::capture(stream, [&] {
                try {
                  buffer.fill(7);
                } catch (const simt::Error&) {
                  // swallowed: the capture is broken all the same
                }
              });
            }),
            "ending the capture of a stream of device 0 (cuStreamEndCapture): CUDA_ERROR_STREAM_CAPTURE_INVALIDATED "
            "(901): operation failed due to a previous error during capture; fix: a synchronous call during the capture "
            "(DeviceBuffer::to_host, copy_from_host, fill, Stream::synchronize, Context::synchronize) invalidates it: "
            "queue the *_async forms instead");
  EXPECT_EQ(fake().fake_cuda_live_graphs(), 0);
}

TEST_F(GraphTest, ExplicitGraphOfCapturedPieces) {
  const auto ctx = simt::Context::primary();
  simt::Stream stream(ctx);
  auto a = DeviceBuffer<int>::zeroed(ctx, 4);
  auto b = DeviceBuffer<int>::zeroed(ctx, 4);
  const auto fill_a = simt::Graph::capture(stream, [&] { a.fill_async(1, stream); });
  const auto fill_b = simt::Graph::capture(stream, [&] { b.fill_async(2, stream); });
  const auto copy = simt::Graph::capture(stream, [&] { simt::copy_async(b, a, stream); });
  simt::Graph graph(ctx);
  const auto first = graph.add_child(fill_a);
  const auto second = graph.add_child(fill_b);
  const simt::Graph::Node both[] = {first, second};
  graph.add_child(copy, both);
  EXPECT_EQ(graph.node_count(), 3u);
  graph.instantiate().launch(stream);
  EXPECT_EQ(b.to_host(), std::vector<int>(4, 1));
  const simt::Graph::Node none[] = {simt::Graph::Node{}};
  EXPECT_EQ(what_of<simt::UsageError>([&] { graph.add_child(copy, none); }),
            "Graph::add_child: a dependency is an empty Node");
}

TEST_F(GraphTest, GraphsStayInTheirContext) {
  fake().fake_cuda_set_device_count(2);
  const auto ctx0 = simt::Context::primary(0);
  const auto ctx1 = simt::Context::primary(1);
  simt::Stream stream1(ctx1);
  simt::Graph graph(ctx0);
  const auto exec = graph.instantiate();
  EXPECT_EQ(what_of<simt::UsageError>([&] { exec.launch(stream1); }),
            "GraphExec::launch: the graph belongs to device 0 but the stream to device 1");
  EXPECT_EQ(what_of<simt::UsageError>([&] { graph.add_child(simt::Graph(ctx1)); }),
            "Graph::add_child: the graph belongs to device 0 but the child to device 1");
}

}  // namespace
