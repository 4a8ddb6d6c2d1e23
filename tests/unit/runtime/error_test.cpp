// Error messages: driver result names, fix hints, JIT logs, launch numbers.
#include <cuda.h>

#include <cstdint>

#include "fake_driver.hpp"

namespace {

using simt_test::fake;
using simt_test::kSaxpyPtx;
using simt_test::what_of;

class ErrorTest : public simt_test::FakeDriverTest {};

TEST_F(ErrorTest, UnsupportedPtxVersionSaysToUpdateTheDriver) {
  const auto ctx = simt::Context::primary();
  fake().fake_cuda_fail_next("cuModuleLoadDataEx", CUDA_ERROR_UNSUPPORTED_PTX_VERSION);
  fake().fake_cuda_set_jit_error_log("");
  try {
    (void)simt::Module::load_ptx(ctx, kSaxpyPtx, "saxpy");
    FAIL() << "did not throw";
  } catch (const simt::Error& e) {
    EXPECT_STREQ(e.what(),
                 "loading module 'saxpy' (cuModuleLoadDataEx): CUDA_ERROR_UNSUPPORTED_PTX_VERSION (222): the provided "
                 "PTX was compiled with an unsupported toolchain; fix: the PTX is newer than this driver supports: "
                 "update the NVIDIA driver, or compile with an older --ptx-version");
    EXPECT_EQ(e.code(), 222);
    EXPECT_EQ(e.result_name(), "CUDA_ERROR_UNSUPPORTED_PTX_VERSION");
    EXPECT_EQ(e.action(), "loading module 'saxpy' (cuModuleLoadDataEx)");
  }
}

TEST_F(ErrorTest, InvalidPtxCarriesTheArchHintAndJitLog) {
  const auto ctx = simt::Context::primary();
  fake().fake_cuda_fail_next("cuModuleLoadDataEx", CUDA_ERROR_INVALID_PTX);
  fake().fake_cuda_set_jit_error_log("ptxas fatal   : SM version specified by .target is higher than default\n");
  EXPECT_EQ(what_of<simt::Error>([&] { (void)simt::Module::load_ptx(ctx, kSaxpyPtx, "k"); }),
            "loading module 'k' (cuModuleLoadDataEx): CUDA_ERROR_INVALID_PTX (218): a PTX JIT compilation failed; fix: "
            "the PTX does not suit this GPU (wrong --arch) or is malformed: compile with --arch=sm_90 for this GPU "
            "(compute capability 9.0); JIT log: ptxas fatal   : SM version specified by .target is higher than "
            "default");
}

TEST_F(ErrorTest, NoBinaryForGpuGetsTheArchHint) {
  fake().fake_cuda_set_device_attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, 8);
  const auto ctx = simt::Context::primary();
  fake().fake_cuda_fail_next("cuModuleLoadDataEx", CUDA_ERROR_NO_BINARY_FOR_GPU);
  fake().fake_cuda_set_jit_error_log("");
  EXPECT_EQ(what_of<simt::Error>([&] { (void)simt::Module::load_ptx(ctx, kSaxpyPtx, "k"); }),
            "loading module 'k' (cuModuleLoadDataEx): CUDA_ERROR_NO_BINARY_FOR_GPU (209): no kernel image is available "
            "for execution on the device; fix: the PTX does not suit this GPU (wrong --arch) or is malformed: compile "
            "with --arch=sm_80 for this GPU (compute capability 8.0)");
}

TEST_F(ErrorTest, MalformedPtxIsRejectedByTheJit) {
  const auto ctx = simt::Context::primary();
  fake().fake_cuda_set_jit_error_log("fake ptxas: no .version directive");
  const std::string what = what_of<simt::Error>([&] { (void)simt::Module::load_ptx(ctx, "garbage", "bad"); });
  EXPECT_NE(what.find("CUDA_ERROR_INVALID_PTX (218)"), std::string::npos) << what;
  EXPECT_NE(what.find("; JIT log: fake ptxas: no .version directive"), std::string::npos) << what;
}

TEST_F(ErrorTest, LaunchRejectionNamesKernelAndNumbers) {
  const auto ctx = simt::Context::primary();
  const auto kernel = simt::Module::load_ptx(ctx, kSaxpyPtx, "m").kernel("empty");
  simt::Stream stream(ctx);
  try {
    kernel.launch(stream, simt::LaunchConfig1D{16, 2048, 64}, nullptr, 0);
    FAIL() << "did not throw";
  } catch (const simt::LaunchError& e) {
    EXPECT_STREQ(e.what(),
                 "launching kernel 'empty' with grid (16, 1, 1), block (2048, 1, 1), shared 64 bytes (cuLaunchKernel): "
                 "CUDA_ERROR_INVALID_VALUE (1): invalid argument; fix: the block shape exceeds the kernel's "
                 ".reqntid/.maxntid or the device limits, or the grid or shared memory exceeds the device limits "
                 "(kernel 'empty' allows at most 1024 threads per block; the device allows blocks up to (1024, 1024, "
                 "64) with at most 1024 threads, grids up to (2147483647, 65535, 65535), and 49152 bytes of shared "
                 "memory per block (232448 after set_max_dynamic_shared))");
    EXPECT_EQ(e.code(), CUDA_ERROR_INVALID_VALUE);
  }
}

