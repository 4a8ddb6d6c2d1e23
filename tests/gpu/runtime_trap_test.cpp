// A kernel that executes `trap;` must surface as an Error on synchronize, with the hint that the
// context is gone. On an H200 with driver 580 the driver reports CUDA_ERROR_LAUNCH_FAILED (719,
// "unspecified launch failure"); other GPUs/drivers have reported CUDA_ERROR_ILLEGAL_INSTRUCTION
// (715), so either is accepted. Its own executable: the trap leaves the primary context
// unusable for the rest of the process.
#include <gtest/gtest.h>

#include <iostream>
#include <optional>
#include <string>

#include "simt/runtime.hpp"

namespace {

constexpr const char* kTrapPtx = R"(.version 8.0
.target sm_90
.address_size 64

.visible .entry trapper()
{
    trap;
}
)";

TEST(RuntimeGpuTrap, TrapIsReportedOnSynchronize) {
  std::optional<simt::Context> context;
  try {
    context.emplace(simt::Context::primary());
  } catch (const simt::DriverNotFound& e) {
    GTEST_SKIP() << "no CUDA driver here: " << e.what();
  } catch (const simt::NoDevice& e) {
    GTEST_SKIP() << "no CUDA device here: " << e.what();
  }
  const auto kernel = simt::Module::load_ptx(*context, kTrapPtx, "trap.ptx").kernel("trapper");
  simt::Stream stream(*context);
  kernel.launch(stream, simt::LaunchConfig1D{1, 32}, nullptr, 0);
  try {
    stream.synchronize();
    FAIL() << "a trapping kernel completed";
  } catch (const simt::Error& e) {
    const std::string what = e.what();
    std::cout << "[ message  ] " << what << "\n";
    EXPECT_TRUE(e.result_name() == "CUDA_ERROR_LAUNCH_FAILED" || e.result_name() == "CUDA_ERROR_ILLEGAL_INSTRUCTION")
        << what;
    EXPECT_EQ(e.action(), "synchronizing a stream (cuStreamSynchronize)");
    EXPECT_NE(what.find("; fix: a kernel trapped (e.g. a failed bounds check) or faulted; the CUDA context is now "
                        "unusable"),
              std::string::npos)
        << what;
  }
  // The context stays unusable: later operations report the fault instead of hanging.
  EXPECT_THROW(context->synchronize(), simt::Error);
  EXPECT_THROW((void)simt::DeviceBuffer<int>::zeroed(*context, 4).to_host(), simt::Error);
}

}  // namespace
