// Layer normalisation of random matrices on the GPU for several shapes (the output poisoned
// before each launch), compared element by element with the same normalisation in double
// precision on the CPU (within 1e-4 relative to the row's output scale). Each row length goes
// to the kernel layer_norm_plan() picks (the row in registers up to 16384 columns, else a block
// striding through it): the shapes cover every kernel. Without a GPU, runs the same kernels on
// the CPU through simt's host reference.
// Usage: layernorm [--small] [rows cols ...]   (--small: shapes for compute-sanitizer)
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <random>
#include <utility>
#include <vector>

#include <simt/host.hpp>

#include "example_main.hpp"

#include "layernorm_launch.hpp"

namespace {

struct Shape {
  std::uint32_t rows, cols;
};
// Every kernel of layer_norm_plan(), at row lengths below and at its limit.
const std::vector<Shape> kGpuShapes = {{1, 1},      {3, 7},      {37, 1000},  {13, 1024},  {1000, 3001},
                                       {9, 4096},   {129, 5000}, {4096, 8191}, {77, 16384}, {5, 16385},
                                       {129, 20000}, {33, 32768}, {3, 70001}};
const std::vector<Shape> kSmallShapes = {{1, 1}, {3, 7}, {37, 1000}, {5, 5003}, {3, 16384}, {2, 40000}};
constexpr float kEpsilon = 1e-5f;

std::vector<float> random_floats(std::size_t n, std::uint32_t seed, float lo, float hi) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> dist(lo, hi);
  std::vector<float> v(n);
  for (float& f : v) f = dist(rng);
  return v;
}

int check(const char* where, Shape s, const std::vector<float>& in, const std::vector<float>& gamma,
          const std::vector<float>& beta, const std::vector<float>& got) {
  std::size_t bad = 0, first = 0;
  double want_first = 0;
  for (std::size_t r = 0; r < s.rows; ++r) {
    const float* x = &in[r * s.cols];
    double mean = 0, var = 0;
    for (std::size_t j = 0; j < s.cols; ++j) mean += x[j];
    mean /= s.cols;
    for (std::size_t j = 0; j < s.cols; ++j) var += (x[j] - mean) * (x[j] - mean);
    const double rstd = 1.0 / std::sqrt(var / s.cols + kEpsilon);
    for (std::size_t j = 0; j < s.cols; ++j) {
      const double want = (x[j] - mean) * rstd * gamma[j] + beta[j], y = got[r * s.cols + j];
      // Outputs are O(1): compare against the scale of gamma, not each output alone.
      if (!(std::fabs(y - want) <= 1e-4 * (std::fabs(gamma[j]) + std::fabs(beta[j]) + 1.0)) && bad++ == 0)
        first = r * s.cols + j, want_first = want;
    }
  }
  if (bad == 0) {
    std::printf("layernorm%s: %u x %u (%s) ok\n", where, s.rows, s.cols, layer_norm_plan(s.rows, s.cols).name);
    return 0;
  }
  std::printf("layernorm%s: %u x %u (%s) FAILED: %zu mismatches, first at (%zu, %zu): got %.9g, want %.9g\n", where, s.rows,
              s.cols, layer_norm_plan(s.rows, s.cols).name, bad, first / s.cols, first % s.cols, double(got[first]), want_first);
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  const auto options = example::parse_options(argc, argv, 2);
  if (!options) return std::fprintf(stderr, "usage: layernorm [--small] [rows cols ...]\n"), 2;
  const std::optional<simt::Context> gpu = example::open_gpu();
  std::vector<Shape> shapes;
  for (const auto& g : options->groups) shapes.push_back({std::uint32_t(g[0]), std::uint32_t(g[1])});
  shapes = example::choose(shapes, *options, gpu.has_value(), kSmallShapes, kGpuShapes);
  int failures = 0;
  std::optional<layernorm_kernels::Kernels> kernels;
  if (gpu) {
    kernels.emplace(layernorm_kernels::load(*gpu));
  }
  for (Shape s : shapes) {
    // A row offset and scale that make the mean and variance matter.
    const std::vector<float> in = random_floats(std::size_t(s.rows) * s.cols, s.rows * 3u + s.cols, 3.0f, 11.0f);
    const std::vector<float> gamma = random_floats(s.cols, s.cols, 0.5f, 1.5f);
    const std::vector<float> beta = random_floats(s.cols, s.cols + 1, -1.0f, 1.0f);
    if (gpu) {
      simt::Stream stream(*gpu);
      auto din = simt::DeviceBuffer<float>::from_host(*gpu, in);
      auto dgamma = simt::DeviceBuffer<float>::from_host(*gpu, gamma);
      auto dbeta = simt::DeviceBuffer<float>::from_host(*gpu, beta);
      auto dout = simt::DeviceBuffer<float>::uninitialized(*gpu, in.size());
      dout.fill_bytes(0xFF);
      launch_layer_norm(*kernels, stream, s.rows, s.cols, kEpsilon, std::as_const(din).view(),
                        std::as_const(dgamma).view(), std::as_const(dbeta).view(), dout.view());
      stream.synchronize();
      failures += check("", s, in, gamma, beta, dout.to_host());
    } else {
      std::vector<float> out(in.size(), NAN);
      launch_layer_norm_on_host(s.rows, s.cols, kEpsilon, in, gamma, beta, out);
      failures += check(" (CPU)", s, in, gamma, beta, out);
    }
  }
  return failures == 0 ? 0 : 1;
}
