// Loading the driver: missing, not a driver, stub, no device.
#include <cuda.h>

#include <filesystem>

#include "fake_driver.hpp"

namespace {

using simt_test::fake;
using simt_test::what_of;

class DriverTest : public simt_test::FakeDriverTest {};

TEST_F(DriverTest, MissingDriverNamesPathReasonAndFix) {
  simt::detail::reset_driver_for_testing("/nonexistent/libcuda.so.1");
  EXPECT_EQ(what_of<simt::DriverNotFound>([] { simt::Context::primary(); }),
            "no CUDA driver: could not load /nonexistent/libcuda.so.1 (/nonexistent/libcuda.so.1: cannot open shared "
            "object file: No such file or directory); install the NVIDIA driver, or run on a machine with a GPU");
}

TEST_F(DriverTest, EnvironmentVariableChoosesTheLibrary) {
  setenv("SIMT_CUDA_DRIVER", "/nonexistent/from-env.so", 1);
  simt::detail::reset_driver_for_testing();
  EXPECT_EQ(what_of<simt::DriverNotFound>([] { (void)simt::device_count(); }),
            "no CUDA driver: could not load /nonexistent/from-env.so (/nonexistent/from-env.so: cannot open shared "
            "object file: No such file or directory); install the NVIDIA driver, or run on a machine with a GPU");
}

TEST_F(DriverTest, DriverNotFoundIsAnError) {
  simt::detail::reset_driver_for_testing("/nonexistent/libcuda.so.1");
  try {
    simt::Context::primary();
    FAIL() << "did not throw";
  } catch (const simt::Error& e) {
    EXPECT_EQ(e.code(), 0);
    EXPECT_EQ(e.result_name(), "");
    EXPECT_EQ(e.action(), "no CUDA driver");
  }
}

TEST_F(DriverTest, LibraryWithoutEntryPointsIsNotADriver) {
  simt::detail::reset_driver_for_testing("libm.so.6");
  EXPECT_EQ(what_of<simt::DriverNotFound>([] { simt::Context::primary(); }),
            "no CUDA driver: libm.so.6 lacks the entry point cuInit (not a CUDA driver, or one older than this "
            "runtime needs); update the NVIDIA driver");
}

TEST_F(DriverTest, ToolkitStubLibraryIsNotADriver) {
  fake().fake_cuda_set_init_result(CUDA_ERROR_STUB_LIBRARY);
  EXPECT_EQ(what_of<simt::DriverNotFound>([] { simt::Context::primary(); }),
            std::string("no CUDA driver: ") + SIMT_FAKE_CUDA_PATH +
                " is the CUDA toolkit's stub library, not a driver; install the NVIDIA driver, or run on a machine "
                "with a GPU");
}

TEST_F(DriverTest, RealToolkitStubIsRejected) {
  if (!std::filesystem::exists(SIMT_CUDA_STUB_PATH)) GTEST_SKIP() << "no stub at " << SIMT_CUDA_STUB_PATH;
  simt::detail::reset_driver_for_testing(SIMT_CUDA_STUB_PATH);
  EXPECT_THROW(simt::Context::primary(), simt::DriverNotFound);
}

TEST_F(DriverTest, NoDeviceFromCuInit) {
  fake().fake_cuda_set_device_count(0);
  EXPECT_EQ(what_of<simt::NoDevice>([] { simt::Context::primary(); }),
            "no CUDA device: the driver found no GPU (cuInit: CUDA_ERROR_NO_DEVICE); run on a machine with an NVIDIA "
            "GPU, or check CUDA_VISIBLE_DEVICES");
  EXPECT_EQ(simt::device_count(), 0);
}

TEST_F(DriverTest, NoDeviceFromZeroCount) {
  fake().fake_cuda_set_device_count(0);
  fake().fake_cuda_set_init_result(CUDA_SUCCESS);
  EXPECT_EQ(what_of<simt::NoDevice>([] { simt::Context::primary(); }),
            "no CUDA device: the driver reports 0 devices; run on a machine with an NVIDIA GPU, or check "
            "CUDA_VISIBLE_DEVICES");
}

TEST_F(DriverTest, InitFailureIsRetriedOnNextUse) {
  fake().fake_cuda_fail_next("cuInit", CUDA_ERROR_NOT_INITIALIZED);
  EXPECT_THROW(simt::device_count(), simt::Error);
  EXPECT_EQ(simt::device_count(), 1);
  EXPECT_EQ(fake().fake_cuda_call_count("cuInit"), 2);
}

TEST_F(DriverTest, DeviceCountAndVersion) {
  fake().fake_cuda_set_device_count(3);
  EXPECT_EQ(simt::device_count(), 3);
  EXPECT_EQ(simt::driver_version(), 13000);
}

TEST_F(DriverTest, ResolvesVersionedSymbolsLikeCudaH) {
  auto ctx = simt::Context::primary();
  auto buffer = simt::DeviceBuffer<int>::zeroed(ctx, 4);
  // cuda.h maps these names to versioned ABI symbols; the runtime must have called those.
  EXPECT_GE(fake().fake_cuda_call_count("cuMemAlloc_v2"), 1);
  EXPECT_GE(fake().fake_cuda_call_count("cuMemsetD8_v2"), 1);
  EXPECT_GE(fake().fake_cuda_call_count("cuDevicePrimaryCtxRetain"), 1);
}

}  // namespace
