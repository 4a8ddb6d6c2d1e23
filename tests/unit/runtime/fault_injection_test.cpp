// Fault injection: each scenario below runs once to count its driver calls, then once per call
// and per fault with that call failing. Every failure must come out as a simt::Error naming
// the call and its result (or, for a release inside a destructor, reach the release error
// handler), leave no driver object behind, and leave the runtime usable.
#include <cuda.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <optional>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include "fake_driver.hpp"
#include "simt/runtime/contract.hpp"

namespace {

using simt::DeviceBuffer;
using simt_test::fake;
using simt_test::kSaxpyPtx;

// Failures the release error handler received (set_release_error_handler).
std::vector<simt::Error>& reports() {
  static std::vector<simt::Error> received;
  return received;
}

void record_report(const simt::Error& error) noexcept {
  try {
    reports().push_back(error);
  } catch (...) {
    ADD_FAILURE() << "could not record a release failure";
  }
}

// The driver objects alive in the fake.
struct Live {
  int allocations = 0, host_allocations = 0, modules = 0, streams = 0, events = 0, contexts = 0;
  int graphs = 0, graph_execs = 0, pools = 0;
  friend bool operator==(const Live&, const Live&) = default;
};

Live live() {
  return {fake().fake_cuda_live_allocations(), fake().fake_cuda_live_host_allocations(),
          fake().fake_cuda_live_modules(),     fake().fake_cuda_live_streams(),
          fake().fake_cuda_live_events(),      fake().fake_cuda_live_contexts(),
          fake().fake_cuda_live_graphs(),      fake().fake_cuda_live_graph_execs(),
          fake().fake_cuda_live_pools()};
}

// Compared as text, so a mismatch shows every count.
std::string to_string(const Live& l) {
  return "allocations " + std::to_string(l.allocations) + ", pinned " + std::to_string(l.host_allocations) +
         ", modules " + std::to_string(l.modules) + ", streams " + std::to_string(l.streams) + ", events " +
         std::to_string(l.events) + ", context retains " + std::to_string(l.contexts) + ", graphs " +
         std::to_string(l.graphs) + ", instantiated graphs " + std::to_string(l.graph_execs) + ", pools " +
         std::to_string(l.pools);
}

// What a release that failed leaves in the fake: its object, since a failing call changes
// nothing. Any other failure leaves nothing.
Live left_by(const std::string& call) {
  Live l;
  if (call == "cuMemFree") l.allocations = 1;
  if (call == "cuMemFreeHost") l.host_allocations = 1;
  if (call == "cuModuleUnload") l.modules = 1;
  if (call == "cuStreamDestroy") l.streams = 1;
  if (call == "cuEventDestroy") l.events = 1;
  if (call == "cuDevicePrimaryCtxRelease") l.contexts = 1;
  if (call == "cuMemFreeAsync") l.allocations = 1;
  if (call == "cuGraphDestroy") l.graphs = 1;
  if (call == "cuGraphExecDestroy") l.graph_execs = 1;
  if (call == "cuMemPoolDestroy") l.pools = 1;
  return l;
}

// Calls whose failure a destructor reports instead of throwing: the releases, and switching
// the current context around them (~CurrentContext pops the context it pushed).
// A stream-ordered free orders itself after the streams recorded with record_stream with an
// event (cuEventCreate, cuEventRecord, cuStreamWaitEvent); when that fails, it reports the
// failure and waits for the stream on the host (cuStreamSynchronize).
const std::set<std::string> kReportedCalls = {
    "cuMemFree",        "cuMemFreeHost",   "cuModuleUnload",  "cuStreamDestroy",    "cuEventDestroy",
    "cuDevicePrimaryCtxRelease", "cuCtxPopCurrent", "cuCtxGetCurrent", "cuCtxSetCurrent", "cuCtxPushCurrent",
    "cuMemFreeAsync",   "cuGraphDestroy",  "cuGraphExecDestroy", "cuMemPoolDestroy", "cuEventCreate",
    "cuEventRecord",    "cuStreamWaitEvent", "cuStreamSynchronize"};

struct Fault {
  CUresult code;
  const char* name;
  const char* text;  // the fake driver's cuGetErrorString
};

const Fault kFaults[] = {
    {CUDA_ERROR_OUT_OF_MEMORY, "CUDA_ERROR_OUT_OF_MEMORY", "out of memory"},
    {CUDA_ERROR_LAUNCH_FAILED, "CUDA_ERROR_LAUNCH_FAILED", "unspecified launch failure"},
    {CUDA_ERROR_CONTEXT_IS_DESTROYED, "CUDA_ERROR_CONTEXT_IS_DESTROYED", "context is destroyed"},
};

// The end of the message after "<action>: <NAME> (<code>): <text>" for `fault` in `call`.
std::string tail_of(const std::string& call, const Fault& fault) {
  std::string tail;
  if (fault.code == CUDA_ERROR_OUT_OF_MEMORY)
    tail = "; fix: free device memory or allocate less (Context::free_memory() reports what is left)";
  if (fault.code == CUDA_ERROR_LAUNCH_FAILED)
    tail = "; fix: a kernel trapped (e.g. a failed bounds check) or faulted; the CUDA context is now unusable: "
           "restart the process";
  if (fault.code == CUDA_ERROR_CONTEXT_IS_DESTROYED && call == "cuFuncSetAttribute")
    tail = "; fix: the kernel's static plus dynamic shared memory may not exceed the device's opt-in limit "
           "(DeviceLimits::max_shared_per_block_optin)";
  if (call == "cuModuleLoadDataEx") tail += "; JIT log: fake ptxas: error";  // the fake's log on any failure
  return tail;
}

void expect_names(const simt::Error& e, const std::string& call, const Fault& fault) {
  EXPECT_EQ(e.code(), static_cast<int>(fault.code));
  EXPECT_EQ(e.result_name(), fault.name);
  EXPECT_TRUE(e.action().ends_with(" (" + call + ")")) << "the action names another call: " << e.action();
  EXPECT_EQ(e.what(), e.action() + ": " + fault.name + " (" + std::to_string(static_cast<int>(fault.code)) +
                          "): " + fault.text + tail_of(call, fault));
}

class FaultInjectionTest : public simt_test::FakeDriverTest {
protected:
  void SetUp() override {
    FakeDriverTest::SetUp();
    reports().clear();
    previous_ = simt::set_release_error_handler(&record_report);
  }
  // Each test checks what it leaves itself: a failed release leaves its object in the fake.
  void TearDown() override {
    simt::set_release_error_handler(previous_);
    fresh();
  }

