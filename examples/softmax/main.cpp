// Row-wise softmax of random matrices on the GPU for several shapes (the output poisoned before
// each launch), compared element by element with a softmax in double precision on the CPU
// (within 1e-5 relative). Each row length goes to the kernel softmax_plan() picks (the row in
// registers up to 32768 columns, else cached in dynamic shared memory or read three times): the
// shapes cover every kernel. Without a GPU, runs the same kernels on the CPU through simt's host
// reference.
// Usage: softmax [--small] [rows cols ...]   (--small: shapes for compute-sanitizer)
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

#include "softmax_launch.hpp"

namespace {

struct Shape {
  std::uint32_t rows, cols;
};
// Every kernel of softmax_plan(), at row lengths below and at its limit.
const std::vector<Shape> kGpuShapes = {{1, 1},       {3, 7},       {37, 1000},  {13, 1024},   {1000, 3001},
                                       {9, 4096},    {129, 5000},  {4096, 8191}, {77, 16384}, {5, 16385},
                                       {129, 20000}, {33, 32768},  {5, 32769}, {3, 70001}};
const std::vector<Shape> kSmallShapes = {{1, 1}, {3, 7}, {37, 1000}, {5, 13001}, {3, 16384}, {2, 20000}, {2, 40000}};

std::vector<float> random_matrix(Shape s) {
  std::mt19937 rng(s.rows * 7u + s.cols);
  std::uniform_real_distribution<float> dist(-10.0f, 10.0f);
  std::vector<float> v(std::size_t(s.rows) * s.cols);
  for (float& f : v) f = dist(rng);
  return v;
}

int check(const char* where, Shape s, const std::vector<float>& in, const std::vector<float>& got) {
  std::size_t bad = 0, first = 0;
  double want_first = 0;
  for (std::size_t r = 0; r < s.rows; ++r) {
    const float* x = &in[r * s.cols];
    double m = x[0], sum = 0;
    for (std::size_t j = 1; j < s.cols; ++j) m = std::max(m, double(x[j]));
    for (std::size_t j = 0; j < s.cols; ++j) sum += std::exp(double(x[j]) - m);
    for (std::size_t j = 0; j < s.cols; ++j) {
      const double want = std::exp(double(x[j]) - m) / sum, y = got[r * s.cols + j];
      if (!(std::fabs(y - want) <= 1e-5 * want + 1e-12) && bad++ == 0) first = r * s.cols + j, want_first = want;
    }
  }
  const SoftmaxPlan plan = softmax_plan(s.rows, s.cols);
  const char* how = plan.config.shared_bytes != 0 ? "row cached" : "row not cached";
  if (std::strcmp(plan.name, "softmax") != 0) how = plan.name;
  if (bad == 0) {
    std::printf("softmax%s: %u x %u (%s) ok\n", where, s.rows, s.cols, how);
    return 0;
  }
  std::printf("softmax%s: %u x %u (%s) FAILED: %zu mismatches, first at (%zu, %zu): got %.9g, want %.9g\n", where,
              s.rows, s.cols, how, bad, first / s.cols, first % s.cols, double(got[first]), want_first);
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  const auto options = example::parse_options(argc, argv, 2);
  if (!options) return std::fprintf(stderr, "usage: softmax [--small] [rows cols ...]\n"), 2;
  const std::optional<simt::Context> gpu = example::open_gpu();
  std::vector<Shape> shapes;
  for (const auto& g : options->groups) shapes.push_back({std::uint32_t(g[0]), std::uint32_t(g[1])});
  shapes = example::choose(shapes, *options, gpu.has_value(), kSmallShapes, kGpuShapes);
  int failures = 0;
  std::optional<softmax_kernels::Kernels> kernels;
  if (gpu) {
    kernels.emplace(softmax_kernels::load(*gpu));
  }
  for (Shape s : shapes) {
    const std::vector<float> in = random_matrix(s);
    if (gpu) {
      simt::Stream stream(*gpu);
      auto din = simt::DeviceBuffer<float>::from_host(*gpu, in);
      auto dout = simt::DeviceBuffer<float>::uninitialized(*gpu, in.size());
      dout.fill_bytes(0xFF);
      launch_softmax(*kernels, stream, s.rows, s.cols, std::as_const(din).view(), dout.view());
      stream.synchronize();
      failures += check("", s, in, dout.to_host());
    } else {
      std::vector<float> out(in.size(), NAN);
      launch_softmax_on_host(s.rows, s.cols, in, out);
      failures += check(" (CPU)", s, in, out);
    }
  }
  return failures == 0 ? 0 : 1;
}
