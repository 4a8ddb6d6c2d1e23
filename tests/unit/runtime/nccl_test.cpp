// Collectives through NCCL, against the fake NCCL (fake_nccl.cpp) on the fake driver's memory.
#include <dlfcn.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "fake_driver.hpp"

namespace {

using simt::DeviceBuffer;
using simt::nccl::Communicator;
using simt::nccl::ReduceOp;
using simt_test::fake;
using simt_test::what_of;

// The fake NCCL's controls, from the very library the runtime loads.
struct FakeNccl {
  void (*reset)() = nullptr;
  void (*fail_next)(const char*, int) = nullptr;
  int (*call_count)(const char*) = nullptr;
  int (*live_comms)() = nullptr;
  void* (*last_stream)() = nullptr;
};

const FakeNccl& fake_nccl() {
  static const FakeNccl controls = [] {
    void* library = dlopen(SIMT_FAKE_NCCL_PATH, RTLD_NOW | RTLD_LOCAL);
    if (library == nullptr) throw std::runtime_error(std::string("cannot load the fake NCCL: ") + dlerror());
    FakeNccl c;
    c.reset = reinterpret_cast<void (*)()>(dlsym(library, "fake_nccl_reset"));
    c.fail_next = reinterpret_cast<void (*)(const char*, int)>(dlsym(library, "fake_nccl_fail_next"));
    c.call_count = reinterpret_cast<int (*)(const char*)>(dlsym(library, "fake_nccl_call_count"));
    c.live_comms = reinterpret_cast<int (*)()>(dlsym(library, "fake_nccl_live_comms"));
    c.last_stream = reinterpret_cast<void* (*)()>(dlsym(library, "fake_nccl_last_stream"));
    if (!c.reset || !c.fail_next || !c.call_count || !c.live_comms || !c.last_stream)
      throw std::runtime_error("the fake NCCL lacks a control");
    return c;
  }();
  return controls;
}

class NcclTest : public simt_test::FakeDriverTest {
protected:
  void SetUp() override {
    FakeDriverTest::SetUp();
    simt::nccl::detail::reset_nccl_for_testing(SIMT_FAKE_NCCL_PATH);
    fake_nccl().reset();
  }
  void TearDown() override {
    EXPECT_EQ(fake_nccl().live_comms(), 0) << "communicator leaked";
    FakeDriverTest::TearDown();
  }
};

TEST_F(NcclTest, OneRankAllReduceOnASimtStream) {
  EXPECT_EQ(simt::nccl::version(), 22703);
  const auto comms = Communicator::init_all();
  ASSERT_EQ(comms.size(), 1u);
  EXPECT_EQ(comms[0].rank(), 0);
  EXPECT_EQ(comms[0].size(), 1);
  EXPECT_EQ(comms[0].context().device(), 0);
  simt::Stream stream(comms[0].context());
  const auto send = DeviceBuffer<float>::from_host(comms[0].context(), std::vector<float>{1, 2, 3});
  auto recv = DeviceBuffer<float>::zeroed(comms[0].context(), 3);
  comms[0].all_reduce<float>(send, recv, ReduceOp::sum, stream);
  EXPECT_EQ(recv.to_host(), (std::vector<float>{1, 2, 3}));
  EXPECT_EQ(fake_nccl().last_stream(), stream.native_handle());
}

// One buffer per device, like a data-parallel step: each rank's values, then a collective.
std::vector<DeviceBuffer<int>> per_rank(const std::vector<Communicator>& comms, const std::vector<std::vector<int>>& values) {
  std::vector<DeviceBuffer<int>> buffers;
  for (std::size_t r = 0; r < comms.size(); ++r) buffers.push_back(DeviceBuffer<int>::from_host(comms[r].context(), values[r]));
  return buffers;
}

TEST_F(NcclTest, CollectivesOverTwoGpusInAGroup) {
  fake().fake_cuda_set_device_count(2);
  const auto comms = Communicator::init_all();
  ASSERT_EQ(comms.size(), 2u);
  EXPECT_EQ(comms[1].rank(), 1);
  EXPECT_EQ(comms[1].context().device(), 1);
  std::vector<simt::Stream> streams{simt::Stream(comms[0].context()), simt::Stream(comms[1].context())};
  auto data = per_rank(comms, {{1, 2, 3, 4}, {10, 20, 30, 40}});
  simt::nccl::group([&] {
    for (std::size_t r = 0; r < 2; ++r) comms[r].all_reduce(data[r].view(), ReduceOp::sum, streams[r]);  // in place
  });
  EXPECT_EQ(data[0].to_host(), (std::vector<int>{11, 22, 33, 44}));
  EXPECT_EQ(data[1].to_host(), (std::vector<int>{11, 22, 33, 44}));

  auto gathered = per_rank(comms, {std::vector<int>(8), std::vector<int>(8)});
  auto scattered = per_rank(comms, {std::vector<int>(2), std::vector<int>(2)});
  auto roots = per_rank(comms, {{7, 8, 9, 10}, {0, 0, 0, 0}});
  const auto originals = per_rank(comms, {{1, 2, 3, 4}, {5, 6, 7, 8}});
  simt::nccl::group([&] {
    for (std::size_t r = 0; r < 2; ++r) comms[r].all_gather<int>(originals[r], gathered[r], streams[r]);
    for (std::size_t r = 0; r < 2; ++r) comms[r].reduce_scatter<int>(originals[r], scattered[r], ReduceOp::max, streams[r]);
    for (std::size_t r = 0; r < 2; ++r) comms[r].broadcast<int>(roots[r], roots[r], 0, streams[r]);
  });
  EXPECT_EQ(gathered[1].to_host(), (std::vector<int>{1, 2, 3, 4, 5, 6, 7, 8}));
  EXPECT_EQ(scattered[0].to_host(), (std::vector<int>{5, 6}));
  EXPECT_EQ(scattered[1].to_host(), (std::vector<int>{7, 8}));
  EXPECT_EQ(roots[1].to_host(), (std::vector<int>{7, 8, 9, 10}));
}

TEST_F(NcclTest, SeveralRanksOutsideAGroupIsNamedWithAFix) {
  fake().fake_cuda_set_device_count(2);
  const auto comms = Communicator::init_all();
  simt::Stream stream(comms[0].context());
  auto data = DeviceBuffer<int>::zeroed(comms[0].context(), 4);
  const std::string message = what_of<simt::NcclError>([&] { comms[0].all_reduce(data.view(), ReduceOp::sum, stream); });
  EXPECT_EQ(message,
            "rank 0 of 2: ncclAllReduce of 4 elements (ncclAllReduce): ncclInvalidUsage (5): invalid usage (run with "
            "NCCL_DEBUG=WARN for details); fix: NCCL was used wrongly: issue the collectives of all ranks one thread "
            "drives inside simt::nccl::group, and use every rank's own stream");
  try {
    comms[0].all_reduce(data.view(), ReduceOp::sum, stream);
  } catch (const simt::NcclError& e) {
    EXPECT_EQ(e.code(), 5);
    EXPECT_EQ(e.result_name(), "ncclInvalidUsage");
  }
}

TEST_F(NcclTest, SizesAndStreamsAreCheckedFirst) {
  fake().fake_cuda_set_device_count(2);
  const auto comms = Communicator::init_all();
  simt::Stream stream0(comms[0].context()), stream1(comms[1].context());
  auto two = DeviceBuffer<int>::zeroed(comms[0].context(), 2);
  auto three = DeviceBuffer<int>::zeroed(comms[0].context(), 3);
  EXPECT_EQ(what_of<simt::UsageError>([&] { comms[0].all_gather<int>(two, three, stream0); }),
            "nccl::Communicator::all_gather: send has 2 elements and recv 3 on rank 0; the collective needs recv to "
            "hold send x 2 ranks = 4 elements");
  EXPECT_EQ(what_of<simt::UsageError>([&] { comms[0].reduce_scatter<int>(three, two, ReduceOp::sum, stream0); }),
            "nccl::Communicator::reduce_scatter: send has 3 elements and recv 2 on rank 0; the collective needs send "
            "to hold recv x 2 ranks = 4 elements");
  EXPECT_EQ(what_of<simt::UsageError>([&] { comms[0].all_reduce<int>(two, three, ReduceOp::sum, stream0); }),
            "nccl::Communicator::all_reduce: send has 2 elements and recv 3 on rank 0; the collective needs equal sizes");
  EXPECT_EQ(what_of<simt::UsageError>([&] { comms[0].all_reduce(two.view(), ReduceOp::sum, stream1); }),
            "nccl::Communicator: rank 0 runs on device 0 but the stream belongs to device 1");
  EXPECT_EQ(what_of<simt::UsageError>([&] { comms[0].broadcast<int>(two, two, 2, stream0); }),
            "nccl::Communicator::broadcast: root 2 is not a rank: there are 2");
  EXPECT_EQ(fake_nccl().call_count("ncclAllReduce") + fake_nccl().call_count("ncclAllGather"), 0);
}

TEST_F(NcclTest, InitErrors) {
  EXPECT_EQ(what_of<simt::UsageError>([] { (void)Communicator::init_all(std::span<const simt::Context>{}); }),
            "nccl::Communicator::init_all: no contexts: a communicator needs at least 1 GPU");
  const auto ctx = simt::Context::primary();
  const simt::Context twice[] = {ctx, ctx};
  EXPECT_EQ(what_of<simt::UsageError>([&] { (void)Communicator::init_all(twice); }),
            "nccl::Communicator::init_all: device 0 is given twice; each rank needs a GPU of its own");
  fake_nccl().fail_next("ncclCommInitAll", 2);
  EXPECT_EQ(what_of<simt::NcclError>([] { (void)Communicator::init_all(); }),
            "creating a communicator over 1 GPU(s) (ncclCommInitAll): ncclSystemError (2): unhandled system error (run "
            "with NCCL_DEBUG=INFO for details); fix: a system call inside NCCL failed: run with NCCL_DEBUG=WARN to see "
            "which");
  fake_nccl().fail_next("ncclCommCount", 3);
  EXPECT_THROW((void)Communicator::init_all(), simt::NcclError);
  EXPECT_EQ(fake_nccl().live_comms(), 0);  // the communicator made before the failure is destroyed
}

TEST_F(NcclTest, FailedDestroyGoesToTheReleaseHandler) {
  static std::string reported;
  reported.clear();
  simt::set_release_error_handler([](const simt::Error& e) noexcept { reported = e.what(); });
  {
    const auto comms = Communicator::init_all();
    fake_nccl().fail_next("ncclCommDestroy", 3);
  }
  simt::set_release_error_handler(nullptr);
  EXPECT_EQ(reported, "destroying a communicator (ncclCommDestroy): ncclInternalError (3): internal error - please "
                      "report this issue to the NCCL developers");
  fake_nccl().reset();  // the fake kept the communicator it refused to destroy
}

TEST_F(NcclTest, GroupEndsWhenTheWorkThrows) {
  EXPECT_THROW(simt::nccl::group([] { throw std::runtime_error("boom"); }), std::runtime_error);
  EXPECT_EQ(fake_nccl().call_count("ncclGroupStart"), 1);
  EXPECT_EQ(fake_nccl().call_count("ncclGroupEnd"), 1);
}

TEST_F(NcclTest, MissingLibraryNamesPathAndFix) {
  simt::nccl::detail::reset_nccl_for_testing("/nonexistent/libnccl.so.2");
  EXPECT_EQ(what_of<simt::NcclError>([] { (void)simt::nccl::version(); }),
            "NCCL not found: could not load /nonexistent/libnccl.so.2 (/nonexistent/libnccl.so.2: cannot open shared "
            "object file: No such file or directory); install NCCL (the CUDA toolkit's libnccl, or pip's "
            "nvidia-nccl-cu12), or set SIMT_NCCL_LIBRARY to its path");
  simt::nccl::detail::reset_nccl_for_testing("libm.so.6");
  EXPECT_EQ(what_of<simt::NcclError>([] { (void)simt::nccl::version(); }),
            "NCCL not found: libm.so.6 lacks the entry point ncclGetVersion (not NCCL 2.x)");
}

}  // namespace