  static void fresh() {
    simt::detail::reset_driver_for_testing();
    fake().fake_cuda_reset();
    reports().clear();
  }

  struct Swept {
    int injected = 0;  // runs with one call failing
    int reported = 0;  // ... whose failure went to the release error handler, not thrown
    friend bool operator==(const Swept&, const Swept&) = default;
    friend void PrintTo(const Swept& s, std::ostream* out) {
      *out << "{injected " << s.injected << ", reported " << s.reported << "}";
    }
  };

  // Runs `scenario` clean, expects `expected_calls` driver calls, then fails each of them with
  // each fault in turn.
  static Swept sweep(const std::function<void()>& scenario, int expected_calls) {
    fresh();
    scenario();
    const int calls = fake().fake_cuda_total_calls();
    EXPECT_EQ(calls, expected_calls);
    EXPECT_EQ(to_string(live()), to_string(Live{}));
    EXPECT_TRUE(reports().empty());
    Swept swept;
    for (int k = 0; k < calls; ++k) {
      for (const Fault& fault : kFaults) {
        fresh();
        fake().fake_cuda_fail_call(k, fault.code);
        std::optional<simt::Error> thrown;
        bool launch_error = false;
        try {
          scenario();
        } catch (const simt::Error& e) {
          thrown = e;
          launch_error = dynamic_cast<const simt::LaunchError*>(&e) != nullptr;
        } catch (const std::exception& e) {
          ADD_FAILURE() << "call " << k << " failing with " << fault.name << " threw a non-simt exception: " << e.what();
          continue;
        }
        ++swept.injected;
        const std::string call = fake().fake_cuda_failed_call();
        SCOPED_TRACE("call " + std::to_string(k) + " (" + call + ") failing with " + fault.name +
                     (thrown ? std::string(": ") + thrown->what() : std::string()));
        if (call.empty()) {
          ADD_FAILURE() << "the scenario made fewer than " << k + 1 << " calls this time";
          continue;
        }
        if (thrown) {
          expect_names(*thrown, call, fault);
          EXPECT_EQ(launch_error, call == "cuLaunchKernel" || call == "cuLaunchKernelEx")
              << "only a refused launch is a LaunchError";
          EXPECT_EQ(reports().size(), 0u) << "a thrown failure was reported as well";
          EXPECT_EQ(to_string(live()), to_string(Live{}));
        } else {
          if (reports().size() != 1u) {
            ADD_FAILURE() << "the failure was not thrown, and " << reports().size() << " failures were reported, not 1";
            continue;
          }
          ++swept.reported;
          EXPECT_TRUE(kReportedCalls.contains(call)) << call << " is no release, yet its failure was not thrown";
          expect_names(reports().front(), call, fault);
          EXPECT_EQ(to_string(live()), to_string(left_by(call)));
        }
        // The runtime is still usable: the same scenario succeeds and releases all it made.
        reports().clear();
        const Live before = live();
        EXPECT_NO_THROW(scenario());
        EXPECT_TRUE(reports().empty());
        EXPECT_EQ(to_string(live()), to_string(before));
      }
    }
    return swept;
  }

private:
  simt::ReleaseErrorHandler previous_ = nullptr;
};

const std::vector<float> kValues = {1, 2, 3, 4, 5, 6, 7, 8};

// ---- Scenarios ---------------------------------------------------------------------------------

// A context, device buffers filled from the host and read back, pinned memory, device queries.
void buffers_scenario() {
  const auto ctx = simt::Context::primary();
  EXPECT_EQ(ctx.device_name(), "Fake CUDA Device");
  const auto x = DeviceBuffer<float>::from_host(ctx, kValues);
  auto y = DeviceBuffer<float>::zeroed(ctx, kValues.size());
  y.copy_from_host(x.to_host());
  simt::PinnedBuffer<float> pinned(ctx, kValues.size());
  y.copy_to_host(pinned.span());
  EXPECT_EQ(std::vector<float>(pinned.span().begin(), pinned.span().end()), kValues);
  EXPECT_GT(ctx.free_memory(), 0u);
}

// A module from PTX text, a kernel, a contract-checked launch that opts in to 64 KiB of dynamic
// shared memory, and the result read back.
void launch_scenario() {
  const auto ctx = simt::Context::primary();
  const auto module = simt::Module::load_ptx(ctx, kSaxpyPtx, "saxpy.ptx");
  const auto kernel = module.kernel("saxpy");
  simt::Stream stream(ctx);
  const auto x = DeviceBuffer<float>::from_host(ctx, kValues);
  auto y = DeviceBuffer<float>::zeroed(ctx, kValues.size());
  simt::LaunchContract contract;
  contract.kernel = "saxpy";
  contract.max_threads = 256;
  contract.has_dynamic_shared = true;
  contract.dynamic_shared_max = 65536;
  const simt::LaunchShape shape = simt::LaunchConfig1D{1, 256, 65536};
  simt::contract::prepare(kernel, contract, shape);
  const simt::contract::BufferArg buffers[] = {{"x", "Slice", x.device_ptr(), x.bytes(), false},
                                               {"y", "DisjointSlice", y.device_ptr(), y.bytes(), true}};
  simt::contract::check_launch(kernel, contract, kernel.native_handle(), stream, {}, buffers);
  float a = 2;
  std::uint64_t x_ptr = x.device_ptr(), y_ptr = y.device_ptr();
  std::uint32_t n = static_cast<std::uint32_t>(kValues.size());
  void* args[] = {&a, &x_ptr, &y_ptr, &n};
  kernel.launch(stream, shape, args, 4);
  stream.synchronize();
  EXPECT_EQ(y.to_host(), std::vector<float>(kValues.size(), 0.0f));  // the fake runs no kernels
  EXPECT_EQ(fake().fake_cuda_max_dynamic_shared(), 65536);
}

// A stream, two events timing asynchronous copies and a fill through pinned memory.
void stream_scenario() {
  const auto ctx = simt::Context::primary();
  simt::Stream stream(ctx);
  simt::Event start(ctx), stop(ctx);
  simt::PinnedBuffer<float> pinned(ctx, kValues.size());
  std::copy(kValues.begin(), kValues.end(), pinned.data());
  auto buffer = DeviceBuffer<float>::uninitialized(ctx, kValues.size());
  start.record(stream);
  buffer.copy_from_host_async(pinned.span(), stream);
  buffer.fill_bytes_async(0, stream);
  buffer.copy_to_host_async(pinned.span(), stream);
  stop.record(stream);
  stop.synchronize();
  EXPECT_EQ(simt::Event::elapsed_ms(start, stop), 0.0f);
  stream.synchronize();
  ctx.synchronize();
  EXPECT_EQ(std::vector<float>(pinned.span().begin(), pinned.span().end()), std::vector<float>(kValues.size(), 0.0f));
}

// A module made by simtc: loading it allocates and maps its fault record and reads its site
// table; unloading frees the record.
void fault_record_scenario() {
  const auto ctx = simt::Context::primary();
  const auto module = simt::Module::load_ptx(ctx,
                                             ".version 8.0\n.target sm_90\n.address_size 64\n"
                                             ".visible .global .align 8 .u64 __simt_fault_buffer;\n"
                                             ".visible .global .align 1 .b8 __simt_fault_sites[3] = {70, 10, 0};\n"
                                             ".visible .entry k()\n{\n\tret;\n}\n",
                                             "faults.ptx");
  simt::Stream stream(ctx);
  stream.synchronize();
}

// Two devices: work on device 1 from a thread where device 0's context is current pushes and
// pops device 1's context around each operation.
void two_device_scenario() {
  fake().fake_cuda_set_device_count(2);
  const auto zero = simt::Context::primary(0);
  const auto one = simt::Context::primary(1);
  zero.synchronize();  // device 0's context is now current on this thread
  const auto buffer = DeviceBuffer<float>::from_host(one, kValues);
  simt::Stream stream(one);
  stream.synchronize();
  EXPECT_EQ(buffer.to_host(), kValues);
}

// Stream-ordered memory from the default pool and a pool of its own, a priority stream, an
// event between streams, fills of 2 and 4 bytes, device-to-device, 2-D and 3-D copies, a host
// callback, and a buffer freed after the work of another stream (record_stream).
void async_scenario() {
  const auto ctx = simt::Context::primary();
  simt::Stream stream(ctx, ctx.stream_priorities().greatest);
  simt::Stream other(ctx);
  simt::MemoryPool pool(ctx);
  pool.set_release_threshold(1u << 20);
  auto a = DeviceBuffer<float>::allocate_async(stream, kValues.size());
  auto b = DeviceBuffer<float>::allocate_async(stream, kValues.size(), pool);
  auto halves = DeviceBuffer<std::uint16_t>::allocate_async(stream, 4);
  a.fill_async(1.0f, stream);
  halves.fill_async(std::uint16_t{3}, stream);
  simt::Event ready(ctx, simt::Event::Kind::ordering);
  ready.record(stream);
  other.wait(ready);
  simt::copy_async(b.view(), a.view(), other);
  b.record_stream(other);
  simt::copy_2d_async(simt::Pitched2D<float>{b.view(), 4}, {a.view(), 4}, 4, 2, other);
  simt::copy_3d_async(simt::Pitched3D<float>{b.view(), 2, 2}, {a.view(), 2, 2}, simt::Extent3D{2, 2, 2}, other);
  int callbacks = 0;
  other.host_callback([&callbacks] { ++callbacks; });
  std::vector<float> host(kValues.size());
  b.copy_to_host_async(host, other);
  other.synchronize();
  EXPECT_TRUE(other.is_idle());
  EXPECT_EQ(callbacks, 1);
  EXPECT_EQ(host, std::vector<float>(kValues.size(), 1.0f));
}

// A graph captured from a fill and a checked launch, instantiated, launched, updated with a new
// capture and launched again; a graph built from it; a cooperative launch.
void graph_scenario() {
  const auto ctx = simt::Context::primary();
  const auto kernel = simt::Module::load_ptx(ctx, kSaxpyPtx, "saxpy.ptx").kernel("saxpy");
  simt::Stream stream(ctx);
  auto x = DeviceBuffer<float>::zeroed(ctx, kValues.size());
  float a = 2;
  std::uint64_t x_ptr = x.device_ptr();
  std::uint32_t n = static_cast<std::uint32_t>(kValues.size());
  void* args[] = {&a, &x_ptr, &x_ptr, &n};
  auto step = [&] {
    return simt::Graph::capture(stream, [&] {
      x.fill_async(2.0f, stream);
      kernel.launch(stream, simt::LaunchConfig1D{1, 256}, args, 4);
    });
  };
  const simt::Graph graph = step();
  auto exec = graph.instantiate();
  exec.launch(stream);
  a = 3;
  exec.update(step());
  exec.launch(stream);
  simt::Graph parent(ctx);
  parent.add_child(graph);
  parent.instantiate().launch(stream);
  kernel.launch(stream.with_launch_attributes(simt::cooperative_launch()), simt::LaunchConfig1D{2, 256}, args, 4);
  stream.synchronize();
  EXPECT_EQ(x.to_host(), std::vector<float>(kValues.size(), 2.0f));
}

// Two devices and interop: every device's context, peer access and a peer copy, the current
// context, a stream adopted from its handle, the default pool, 2- and 4-byte fills, queries.
void devices_scenario() {
  fake().fake_cuda_set_device_count(2);
  const auto all = simt::Context::all();
  EXPECT_TRUE(all[0].can_access_peer(all[1]));
  all[0].enable_peer_access(all[1]);
  simt::Stream owner(all[1]);
  const auto adopted = simt::Stream::adopt(owner.native_handle());
  EXPECT_EQ(adopted.context().device(), 1);
  EXPECT_LT(simt::Context::current().device(), 2);  // whichever a failed pop left current
  EXPECT_EQ(owner.priority(), 0);
  const auto src = DeviceBuffer<float>::from_host(all[0], kValues);
  auto dst = DeviceBuffer<float>::zeroed(all[1], kValues.size());
  simt::copy_async(dst, src, adopted);
  simt::Event done(all[1]);
  done.record(adopted);
  EXPECT_TRUE(done.is_complete());
  EXPECT_EQ(dst.to_host(), kValues);
  auto halves = DeviceBuffer<std::uint16_t>::zeroed(all[1], 2);
  halves.fill(std::uint16_t{9});
  dst.fill(2.0f);
  EXPECT_EQ(dst.to_host(), std::vector<float>(kValues.size(), 2.0f));
  const auto pool = simt::MemoryPool::device_default(all[1]);
  pool.trim_to(0);
  EXPECT_EQ(simt::Graph(all[0]).node_count(), 0u);
}

// ---- Sweeps ------------------------------------------------------------------------------------

// The expected counts are the scenarios' driver calls; `reported` counts the releases (and the
// context switches around them) among them, three faults each.
TEST_F(FaultInjectionTest, EveryCallOfTheBufferScenario) {
  EXPECT_EQ(sweep(buffers_scenario, 39), (Swept{117, 21}));
}

TEST_F(FaultInjectionTest, EveryCallOfTheLaunchScenario) {
  EXPECT_EQ(sweep(launch_scenario, 75), (Swept{225, 27}));
}

TEST_F(FaultInjectionTest, EveryCallOfTheFaultRecordScenario) {
  EXPECT_EQ(sweep(fault_record_scenario, 24), (Swept{72, 21}));
}

TEST_F(FaultInjectionTest, EveryCallOfTheStreamScenario) {
  EXPECT_EQ(sweep(stream_scenario, 44), (Swept{132, 33}));
}

TEST_F(FaultInjectionTest, EveryCallOfTheAsyncScenario) {
  EXPECT_EQ(sweep(async_scenario, 65), (Swept{195, 60}));
}

TEST_F(FaultInjectionTest, EveryCallOfTheGraphScenario) {
  EXPECT_EQ(sweep(graph_scenario, 89), (Swept{267, 51}));
}

TEST_F(FaultInjectionTest, EveryCallOfTheDevicesScenario) {
  EXPECT_EQ(sweep(devices_scenario, 133), (Swept{399, 114}));
}

TEST_F(FaultInjectionTest, EveryCallOfTheTwoDeviceScenario) {
  EXPECT_EQ(sweep(two_device_scenario, 43), (Swept{129, 45}));
}

// ---- The runtime fixes the sweeps found ----------------------------------------------------------

TEST_F(FaultInjectionTest, FailCallFailsExactlyThatCall) {
  fake().fake_cuda_fail_call(2, CUDA_ERROR_OUT_OF_MEMORY);
  EXPECT_EQ(simt_test::what_of<simt::Error>([] { (void)simt::Context::primary(); }),
            "getting CUDA device 0 (cuDeviceGet): CUDA_ERROR_OUT_OF_MEMORY (2): out of memory; fix: free device memory "
            "or allocate less (Context::free_memory() reports what is left)");
  EXPECT_STREQ(fake().fake_cuda_failed_call(), "cuDeviceGet");
  EXPECT_EQ(fake().fake_cuda_total_calls(), 3);  // cuInit, cuDeviceGetCount, cuDeviceGet
  EXPECT_EQ(fake().fake_cuda_live_contexts(), 0);
  const auto ctx = simt::Context::primary();  // armed once: the retry succeeds
  EXPECT_EQ(fake().fake_cuda_total_calls(), 6);
  EXPECT_EQ(fake().fake_cuda_live_contexts(), 1);
}

TEST_F(FaultInjectionTest, ContextSwitchNamesTheCallThatFailed) {
  fake().fake_cuda_set_device_count(2);
  const auto zero = simt::Context::primary(0);
  const auto one = simt::Context::primary(1);
  fake().fake_cuda_fail_next("cuCtxGetCurrent", CUDA_ERROR_CONTEXT_IS_DESTROYED);
  EXPECT_EQ(simt_test::what_of<simt::Error>([&] { zero.synchronize(); }),
            "making the CUDA context current (cuCtxGetCurrent): CUDA_ERROR_CONTEXT_IS_DESTROYED (709): context is "
            "destroyed");
  fake().fake_cuda_fail_next("cuCtxSetCurrent", CUDA_ERROR_CONTEXT_IS_DESTROYED);
  EXPECT_EQ(simt_test::what_of<simt::Error>([&] { zero.synchronize(); }),
            "making the CUDA context current (cuCtxSetCurrent): CUDA_ERROR_CONTEXT_IS_DESTROYED (709): context is "
            "destroyed");
  zero.synchronize();
  fake().fake_cuda_fail_next("cuCtxPushCurrent", CUDA_ERROR_CONTEXT_IS_DESTROYED);
  EXPECT_EQ(simt_test::what_of<simt::Error>([&] { one.synchronize(); }),
            "making the CUDA context current (cuCtxPushCurrent): CUDA_ERROR_CONTEXT_IS_DESTROYED (709): context is "
            "destroyed");
  EXPECT_EQ(fake().fake_cuda_current_context(), zero.native_handle());
}

TEST_F(FaultInjectionTest, AsynchronousOperationsNameTheirOwnCalls) {
  const auto ctx = simt::Context::primary();
  simt::Stream stream(ctx);
  auto buffer = DeviceBuffer<float>::zeroed(ctx, kValues.size());
  std::vector<float> host(kValues.size());
  fake().fake_cuda_fail_next("cuMemcpyHtoDAsync", CUDA_ERROR_LAUNCH_FAILED);
  fake().fake_cuda_fail_next("cuMemcpyDtoHAsync", CUDA_ERROR_LAUNCH_FAILED);
  fake().fake_cuda_fail_next("cuMemsetD8Async", CUDA_ERROR_LAUNCH_FAILED);
  const std::string fault = "CUDA_ERROR_LAUNCH_FAILED (719): unspecified launch failure; fix: a kernel trapped (e.g. a "
                            "failed bounds check) or faulted; the CUDA context is now unusable: restart the process";
  EXPECT_EQ(simt_test::what_of<simt::Error>([&] { buffer.copy_from_host_async(kValues, stream); }),
            "copying 32 bytes to the device (cuMemcpyHtoDAsync): " + fault);
  EXPECT_EQ(simt_test::what_of<simt::Error>([&] { buffer.copy_to_host_async(host, stream); }),
            "copying 32 bytes to the host (cuMemcpyDtoHAsync): " + fault);
  EXPECT_EQ(simt_test::what_of<simt::Error>([&] { buffer.fill_bytes_async(7, stream); }),
            "setting 32 bytes to 7 (cuMemsetD8Async): " + fault);
  EXPECT_EQ(fake().fake_cuda_call_count("cuMemcpyHtoD"), 0) << "the fake's async copies count once";
}

TEST_F(FaultInjectionTest, FailedReleasesAreReportedNotThrown) {
  {
    const auto ctx = simt::Context::primary();
    const auto module = simt::Module::load_ptx(ctx, kSaxpyPtx, "m");
    simt::Stream stream(ctx);
    simt::Event event(ctx);
    const auto buffer = DeviceBuffer<float>::zeroed(ctx, 256);
    const simt::PinnedBuffer<float> pinned(ctx, 16);
    for (const char* call : {"cuMemFree", "cuMemFreeHost", "cuModuleUnload", "cuStreamDestroy", "cuEventDestroy",
                             "cuDevicePrimaryCtxRelease"})
      fake().fake_cuda_fail_next(call, CUDA_ERROR_CONTEXT_IS_DESTROYED);
  }  // no exception leaves the destructors
  std::vector<std::string> what;
  for (const simt::Error& e : reports()) what.emplace_back(e.what());
  const std::string destroyed = ": CUDA_ERROR_CONTEXT_IS_DESTROYED (709): context is destroyed";
  EXPECT_EQ(what, (std::vector<std::string>{"freeing 64 bytes of pinned host memory (cuMemFreeHost)" + destroyed,
                                            "freeing 1024 bytes on device 0 (cuMemFree)" + destroyed,
                                            "destroying an event (cuEventDestroy)" + destroyed,
                                            "destroying a stream (cuStreamDestroy)" + destroyed,
                                            "unloading a module (cuModuleUnload)" + destroyed,
                                            "releasing the primary context of device 0 (cuDevicePrimaryCtxRelease)" +
                                                destroyed}));
  EXPECT_EQ(to_string(live()), to_string(Live{1, 1, 1, 1, 1, 1})) << "a failing call changes nothing in the driver";
}

TEST_F(FaultInjectionTest, TheDefaultReleaseHandlerWritesToStderr) {
  simt::set_release_error_handler(nullptr);
  testing::internal::CaptureStderr();
  {
    simt::Stream stream(simt::Context::primary());
    fake().fake_cuda_fail_next("cuStreamDestroy", CUDA_ERROR_CONTEXT_IS_DESTROYED);
  }
  EXPECT_EQ(testing::internal::GetCapturedStderr(),
            "simt: ignored in a destructor: destroying a stream (cuStreamDestroy): CUDA_ERROR_CONTEXT_IS_DESTROYED "
            "(709): context is destroyed\n");
  EXPECT_NE(simt::set_release_error_handler(&record_report), nullptr) << "null installs the default handler";
}

// After a kernel fault every release in the dead context fails with the same result: the
// default handler writes the first and says that it leaves out the others; a handler of the
// user's gets every one.
TEST_F(FaultInjectionTest, TheDefaultReleaseHandlerReportsADeadContextOnce) {
  simt::set_release_error_handler(nullptr);
  testing::internal::CaptureStderr();
  {
    simt::Stream stream(simt::Context::primary());
    simt::Event event(simt::Context::primary());
    auto buffer = simt::DeviceBuffer<float>::uninitialized(simt::Context::primary(), 16);
    fake().fake_cuda_fail_next("cuMemFree", CUDA_ERROR_LAUNCH_FAILED);
    fake().fake_cuda_fail_next("cuEventDestroy", CUDA_ERROR_LAUNCH_FAILED);
    fake().fake_cuda_fail_next("cuStreamDestroy", CUDA_ERROR_LAUNCH_FAILED);
  }
  EXPECT_EQ(testing::internal::GetCapturedStderr(),
            "simt: ignored in a destructor: freeing 64 bytes on device 0 (cuMemFree): CUDA_ERROR_LAUNCH_FAILED (719): "
            "unspecified launch failure; fix: a kernel trapped (e.g. a failed bounds check) or faulted; the CUDA "
            "context is now unusable: restart the process (later releases that fail the same way are not "
            "reported)\n");
  simt::set_release_error_handler(&record_report);
  {
    simt::Stream stream(simt::Context::primary());
    fake().fake_cuda_fail_next("cuStreamDestroy", CUDA_ERROR_LAUNCH_FAILED);
  }
  EXPECT_EQ(reports().size(), 1u) << "a handler of the user's gets every release failure";
}

// At exit the driver may be torn down before objects of static lifetime: their releases then
// return CUDA_ERROR_DEINITIALIZED, and the driver has freed everything itself.
TEST_F(FaultInjectionTest, AReleaseAfterTheDriverShutDownIsNoFailure) {
  {
    simt::Stream stream(simt::Context::primary());
    fake().fake_cuda_fail_next("cuStreamDestroy", CUDA_ERROR_DEINITIALIZED);
  }
  EXPECT_EQ(reports().size(), 0u);
  EXPECT_EQ(fake().fake_cuda_call_count("cuStreamDestroy"), 1);
}

// prepare() used to remember the raised limit per CUfunction address, which a module loaded
// after another was unloaded may reuse: the new kernel's limit, back at the default, was not
// raised again, and its launch would fail.
TEST_F(FaultInjectionTest, AReloadedKernelHasItsSharedMemoryLimitRaisedAgain) {
  const auto ctx = simt::Context::primary();
  simt::LaunchContract contract;
  contract.kernel = "empty";
  contract.has_dynamic_shared = true;
  contract.dynamic_shared_max = 65536;
  const simt::LaunchShape shape = simt::LaunchConfig1D{1, 32, 65536};
  for (int load = 1; load <= 2; ++load) {
    const auto kernel = simt::Module::load_ptx(ctx, kSaxpyPtx, "m").kernel("empty");
    EXPECT_EQ(kernel.attributes().max_dynamic_shared_bytes, 49152u);
    simt::contract::prepare(kernel, contract, shape);
    EXPECT_EQ(kernel.attributes().max_dynamic_shared_bytes, 65536u);
    simt::contract::prepare(kernel, contract, simt::LaunchConfig1D{1, 32, 60000});  // never lowered
    EXPECT_EQ(kernel.attributes().max_dynamic_shared_bytes, 65536u);
    EXPECT_EQ(fake().fake_cuda_call_count("cuFuncSetAttribute"), load);
  }
}

}  // namespace
