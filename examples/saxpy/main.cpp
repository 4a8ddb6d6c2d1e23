// Runs saxpy on the GPU for several sizes and checks every element against the CPU.
// Without a GPU, runs the same kernel on the CPU through simt's host reference instead.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <random>
#include <string>
#include <vector>

// The launchers of saxpy.cpp, for the GPU and for the CPU (saxpy.cpp is compiled for the host
// as well).
#include "saxpy.simt.hpp"

namespace {

std::vector<float> random_floats(std::size_t n, std::mt19937& rng) {
  std::uniform_real_distribution<float> dist(-100.0f, 100.0f);
  std::vector<float> v(n);
  for (float& f : v) f = dist(rng);
  return v;
}

// The GPU contracts a * x + y into one fused multiply-add (nvcc's default, --fmad=true).
float expected(float a, float x, float y) { return std::fma(a, x, y); }

int run_on_cpu(std::size_t n) {
  std::mt19937 rng(7);
  const float a = 2.5f;
  std::vector<float> x = random_floats(n, rng), y = random_floats(n, rng), y0 = y;
  // The CPU launcher checks what the GPU launcher checks: the block of simt::block(256), the
  // `requires` relation, and that y is not x.
  saxpy_kernels::host::saxpy({{std::uint32_t((n + 255) / 256), 1, 1}, {256, 1, 1}}, a, simt::host::slice(x),
                             simt::host::disjoint(y));
  for (std::size_t i = 0; i < n; ++i) {
    float want = a * x[i] + y0[i];
    if (y[i] != want) {
      std::printf("saxpy (CPU): mismatch at %zu: got %a, want %a\n", i, y[i], want);
      return 1;
    }
  }
  std::printf("saxpy (CPU): n = %zu ok\n", n);
  y = y0;
  saxpy_kernels::host::saxpy_x4({{std::uint32_t((n + 4 * 256 - 1) / (4 * 256)), 1, 1}, {256, 1, 1}}, a,
                                simt::host::slice(x), simt::host::disjoint<simt::space::Tile<4>>(y));
  for (std::size_t i = 0; i < n; ++i) {
    if (y[i] != a * x[i] + y0[i]) {
      std::printf("saxpy_x4 (CPU): mismatch at %zu: got %a, want %a\n", i, y[i], a * x[i] + y0[i]);
      return 1;
    }
  }
  std::printf("saxpy_x4 (CPU): n = %zu ok\n", n);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::size_t> sizes = {1, 255, 256, 257, 1000003, std::size_t(1) << 26};
  if (argc > 1) {
    sizes.clear();
    for (int i = 1; i < argc; ++i) sizes.push_back(std::strtoull(argv[i], nullptr, 10));
  }
  std::optional<simt::Context> gpu;
  try {
    gpu.emplace(simt::Context::primary());
  } catch (const simt::Error& e) {  // no driver or no device
    std::printf("no GPU here (%s)\nran saxpy on the CPU through the host reference instead:\n", e.what());
    return run_on_cpu(1000003);
  }
  const simt::Context& context = *gpu;
  std::printf("GPU 0: %s (sm_%d)\n", context.device_name().c_str(), context.compute_capability());
  auto kernels = saxpy_kernels::load(context);
  simt::Stream stream(context);
  std::mt19937 rng(42);
  int failures = 0;
  for (std::size_t n : sizes) {
    const float a = std::uniform_real_distribution<float>(-4.0f, 4.0f)(rng);
    std::vector<float> x = random_floats(n, rng), y = random_floats(n, rng);
    auto dx = simt::DeviceBuffer<float>::from_host(context, x);
    auto dy = simt::DeviceBuffer<float>::from_host(context, y);
    auto check = [&](const char* name) {
      std::vector<float> got = dy.to_host();
      std::size_t bad = 0, first = n;
      for (std::size_t i = 0; i < n; ++i)
        if (got[i] != expected(a, x[i], y[i]) && bad++ == 0) first = i;
      if (bad == 0) {
        std::printf("%s: n = %zu ok\n", name, n);
      } else {
        std::printf("%s: n = %zu FAILED: %zu mismatches, first at %zu: got %a, want %a\n", name, n, bad, first,
                    got[first], expected(a, x[first], y[first]));
        ++failures;
      }
    };
    kernels.saxpy(stream, kernels.prepare_saxpy(simt::LaunchConfig1D::cover(n, 256)), a, dx, dy);
    stream.synchronize();
    check("saxpy");
    // The same y again, through the 16-byte kernel.
    dy.copy_from_host(y);
    kernels.saxpy_x4(stream, kernels.prepare_saxpy_x4(simt::LaunchConfig1D::cover((n + 3) / 4, 256)), a, dx, dy);
    stream.synchronize();
    check("saxpy_x4");
  }
  return failures == 0 ? 0 : 1;
}
