// Transposes random matrices of several shapes on the GPU (the output poisoned before each
// launch) and compares every element with the input. Without a GPU, runs the same kernel on
// the CPU through simt's host reference.
// Usage: transpose [--small] [rows cols ...]   (--small: shapes for compute-sanitizer)
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

#include "transpose.hpp"
#include "transpose.simt.hpp"

// The kernel of transpose.cpp, compiled for the CPU as well.
void transpose(uint32_t rows, uint32_t cols, simt::Slice<const float> in, simt::DisjointSlice<float> out);

namespace {

struct Shape {
  std::uint32_t rows, cols;
};
const std::vector<Shape> kGpuShapes = {{1, 1}, {1, 1000}, {999, 1}, {33, 31}, {1000, 1025}, {4097, 3001}, {8191, 8193}};
const std::vector<Shape> kSmallShapes = {{1, 1}, {1, 100}, {33, 31}, {257, 131}};

std::vector<float> random_matrix(Shape s) {
  std::mt19937 rng(s.rows * 7919u + s.cols);
  std::uniform_real_distribution<float> dist(-1000.0f, 1000.0f);
  std::vector<float> v(std::size_t(s.rows) * s.cols);
  for (float& f : v) f = dist(rng);
  return v;
}

simt::LaunchConfig2D config(Shape s) {
  return {{(s.cols + kTile - 1) / kTile, (s.rows + kTile - 1) / kTile}, {kThreadsX, kRows}};
}

int check(const char* where, Shape s, const std::vector<float>& in, const std::vector<float>& out) {
  std::size_t bad = 0, first = 0;
  for (std::size_t r = 0; r < s.rows; ++r)
    for (std::size_t c = 0; c < s.cols; ++c) {
      const std::size_t i = c * s.rows + r;
      if (std::memcmp(&out[i], &in[r * s.cols + c], sizeof(float)) != 0 && bad++ == 0) first = i;
    }
  if (bad == 0) {
    std::printf("transpose%s: %u x %u ok\n", where, s.rows, s.cols);
    return 0;
  }
  std::printf("transpose%s: %u x %u FAILED: %zu mismatches, first at out[%zu]\n", where, s.rows, s.cols, bad, first);
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  const auto options = example::parse_options(argc, argv, 2);
  if (!options) return std::fprintf(stderr, "usage: transpose [--small] [rows cols ...]\n"), 2;
  const std::optional<simt::Context> gpu = example::open_gpu();
  std::vector<Shape> shapes;
  for (const auto& g : options->groups) shapes.push_back({std::uint32_t(g[0]), std::uint32_t(g[1])});
  shapes = example::choose(shapes, *options, gpu.has_value(), kSmallShapes, kGpuShapes);
  int failures = 0;
  if (gpu) {
    auto kernels = transpose_kernels::load(*gpu);
    simt::Stream stream(*gpu);
    for (Shape s : shapes) {
      const std::vector<float> in = random_matrix(s);
      auto din = simt::DeviceBuffer<float>::from_host(*gpu, in);
      auto dout = simt::DeviceBuffer<float>::uninitialized(*gpu, in.size());
      dout.fill_bytes(0xFF);
      kernels.transpose(stream, kernels.prepare_transpose(config(s)), s.rows, s.cols, std::as_const(din).view(), dout.view());
      stream.synchronize();
      failures += check("", s, in, dout.to_host());
    }
  } else {
    for (Shape s : shapes) {
      const std::vector<float> in = random_matrix(s);
      std::vector<float> out(in.size(), NAN);
      const simt::LaunchConfig2D c = config(s);
      simt::host::launch({c.grid.x, c.grid.y, 1}, {c.block.x, c.block.y, 1}, transpose, s.rows, s.cols,
                         simt::host::slice(in), simt::host::disjoint(out));
      failures += check(" (CPU)", s, in, out);
    }
  }
  return failures == 0 ? 0 : 1;
}
