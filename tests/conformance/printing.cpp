// simt::printf and SIMT_ASSERT. The GPU's printf lines (one per thread, in any order) must be
// the host build's lines; a failed SIMT_ASSERT must fail the launch with CUDA_ERROR_ASSERT
// after reporting the condition and the file. The CPU half checks the host build's output.
#include <simt/kernel.hpp>

#include <cstdint>

[[kernel]] void print_values(simt::Slice<const std::int32_t> in, float scale, simt::DisjointSlice<std::int32_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    std::int32_t v = in[i.get()];
    short s = short(v * 1000);
    char c = char('a' + (v & 15));
    bool positive = v > 0;
    unsigned long long big = 1ull << (v & 63);
    simt::half h = simt::half(float(v) * 0.25f);
    simt::printf("thread %llu: v=%d s=%hd c=%c b=%d big=%llu f=%.3f h=%.2f %s hex=%x\n",
                 (unsigned long long)i.get(), v, s, c, positive, big, v * scale, double(h),
                 v % 2 != 0 ? "odd" : "even", unsigned(v));
    *o = v;
  }
}

[[kernel]] void checked(simt::Slice<const std::int32_t> in, std::int32_t limit, simt::DisjointSlice<std::int32_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    std::int32_t v = in[i.get()];
    SIMT_ASSERT(v < limit);
    *o = v;
  }
}

#if !defined(__SIMTC__)
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

#include "conformance.hpp"
#include "printing.simt.hpp"

namespace {

// Captures what the process writes to stdout and stderr (the driver prints there too).
class Capture {
 public:
  Capture() {
    std::fflush(stdout);
    std::fflush(stderr);
    file_ = std::tmpfile();
    saved_out_ = dup(1);
    saved_err_ = dup(2);
    dup2(fileno(file_), 1);
    dup2(fileno(file_), 2);
  }
  ~Capture() { finish(); }
  std::string finish() {
    if (file_ == nullptr) return text_;
    std::fflush(stdout);
    std::fflush(stderr);
    dup2(saved_out_, 1);
    dup2(saved_err_, 2);
    close(saved_out_);
    close(saved_err_);
    std::rewind(file_);
    char buffer[4096];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof(buffer), file_)) > 0;) text_.append(buffer, n);
    std::fclose(file_);
    file_ = nullptr;
    return text_;
  }

 private:
  std::FILE* file_ = nullptr;
  int saved_out_ = -1, saved_err_ = -1;
  std::string text_;
};

std::vector<std::string> sorted_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  std::sort(lines.begin(), lines.end());
  return lines;
}

std::vector<std::int32_t> inputs(std::size_t n) {
  std::vector<std::int32_t> v(n);
  for (std::size_t k = 0; k < n; ++k) v[k] = std::int32_t(k * 37 % 101) - 50;
  return v;
}

constexpr std::size_t kThreads = 77;
constexpr float kScale = 0.37f;

std::string host_print_output(std::vector<std::int32_t>& in, std::vector<std::int32_t>& out) {
  Capture capture;
  simt::host::launch_1d(1, 128, print_values, simt::host::slice(in), kScale, simt::host::disjoint(out));
  return capture.finish();
}

TEST(Printing, HostLines) {
  std::vector<std::int32_t> in = inputs(kThreads), out(kThreads);
  std::vector<std::string> lines = sorted_lines(host_print_output(in, out));
  ASSERT_EQ(lines.size(), kThreads);
  // Thread 2: v = 74 % 101 - 50 = 24.
  EXPECT_NE(std::find(lines.begin(), lines.end(),
                      "thread 2: v=24 s=24000 c=i b=1 big=16777216 f=8.880 h=6.00 even hex=18"),
            lines.end());
  EXPECT_EQ(out[2], 24);
}

TEST(Printing, HostAssertReportsFileAndLine) {
  std::vector<std::int32_t> in = inputs(kThreads), out(kThreads);
  EXPECT_DEATH(simt::host::launch_1d(1, 128, checked, simt::host::slice(in), 40, simt::host::disjoint(out)),
               "printing.cpp:[0-9]+: checked: assertion 'v < limit' failed");
}

TEST(GpuOutput, PrintfLinesMatchTheHost) {
  std::string why;
  const simt::Context* context = conformance::gpu_context(why);
  if (context == nullptr) GTEST_SKIP() << why;
  std::vector<std::int32_t> in = inputs(kThreads), out(kThreads), host_out(kThreads);
  const std::string host = host_print_output(in, host_out);
  auto kernels = printing_kernels::load(*context);
  auto d_in = simt::DeviceBuffer<std::int32_t>::from_host(*context, in);
  auto d_out = simt::DeviceBuffer<std::int32_t>::uninitialized(*context, kThreads);
  d_out.fill_bytes(0xFF);
  simt::Stream stream(*context);
  Capture capture;
  kernels.print_values_unchecked(stream, simt::LaunchConfig1D::cover(kThreads, 32), d_in, kScale, d_out);
  stream.synchronize();
  const std::string gpu = capture.finish();
  EXPECT_EQ(sorted_lines(gpu), sorted_lines(host));
  EXPECT_EQ(d_out.to_host(), host_out);
}

// A failed assertion ends the context for the process, so this test runs alone (its own
// ctest entry and line in tests/gpu/binaries.txt).
TEST(GpuAssert, FailsTheLaunchWithFileAndCondition) {
  std::string why;
  const simt::Context* context = conformance::gpu_context(why);
  if (context == nullptr) GTEST_SKIP() << why;
  std::vector<std::int32_t> in = inputs(kThreads);
  auto kernels = printing_kernels::load(*context);
  auto d_in = simt::DeviceBuffer<std::int32_t>::from_host(*context, in);
  auto d_out = simt::DeviceBuffer<std::int32_t>::zeroed(*context, kThreads);
  simt::Stream stream(*context);
  // Every thread passes with limit 100: the launch succeeds.
  kernels.checked_unchecked(stream, simt::LaunchConfig1D::cover(kThreads, 32), d_in, 100, d_out);
  stream.synchronize();
  EXPECT_EQ(d_out.to_host(), in);
  std::string error;
  Capture capture;
  try {
    kernels.checked_unchecked(stream, simt::LaunchConfig1D::cover(kThreads, 32), d_in, 40, d_out);
    stream.synchronize();
  } catch (const simt::Error& e) {
    error = e.result_name();
  }
  const std::string reported = capture.finish();
  EXPECT_EQ(error, "CUDA_ERROR_ASSERT");
  EXPECT_NE(reported.find("v < limit"), std::string::npos) << reported;
  EXPECT_NE(reported.find("printing.cpp"), std::string::npos) << reported;
}

}  // namespace
#endif
