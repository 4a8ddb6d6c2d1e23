// `simtc sanitize`: the digest of compute-sanitizer reports written out by hand, in the formats
// its tools print (no GPU here, ever).
#include "driver/sanitizer_report.hpp"

#include <gtest/gtest.h>

namespace simtc::driver {
namespace {

TEST(SanitizerReport, MemcheckErrorsNameTheKernelLine) {
  const char* report =
      "========= COMPUTE-SANITIZER\n"
      "========= Invalid __global__ read of size 4 bytes\n"
      "=========     at oob_read+0x1b0 in /src/oob.cpp:12\n"
      "=========     by thread (31,0,0) in block (3,0,0)\n"
      "=========     Address 0x7f3c4e000400 is out of bounds\n"
      "=========     Saved host backtrace up to driver entry point at kernel launch time\n"
      "=========         Host Frame: cuLaunchKernel at 0x2f2ee in /lib/x86_64-linux-gnu/libcuda.so.1\n"
      "=========\n"
      "========= Invalid __global__ read of size 4 bytes\n"
      "=========     at oob_read+0x1b0 in /src/oob.cpp:12\n"
      "=========     by thread (0,0,0) in block (4,0,0)\n"
      "=========\n"
      "========= ERROR SUMMARY: 64 errors\n";
  SanitizerReport parsed = parse_sanitizer_report(report);
  ASSERT_EQ(parsed.errors.size(), 2u);
  EXPECT_EQ(parsed.errors[0].kernel, "oob_read");
  EXPECT_EQ(parsed.errors[0].location, "/src/oob.cpp:12");
  EXPECT_EQ(parsed.summary_errors, 64);
  EXPECT_EQ(format_sanitizer_digest(parsed, "memcheck"),
            "/src/oob.cpp:12: error: Invalid __global__ read of size 4 bytes (kernel 'oob_read', thread (31,0,0) in block (3,0,0))\n"
            "/src/oob.cpp:12: error: Invalid __global__ read of size 4 bytes (kernel 'oob_read', thread (0,0,0) in block (4,0,0))\n"
            "simtc sanitize: 64 errors (memcheck)\n");
}

// As compute-sanitizer 2025 printed it on the H200 for tests/gpu/cli_demo's `shift` (abridged):
// the allocation detail starts with "and", which is not racecheck's second access.
TEST(SanitizerReport, MemcheckAllocationDetailIsNotASecondAccess) {
  const char* report =
      "========= COMPUTE-SANITIZER\n"
      "========= Invalid __global__ read of size 4 bytes\n"
      "=========     at shift_left+0x1b0 in cli_demo.cpp:12\n"
      "=========     by thread (66,0,0) in block (3906,0,0)\n"
      "=========     Access to 0x7f47ff1d090c is out of bounds\n"
      "=========     and is 1 bytes after the nearest allocation at 0x7f47fee00000 of size 4,000,012 bytes\n"
      "=========     Saved host backtrace up to driver entry point at kernel launch time\n"
      "=========         Host Frame: cuLaunchKernel [0x39fb94] in libcuda.so.1\n"
      "========= \n"
      "========= Program hit CUDA_ERROR_LAUNCH_FAILED (error 719) due to \"unspecified launch failure\" on CUDA API "
      "call to cuStreamSynchronize.\n"
      "=========     Saved host backtrace up to driver entry point at error\n"
      "=========         Host Frame: simt::Stream::synchronize() const [0x3f1cc] in cli_demo\n"
      "========= \n"
      "========= Target application returned an error\n"
      "========= ERROR SUMMARY: 2 errors\n";
  EXPECT_EQ(format_sanitizer_digest(parse_sanitizer_report(report), "memcheck"),
            "cli_demo.cpp:12: error: Invalid __global__ read of size 4 bytes (kernel 'shift_left', thread (66,0,0) in "
            "block (3906,0,0))\n"
            "error: Program hit CUDA_ERROR_LAUNCH_FAILED (error 719) due to \"unspecified launch failure\" on CUDA API "
            "call to cuStreamSynchronize.\n"
            "simtc sanitize: 2 errors (memcheck)\n");
}

TEST(SanitizerReport, FramesWithoutLinesAskForLineinfo) {
  const char* report =
      "========= Invalid __global__ write of size 4 bytes\n"
      "=========     at saxpy+0x70\n"
      "=========     by thread (0,0,0) in block (0,0,0)\n"
      "=========\n"
      "========= ERROR SUMMARY: 1 error\n";
  EXPECT_EQ(format_sanitizer_digest(parse_sanitizer_report(report), "memcheck"),
            "saxpy+0x70: error: Invalid __global__ write of size 4 bytes (kernel 'saxpy', thread (0,0,0) in block (0,0,0))\n"
            "simtc sanitize: warning: 1 error named a kernel frame without a source line (saxpy+0x70): build the "
            "kernels with -lineinfo (simtc build -lineinfo, add_gpu_kernels(... LINEINFO))\n"
            "simtc sanitize: 1 error (memcheck)\n");
}

TEST(SanitizerReport, RacecheckNamesBothAccesses) {
  const char* report =
      "========= COMPUTE-SANITIZER\n"
      "========= Error: Race reported between Write access at block_sum(float *, int)+0x1c0 in /src/r.cpp:20\n"
      "=========     and Read access at block_sum(float *, int)+0x200 in /src/r.cpp:22 [1024 hazards]\n"
      "=========\n"
      "========= RACECHECK SUMMARY: 1 hazard displayed (1 error, 0 warnings)\n";
  EXPECT_EQ(format_sanitizer_digest(parse_sanitizer_report(report), "racecheck"),
            "/src/r.cpp:20: error: Race reported between Write access and Read access at /src/r.cpp:22 "
            "[1024 hazards] (kernel 'block_sum')\n"
            "simtc sanitize: 1 error (racecheck)\n");
}

TEST(SanitizerReport, OlderFrameFormat) {
  const char* report =
      "========= Barrier error detected. Divergent thread(s) in warp\n"
      "=========     at 0x00000110 in /src/sync.cpp:9:diverge\n"
      "=========     by thread (1,0,0) in block (0,0,0)\n"
      "========= ERROR SUMMARY: 1 error\n";
  EXPECT_EQ(format_sanitizer_digest(parse_sanitizer_report(report), "synccheck"),
            "/src/sync.cpp:9: error: Barrier error detected. Divergent thread(s) in warp (kernel 'diverge', "
            "thread (1,0,0) in block (0,0,0))\n"
            "simtc sanitize: 1 error (synccheck)\n");
}

TEST(SanitizerReport, CleanRunAndApiErrors) {
  EXPECT_EQ(format_sanitizer_digest(parse_sanitizer_report("========= COMPUTE-SANITIZER\n"
                                                           "========= ERROR SUMMARY: 0 errors\n"),
                                    "initcheck"),
            "simtc sanitize: no errors (initcheck)\n");
  const char* api =
      "========= Program hit CUDA_ERROR_INVALID_VALUE (error 1) due to \"invalid argument\" on CUDA API call to cuMemcpyDtoH_v2.\n"
      "=========     Saved host backtrace up to driver entry point at error\n"
      "=========         Host Frame: cuMemcpyDtoH_v2 at 0x1234 in /lib/x86_64-linux-gnu/libcuda.so.1\n"
      "========= ERROR SUMMARY: 1 error\n";
  EXPECT_EQ(format_sanitizer_digest(parse_sanitizer_report(api), "memcheck"),
            "error: Program hit CUDA_ERROR_INVALID_VALUE (error 1) due to \"invalid argument\" on CUDA API call to "
            "cuMemcpyDtoH_v2.\n"
            "simtc sanitize: 1 error (memcheck)\n");
}

}  // namespace
}  // namespace simtc::driver
