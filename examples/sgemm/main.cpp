// Multiplies random matrices of several shapes on the GPU (C poisoned before each launch) and
// compares every element of C with a product computed on the CPU. The inputs are multiples of
// 1/8 in [-2, 2], so every partial sum is exact in float and the comparison is exact whatever
// order the GPU adds in. Without a GPU, runs the same kernel on the CPU through simt's host
// reference. Usage: sgemm [--small] [m n k ...]   (--small: shapes for compute-sanitizer)
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

#include "sgemm.hpp"
#include "sgemm.simt.hpp"

// The kernel of sgemm.cpp, compiled for the CPU as well.
void sgemm(uint32_t m, uint32_t n, uint32_t k, simt::Slice<const float> a, simt::Slice<const float> b,
           simt::DisjointSlice<float> c);

namespace {

struct Shape {
  std::uint32_t m, n, k;
};
const std::vector<Shape> kGpuShapes = {{1, 1, 1}, {67, 129, 33}, {500, 333, 257}, {1031, 1025, 1029}, {2000, 1537, 515}, {259, 384, 260}, {1024, 1024, 1024}};
const std::vector<Shape> kSmallShapes = {{1, 1, 1}, {67, 129, 33}, {130, 70, 45}};

std::vector<float> random_matrix(std::size_t count, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> dist(-16, 16);
  std::vector<float> v(count);
  for (float& f : v) f = float(dist(rng)) / 8.0f;
  return v;
}

simt::LaunchConfig2D config(Shape s) { return {{(s.n + kBN - 1) / kBN, (s.m + kBM - 1) / kBM}, {kThreadsX, kThreadsY}}; }

int check(const char* where, Shape s, const std::vector<float>& a, const std::vector<float>& b,
          const std::vector<float>& c) {
  std::size_t bad = 0, first = 0;
  double want_first = 0;
  std::vector<double> row(s.n);
  for (std::size_t i = 0; i < s.m; ++i) {
    std::fill(row.begin(), row.end(), 0.0);
    for (std::size_t p = 0; p < s.k; ++p) {
      const double x = a[i * s.k + p];
      const float* b_row = &b[p * s.n];
      for (std::size_t j = 0; j < s.n; ++j) row[j] += x * b_row[j];
    }
    for (std::size_t j = 0; j < s.n; ++j)
      if (double(c[i * s.n + j]) != row[j] && bad++ == 0) first = i * s.n + j, want_first = row[j];
  }
  if (bad == 0) {
    std::printf("sgemm%s: m = %u, n = %u, k = %u ok\n", where, s.m, s.n, s.k);
    return 0;
  }
  std::printf("sgemm%s: m = %u, n = %u, k = %u FAILED: %zu mismatches, first C[%zu][%zu]: got %.9g, want %.9g\n",
              where, s.m, s.n, s.k, bad, first / s.n, first % s.n, double(c[first]), want_first);
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  const auto options = example::parse_options(argc, argv, 3);
  if (!options) return std::fprintf(stderr, "usage: sgemm [--small] [m n k ...]\n"), 2;
  const std::optional<simt::Context> gpu = example::open_gpu();
  std::vector<Shape> shapes;
  for (const auto& g : options->groups) shapes.push_back({std::uint32_t(g[0]), std::uint32_t(g[1]), std::uint32_t(g[2])});
  shapes = example::choose(shapes, *options, gpu.has_value(), kSmallShapes, kGpuShapes);
  int failures = 0;
  std::optional<sgemm_kernels::Kernels> kernels;
  std::optional<simt::Stream> stream;
  if (gpu) {
    kernels.emplace(sgemm_kernels::load(*gpu));
    stream.emplace(*gpu);
  }
  for (Shape s : shapes) {
    const std::vector<float> a = random_matrix(std::size_t(s.m) * s.k, s.m * 31 + s.k);
    const std::vector<float> b = random_matrix(std::size_t(s.k) * s.n, s.n * 17 + s.k);
    const simt::LaunchConfig2D c = config(s);
    if (gpu) {
      auto da = simt::DeviceBuffer<float>::from_host(*gpu, a);
      auto db = simt::DeviceBuffer<float>::from_host(*gpu, b);
      auto dc = simt::DeviceBuffer<float>::uninitialized(*gpu, std::size_t(s.m) * s.n);
      dc.fill_bytes(0xFF);
      kernels->sgemm(*stream, kernels->prepare_sgemm(c), s.m, s.n, s.k, std::as_const(da).view(), std::as_const(db).view(),
                               dc.view());
      stream->synchronize();
      failures += check("", s, a, b, dc.to_host());
    } else {
      std::vector<float> out(std::size_t(s.m) * s.n, NAN);
      simt::host::launch({c.grid.x, c.grid.y, 1}, {c.block.x, c.block.y, 1}, sgemm, s.m, s.n, s.k,
                         simt::host::slice(a), simt::host::slice(b), simt::host::disjoint(out));
      failures += check(" (CPU)", s, a, b, out);
    }
  }
  return failures == 0 ? 0 : 1;
}
