// Tensor-core half-precision products of random matrices on the GPU for several shapes (C
// poisoned before each launch), compared element by element with the product computed on the
// CPU. The inputs are multiples of 1/8 in [-2, 2], exact in half precision, and every partial
// sum is exact in float, so the comparison is exact. Without a GPU, runs the same kernel on the
// CPU through simt's host reference (whose warps emulate ldmatrix and mma.sync).
// Usage: hgemm [--small] [m n k ...]   (n and k multiples of 8; --small: shapes for compute-sanitizer)
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

#include "hgemm.hpp"
#include "hgemm.simt.hpp"

// The kernel of hgemm.cpp, compiled for the CPU as well.
void hgemm(uint32_t m, uint32_t n, uint32_t k, simt::Slice<const simt::half> a, simt::Slice<const simt::half> b,
           simt::DisjointSlice<float> c);

namespace {

struct Shape {
  std::uint32_t m, n, k;
};
const std::vector<Shape> kGpuShapes = {{16, 8, 16}, {1, 8, 8}, {72, 136, 40}, {520, 264, 200}, {1001, 1032, 1016}, {2050, 1032, 520}};
const std::vector<Shape> kSmallShapes = {{16, 8, 16}, {1, 8, 8}, {72, 136, 40}, {130, 88, 72}};

std::vector<float> random_matrix(std::size_t count, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> dist(-16, 16);
  std::vector<float> v(count);
  for (float& f : v) f = float(dist(rng)) / 8.0f;
  return v;
}

std::vector<simt::half> to_half(const std::vector<float>& v) {
  std::vector<simt::half> h(v.size());
  for (std::size_t i = 0; i < v.size(); ++i) h[i] = simt::half(v[i]);
  return h;
}

simt::LaunchConfig2D config(Shape s) { return {{(s.n + kBN - 1) / kBN, (s.m + kBM - 1) / kBM}, {kThreads, 1}}; }

int check(const char* where, Shape s, const std::vector<float>& a, const std::vector<float>& b,
          const std::vector<float>& c) {
  std::size_t bad = 0, first = 0;
  double want_first = 0;
  std::vector<double> row(s.n);
  for (std::size_t i = 0; i < s.m; ++i) {
    std::fill(row.begin(), row.end(), 0.0);
    for (std::size_t p = 0; p < s.k; ++p)
      for (std::size_t j = 0; j < s.n; ++j) row[j] += double(a[i * s.k + p]) * b[p * s.n + j];
    for (std::size_t j = 0; j < s.n; ++j)
      if (double(c[i * s.n + j]) != row[j] && bad++ == 0) first = i * s.n + j, want_first = row[j];
  }
  if (bad == 0) {
    std::printf("hgemm%s: m = %u, n = %u, k = %u ok\n", where, s.m, s.n, s.k);
    return 0;
  }
  std::printf("hgemm%s: m = %u, n = %u, k = %u FAILED: %zu mismatches, first C[%zu][%zu]: got %.9g, want %.9g\n",
              where, s.m, s.n, s.k, bad, first / s.n, first % s.n, double(c[first]), want_first);
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  const auto options = example::parse_options(argc, argv, 3);
  auto aligned = [](const example::Options& o) {
    for (const auto& g : o.groups)
      if (g[1] % kAlign != 0 || g[2] % kAlign != 0) return false;
    return true;
  };
  if (!options || !aligned(*options)) return std::fprintf(stderr, "usage: hgemm [--small] [m n k ...]   (n and k multiples of %u)\n", kAlign), 2;
  const std::optional<simt::Context> gpu = example::open_gpu();
  std::vector<Shape> shapes;
  for (const auto& g : options->groups) shapes.push_back({std::uint32_t(g[0]), std::uint32_t(g[1]), std::uint32_t(g[2])});
  shapes = example::choose(shapes, *options, gpu.has_value(), kSmallShapes, kGpuShapes);
  int failures = 0;
  std::optional<hgemm_kernels::Kernels> kernels;
  if (gpu) {
    kernels.emplace(hgemm_kernels::load(*gpu));
  }
  for (Shape s : shapes) {
    const std::vector<float> a = random_matrix(std::size_t(s.m) * s.k, s.m * 31 + s.k);
    const std::vector<float> b = random_matrix(std::size_t(s.k) * s.n, s.n * 17 + s.k);
    const std::vector<simt::half> ha = to_half(a), hb = to_half(b);
    const simt::LaunchConfig2D c = config(s);
    if (gpu) {
      simt::Stream stream(*gpu);
      auto da = simt::DeviceBuffer<simt::half>::from_host(*gpu, ha);
      auto db = simt::DeviceBuffer<simt::half>::from_host(*gpu, hb);
      auto dc = simt::DeviceBuffer<float>::uninitialized(*gpu, std::size_t(s.m) * s.n);
      dc.fill_bytes(0xFF);
      kernels->hgemm(stream, kernels->prepare_hgemm(c), s.m, s.n, s.k, std::as_const(da).view(), std::as_const(db).view(),
                               dc.view());
      stream.synchronize();
      failures += check("", s, a, b, dc.to_host());
    } else {
      std::vector<float> out(std::size_t(s.m) * s.n, NAN);
      simt::host::launch({c.grid.x, c.grid.y, 1}, {c.block.x, c.block.y, 1}, hgemm, s.m, s.n, s.k,
                         simt::host::slice(ha), simt::host::slice(hb), simt::host::disjoint(out));
      failures += check(" (CPU)", s, a, b, out);
    }
  }
  return failures == 0 ? 0 : 1;
}
