// Runs Jacobi sweeps on random grids of several shapes on the GPU (each sweep's output poisoned
// before its launch) and compares every point with the same sweeps on the CPU (same float
// operations in the same order, so the comparison is exact). Without a GPU, runs the same kernel
// on the CPU through simt's host reference.
// Usage: jacobi [--small] [rows cols ...]   (--small: shapes for compute-sanitizer)
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

#include "jacobi.hpp"
#include "jacobi.simt.hpp"

// The kernels of jacobi.cpp, compiled for the CPU as well.
void jacobi_step(uint32_t rows, uint32_t cols, simt::Slice<const float> in,
                 simt::DisjointSlice<float> out);
void jacobi_strip(uint32_t rows, uint32_t cols, simt::Slice<const float> in, simt::DisjointSlice<float> out);

namespace {

struct Shape {
  std::uint32_t rows, cols;
};
const std::vector<Shape> kGpuShapes = {{1, 1}, {3, 5}, {33, 65}, {1000, 1030}, {4097, 4099}};
const std::vector<Shape> kSmallShapes = {{1, 1}, {3, 5}, {33, 65}, {130, 75}};
constexpr int kSweeps = 10;

std::vector<float> random_grid(Shape s) {
  std::mt19937 rng(s.rows * 131u + s.cols);
  std::uniform_real_distribution<float> dist(0.0f, 100.0f);
  std::vector<float> v(std::size_t(s.rows) * s.cols);
  for (float& f : v) f = dist(rng);
  return v;
}

// The CPU's sweeps: the kernel's arithmetic, point by point.
std::vector<float> reference(Shape s, std::vector<float> a) {
  std::vector<float> b(a.size());
  for (int sweep = 0; sweep < kSweeps; ++sweep) {
    for (std::size_t y = 0; y < s.rows; ++y)
      for (std::size_t x = 0; x < s.cols; ++x) {
        const std::size_t i = y * s.cols + x;
        const bool boundary = y == 0 || x == 0 || y + 1 == s.rows || x + 1 == s.cols;
        b[i] = boundary ? a[i] : 0.25f * ((a[i - s.cols] + a[i + s.cols]) + (a[i - 1] + a[i + 1]));
      }
    std::swap(a, b);
  }
  return a;
}

simt::LaunchConfig2D config(Shape s) { return {{(s.cols + kBX - 1) / kBX, (s.rows + kBY - 1) / kBY}, {kBX, kBY}}; }
simt::LaunchConfig2D strip_config(Shape s) {
  constexpr std::uint32_t kRowsPerBlock = kStripBY * kStripRows;
  return {{(s.cols + kStripBX - 1) / kStripBX, (s.rows + kRowsPerBlock - 1) / kRowsPerBlock}, {kStripBX, kStripBY}};
}

int check(const char* where, Shape s, const std::vector<float>& want, const std::vector<float>& got) {
  std::size_t bad = 0, first = 0;
  for (std::size_t i = 0; i < want.size(); ++i)
    if (std::memcmp(&want[i], &got[i], sizeof(float)) != 0 && bad++ == 0) first = i;
  if (bad == 0) {
    std::printf("%s: %u x %u, %d sweeps ok\n", where, s.rows, s.cols, kSweeps);
    return 0;
  }
  std::printf("%s: %u x %u FAILED: %zu mismatches, first at (%zu, %zu): got %.9g, want %.9g\n", where, s.rows,
              s.cols, bad, first / s.cols, first % s.cols, double(got[first]), double(want[first]));
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  const auto options = example::parse_options(argc, argv, 2);
  if (!options) return std::fprintf(stderr, "usage: jacobi [--small] [rows cols ...]\n"), 2;
  const std::optional<simt::Context> gpu = example::open_gpu();
  std::vector<Shape> shapes;
  for (const auto& g : options->groups) shapes.push_back({std::uint32_t(g[0]), std::uint32_t(g[1])});
  shapes = example::choose(shapes, *options, gpu.has_value(), kSmallShapes, kGpuShapes);
  int failures = 0;
  std::optional<jacobi_kernels::Kernels> kernels;
  if (gpu) {
    kernels.emplace(jacobi_kernels::load(*gpu));
  }
  for (Shape s : shapes) {
    const std::vector<float> grid = random_grid(s);
    const std::vector<float> want = reference(s, grid);
    const simt::LaunchConfig2D c = config(s), cs = strip_config(s);
    if (gpu) {
      simt::Stream stream(*gpu);
      // kSweeps sweeps through one of the kernels, each sweep's output poisoned first.
      auto sweeps = [&](auto&& launch_one) {
        auto a = simt::DeviceBuffer<float>::from_host(*gpu, grid);
        auto b = simt::DeviceBuffer<float>::uninitialized(*gpu, grid.size());
        for (int sweep = 0; sweep < kSweeps; ++sweep) {
          b.fill_bytes(0xFF);
          launch_one(stream, std::as_const(a).view(), b.view());
          stream.synchronize();
          std::swap(a, b);
        }
        return a.to_host();
      };
      const auto step = kernels->prepare_jacobi_step(c);  // one shape for every sweep: checked once
      const auto strip = kernels->prepare_jacobi_strip(cs);
      failures += check("jacobi_step", s, want, sweeps([&](auto& st, auto in, auto out) {
                          kernels->jacobi_step(st, step, s.rows, s.cols, in, out);
                        }));
      failures += check("jacobi_strip", s, want, sweeps([&](auto& st, auto in, auto out) {
                          kernels->jacobi_strip(st, strip, s.rows, s.cols, in, out);
                        }));
    } else {
      auto sweeps = [&](auto kernel, const simt::LaunchConfig2D& k) {
        std::vector<float> a = grid, b(grid.size());
        for (int sweep = 0; sweep < kSweeps; ++sweep) {
          std::fill(b.begin(), b.end(), NAN);
          simt::host::launch({k.grid.x, k.grid.y, 1}, {k.block.x, k.block.y, 1}, kernel, s.rows, s.cols,
                             simt::host::slice(a), simt::host::disjoint(b));
          std::swap(a, b);
        }
        return a;
      };
      failures += check("jacobi_step (CPU)", s, want, sweeps(jacobi_step, c));
      failures += check("jacobi_strip (CPU)", s, want, sweeps(jacobi_strip, cs));
    }
  }
  return failures == 0 ? 0 : 1;
}