TEST_F(ErrorTest, LaunchOutOfResources) {
  const auto ctx = simt::Context::primary();
  const auto kernel = simt::Module::load_ptx(ctx, kSaxpyPtx, "m").kernel("empty");
  simt::Stream stream(ctx);
  fake().fake_cuda_fail_next("cuLaunchKernel", CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES);
  EXPECT_EQ(what_of<simt::LaunchError>([&] { kernel.launch(stream, simt::LaunchConfig1D{1, 1024}, nullptr, 0); }),
            "launching kernel 'empty' with grid (1, 1, 1), block (1024, 1, 1), shared 0 bytes (cuLaunchKernel): "
            "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES (701): too many resources requested for launch; fix: the kernel needs "
            "more registers or shared memory than this block size allows: launch smaller blocks, or reduce the "
            "kernel's register and shared-memory use (see Kernel::attributes())");
}

TEST_F(ErrorTest, KernelFaultsSayTheContextIsGone) {
  const auto ctx = simt::Context::primary();
  for (CUresult fault : {CUDA_ERROR_ILLEGAL_INSTRUCTION, CUDA_ERROR_ILLEGAL_ADDRESS}) {
    fake().fake_cuda_fail_next("cuCtxSynchronize", fault);
    const std::string what = what_of<simt::Error>([&] { ctx.synchronize(); });
    EXPECT_EQ(what.rfind("synchronizing the context of device 0 (cuCtxSynchronize): ", 0), 0u) << what;
    EXPECT_NE(what.find("; fix: a kernel trapped (e.g. a failed bounds check) or faulted; the CUDA context is now "
                        "unusable: restart the process"),
              std::string::npos)
        << what;
  }
  auto buffer = simt::DeviceBuffer<int>::zeroed(ctx, 1);
  fake().fake_cuda_fail_next("cuCtxSynchronize", CUDA_ERROR_ILLEGAL_INSTRUCTION);
  EXPECT_EQ(what_of<simt::Error>([&] { (void)buffer.to_host(); })
                .rfind("waiting for the context's pending work before copying to the host (cuCtxSynchronize): "
                       "CUDA_ERROR_ILLEGAL_INSTRUCTION (715): an illegal instruction was encountered; fix: a kernel "
                       "trapped",
                       0),
            0u);
}

TEST_F(ErrorTest, InvalidValueOutsideLaunchesHasNoLaunchHint) {
  const auto ctx = simt::Context::primary();
  fake().fake_cuda_fail_next("cuStreamCreate", CUDA_ERROR_INVALID_VALUE);
  EXPECT_EQ(what_of<simt::Error>([&] { simt::Stream stream(ctx); }),
            "creating a stream on device 0 (cuStreamCreate): CUDA_ERROR_INVALID_VALUE (1): invalid argument");
}

TEST_F(ErrorTest, UnknownResultCodes) {
  const auto ctx = simt::Context::primary();
  fake().fake_cuda_fail_next("cuCtxSynchronize", 12345);
  try {
    ctx.synchronize();
    FAIL() << "did not throw";
  } catch (const simt::Error& e) {
    EXPECT_EQ(e.code(), 12345);
    EXPECT_EQ(e.result_name(), "unrecognized CUresult");
    EXPECT_STREQ(e.what(), "synchronizing the context of device 0 (cuCtxSynchronize): unrecognized CUresult (12345): "
                           "no description from the driver");
  }
}

TEST_F(ErrorTest, HostSideErrorsHaveNoCode) {
  const simt::UsageError e("Thing::do", "it went wrong");
  EXPECT_STREQ(e.what(), "Thing::do: it went wrong");
  EXPECT_EQ(e.code(), 0);
  EXPECT_TRUE(e.result_name().empty());
  EXPECT_EQ(e.action(), "Thing::do");
  const simt::Error copy = e;  // copies share details and cannot throw
  EXPECT_EQ(copy.action(), "Thing::do");
  static_assert(std::is_nothrow_copy_constructible_v<simt::Error>);
  static_assert(std::is_base_of_v<simt::Error, simt::DriverNotFound>);
  static_assert(std::is_base_of_v<simt::Error, simt::NoDevice>);
  static_assert(std::is_base_of_v<simt::Error, simt::LaunchError>);
  static_assert(std::is_base_of_v<simt::Error, simt::UsageError>);
  static_assert(std::is_base_of_v<std::runtime_error, simt::Error>);
}

}  // namespace
