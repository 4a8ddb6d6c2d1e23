// Runs the FIR filter of fir.cpp on the GPU for several sizes, twice per size with different
// taps set on the same stream between the launches (each launch must see the taps set before
// it), the outputs poisoned before the launches, and checks every element against the CPU.
// Without a GPU, runs the same kernel on the CPU through simt's host reference instead.
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <random>
#include <span>
#include <vector>

// The launchers and the taps' setters of fir.cpp, for the GPU and for the CPU.
#include "fir.simt.hpp"

namespace {

constexpr std::size_t kTapCount = 31;
using Taps = std::array<float, kTapCount>;

std::vector<float> random_floats(std::size_t n, std::mt19937& rng) {
  std::uniform_real_distribution<float> dist(-10.0f, 10.0f);
  std::vector<float> v(n);
  for (float& f : v) f = dist(rng);
  return v;
}

Taps random_taps(std::mt19937& rng) {
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  Taps taps;
  for (float& t : taps) t = dist(rng);
  return taps;
}

// Compares out with the filter in double precision; the GPU fuses each multiply-add, so the
// bound is relative to the sum of the terms' magnitudes. Returns the mismatches, the first printed.
std::size_t mismatches(const char* what, const Taps& taps, const std::vector<float>& in, const std::vector<float>& out) {
  std::size_t bad = 0;
  for (std::size_t i = 0; i < out.size(); ++i) {
    double want = 0, magnitude = 0;
    for (std::size_t t = 0; t < kTapCount; ++t) {
      want += double(taps[t]) * in[i + t];
      magnitude += std::fabs(double(taps[t]) * in[i + t]);
    }
    if (!(std::fabs(out[i] - want) <= 1e-5 * magnitude + 1e-30) && bad++ == 0)
      std::printf("%s: n = %zu: first mismatch at %zu: got %a, want %a\n", what, out.size(), i, out[i], want);
  }
  return bad;
}

int run_on_cpu(std::size_t n) {
  std::mt19937 rng(7);
  const Taps taps = random_taps(rng);
  std::vector<float> in = random_floats(n + kTapCount - 1, rng), out(n, -1.0f);
  // The CPU path's taps are the kernel file's variable compiled for the host.
  fir_kernels::host::set_taps(taps);
  fir_kernels::host::fir({{std::uint32_t((n + 255) / 256), 1, 1}, {256, 1, 1}}, simt::host::slice(in),
                         simt::host::disjoint(out));
  if (mismatches("fir (CPU)", taps, in, out) != 0) return 1;
  std::printf("fir (CPU): n = %zu ok\n", n);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::size_t> sizes = {1, 255, 256, 257, 1000003, std::size_t(1) << 24};
  if (argc > 1) {
    sizes.clear();
    for (int i = 1; i < argc; ++i) sizes.push_back(std::strtoull(argv[i], nullptr, 10));
  }
  std::optional<simt::Context> gpu;
  try {
    gpu.emplace(simt::Context::primary());
  } catch (const simt::Error& e) {  // no driver or no device
    std::printf("no GPU here (%s)\nran fir on the CPU through the host reference instead:\n", e.what());
    return run_on_cpu(1000003);
  }
  const simt::Context& context = *gpu;
  std::printf("GPU 0: %s (sm_%d)\n", context.device_name().c_str(), context.compute_capability());
  auto kernels = fir_kernels::load(context);
  simt::Stream stream(context);
  std::mt19937 rng(42);
  int failures = 0;
  for (std::size_t n : sizes) {
    const Taps first = random_taps(rng), second = random_taps(rng);
    std::vector<float> in = random_floats(n + kTapCount - 1, rng);
    auto din = simt::DeviceBuffer<float>::from_host(context, in);
    auto out1 = simt::DeviceBuffer<float>::uninitialized(context, n);
    auto out2 = simt::DeviceBuffer<float>::uninitialized(context, n);
    out1.fill_bytes(0xFF);  // poison: NaN everywhere until the kernel writes
    out2.fill_bytes(0xFF);
    // Both copies and both launches on one stream: each launch reads the taps set before it.
    const auto launch = kernels.prepare_fir(simt::LaunchConfig1D::cover(n, 256));
    kernels.set_taps(stream, first);
    kernels.fir(stream, launch, din, out1);
    kernels.set_taps(stream, second);
    kernels.fir(stream, launch, din, out2);
    stream.synchronize();
    const std::size_t bad = mismatches("fir (first taps)", first, in, out1.to_host()) +
                            mismatches("fir (second taps)", second, in, out2.to_host());
    std::printf("fir: n = %zu %s\n", n, bad == 0 ? "ok" : "FAILED");
    failures += bad != 0;
  }
  return failures == 0 ? 0 : 1;
}
