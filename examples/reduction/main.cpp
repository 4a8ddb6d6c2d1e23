// Sums float arrays on the GPU for several sizes (the partial sums and the result poisoned
// before each launch, each array summed twice: the kernel resets its counter for the next
// launch) and compares each sum with the CPU's, computed in double precision.
// Without a GPU, runs the same kernel on the CPU through simt's host reference.
// Usage: reduction [--small] [n ...]   (--small: sizes for compute-sanitizer)
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include <simt/host.hpp>

#include "example_main.hpp"

#include "reduction.hpp"
#include "reduction.simt.hpp"

// The kernel of reduction.cpp, compiled for the CPU as well.
void sum(simt::Slice<const Float4> quads, simt::Slice<const float> all, simt::AtomicSlice<float> partials,
         simt::AtomicSlice<uint32_t> arrived, simt::AtomicSlice<float> out);

namespace {

const std::vector<std::size_t> kGpuSizes = {1, 7, 4097, 1000003, 12345679, 67108859};
const std::vector<std::size_t> kSmallSizes = {1, 7, 4097, 100003};

std::vector<float> random_floats(std::size_t n) {
  std::mt19937 rng(std::uint32_t(n) * 2654435761u + 1);
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  std::vector<float> v(n);
  for (float& f : v) f = dist(rng);
  return v;
}

// Enough blocks that each thread adds about four Float4s, at most kMaxBlocks.
std::uint32_t blocks_for(std::size_t quads) {
  std::size_t blocks = (quads + 4 * kBlock - 1) / (4 * kBlock);
  return std::uint32_t(std::clamp<std::size_t>(blocks, 1, kMaxBlocks));
}

// A float sum differs from the exact one by a few ulps of the magnitudes it adds.
bool close_enough(float got, const std::vector<float>& x, double* exact) {
  double sum = 0, magnitude = 0;
  for (float f : x) sum += f, magnitude += std::fabs(f);
  *exact = sum;
  return std::isfinite(got) && std::fabs(double(got) - sum) <= 1e-5 * magnitude;
}

int report(const char* where, std::size_t n, const std::vector<float>& x, float got) {
  double exact = 0;
  if (close_enough(got, x, &exact)) {
    std::printf("reduction%s: n = %zu ok (sum %.6g)\n", where, n, double(got));
    return 0;
  }
  std::printf("reduction%s: n = %zu FAILED: got %.9g, want %.9g\n", where, n, double(got), exact);
  return 1;
}

int run_gpu(const simt::Context& context, const reduction_kernels::Kernels& kernels, std::size_t n) {
  simt::Stream stream(context);
  const std::vector<float> x = random_floats(n);
  const std::size_t quads = n / 4;
  const std::uint32_t blocks = blocks_for(quads);
  auto dx = simt::DeviceBuffer<float>::from_host(context, x);
  auto partials = simt::DeviceBuffer<float>::uninitialized(context, blocks);
  auto arrived = simt::DeviceBuffer<std::uint32_t>::uninitialized(context, 1);
  auto result = simt::DeviceBuffer<float>::uninitialized(context, 1);
  arrived.fill_bytes(0);
  int failures = 0;
  for (int round = 0; round < 2; ++round) {
    partials.fill_bytes(0xFF);  // NaN
    result.fill_bytes(0xFF);
    kernels.sum(stream, kernels.prepare_sum(simt::LaunchConfig1D{blocks, kBlock}),
                simt::DeviceView<const Float4>(dx.device_ptr(), quads), std::as_const(dx).view(), partials.view(),
                arrived.view(), result.view());
    stream.synchronize();
    failures += report(round == 0 ? "" : " (again)", n, x, result.to_host()[0]);
  }
  if (const std::uint32_t left = arrived.to_host()[0]; left != 0) {
    std::printf("reduction: n = %zu FAILED: the counter is %u after the launch, not 0\n", n, left);
    ++failures;
  }
  return failures;
}

int run_cpu(std::size_t n) {
  const std::vector<float> x = random_floats(n);
  const std::size_t quads = n / 4;
  const std::uint32_t blocks = blocks_for(quads);
  std::vector<Float4> x4(quads);
  std::memcpy(x4.data(), x.data(), quads * sizeof(Float4));
  std::vector<float> partials(blocks, NAN), result(1, NAN);
  std::vector<std::uint32_t> arrived(1, 0);
  simt::host::launch_1d(blocks, kBlock, sum, simt::host::slice(x4), simt::host::slice(x), simt::host::atomic(partials),
                        simt::host::atomic(arrived), simt::host::atomic(result));
  return report(" (CPU)", n, x, result[0]);
}

}  // namespace

int main(int argc, char** argv) {
  const auto options = example::parse_options(argc, argv, 1);
  if (!options) return std::fprintf(stderr, "usage: reduction [--small] [n ...]\n"), 2;
  const std::optional<simt::Context> gpu = example::open_gpu();
  std::vector<std::size_t> sizes;
  for (const auto& group : options->groups) sizes.push_back(group[0]);
  sizes = example::choose(sizes, *options, gpu.has_value(), kSmallSizes, kGpuSizes);
  int failures = 0;
  if (gpu) {
    auto kernels = reduction_kernels::load(*gpu);
    for (std::size_t n : sizes) failures += run_gpu(*gpu, kernels, n);
  } else {
    for (std::size_t n : sizes) failures += run_cpu(n);
  }
  return failures == 0 ? 0 : 1;
}
