// bf16 products of random matrices on a Hopper GPU for several shapes, most of them not multiples
// of the tiles (C poisoned before each launch), compared element by element with the product
// computed on the CPU. The inputs are multiples of 1/8 in [-2, 2], exact in bf16, and every
// partial sum is exact in f32, so the kernel's f32 result is exact and C, rounded once to bf16,
// must equal the CPU's sum rounded to bf16 bit for bit. The kernel needs sm_90a (wgmma, TMA):
// without a GPU of compute capability 9.0 the program says so and exits with 77 (skipped); the
// host reference has no warpgroup tensor cores to run it on.
// With --time, times the kernel instead (no CPU check) at the shapes given, 4096^3 and 8192^3 by
// default, and prints the median of 20 launches in ms and TFLOP/s.
// Usage: gemm_bf16 [--small | --time] [m n k ...]   (n and k multiples of 8; --small: shapes for compute-sanitizer)
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <optional>
#include <random>
#include <utility>
#include <vector>

#include <simt/host.hpp>

#include "example_main.hpp"

#include "gemm_bf16.hpp"
#include "gemm_bf16.simt.hpp"

namespace {

struct Shape {
  std::uint32_t m, n, k;
};
const std::vector<Shape> kGpuShapes = {{128, 256, 64}, {1, 8, 8},         {200, 296, 72},
                                       {1001, 1032, 1016}, {2050, 520, 264}, {300, 4104, 128}};
const std::vector<Shape> kSmallShapes = {{128, 256, 64}, {1, 8, 8}, {200, 296, 72}};

std::vector<float> random_matrix(std::size_t count, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_int_distribution<int> dist(-16, 16);
  std::vector<float> v(count);
  for (float& f : v) f = float(dist(rng)) / 8.0f;
  return v;
}

// C = A B^T on the CPU, each element rounded once to bf16, compared with the GPU's bits.
int check(Shape s, const std::vector<float>& a, const std::vector<float>& bt, const std::vector<simt::bfloat16>& c) {
  std::size_t bad = 0, first = 0;
  float want_first = 0;
  for (std::size_t i = 0; i < s.m; ++i)
    for (std::size_t j = 0; j < s.n; ++j) {
      float sum = 0.0f;  // exact: multiples of 1/64 far below 2^24 / 64
      for (std::size_t p = 0; p < s.k; ++p) sum += a[i * s.k + p] * bt[j * s.k + p];
      const simt::bfloat16 want(sum), got = c[i * s.n + j];
      if (std::memcmp(&want, &got, sizeof want) != 0 && bad++ == 0) first = i * s.n + j, want_first = float(want);
    }
  if (bad == 0) {
    std::printf("gemm_bf16: m = %u, n = %u, k = %u ok\n", s.m, s.n, s.k);
    return 0;
  }
  std::printf("gemm_bf16: m = %u, n = %u, k = %u FAILED: %zu mismatches, first C[%zu][%zu]: got %.9g, want %.9g\n",
              s.m, s.n, s.k, bad, first / s.n, first % s.n, double(float(c[first])), double(want_first));
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  bool time = false;
  std::vector<char*> args;
  for (int i = 0; i < argc; ++i) {
    if (i > 0 && std::strcmp(argv[i], "--time") == 0)
      time = true;
    else
      args.push_back(argv[i]);
  }
  const auto options = example::parse_options(int(args.size()), args.data(), 3);
  auto aligned = [](const example::Options& o) {
    return std::all_of(o.groups.begin(), o.groups.end(), [](const auto& g) { return g[1] % kAlign == 0 && g[2] % kAlign == 0; });
  };
  if (!options || !aligned(*options))
    return std::fprintf(stderr, "usage: gemm_bf16 [--small | --time] [m n k ...]   (n and k multiples of %u)\n", kAlign), 2;
  const std::optional<simt::Context> gpu = example::open_sm90a_gpu("gemm_bf16");
  if (!gpu) return 77;
  std::vector<Shape> shapes;
  for (const auto& g : options->groups) shapes.push_back({std::uint32_t(g[0]), std::uint32_t(g[1]), std::uint32_t(g[2])});
  if (time && shapes.empty()) shapes = {{4096, 4096, 4096}, {8192, 8192, 8192}};
  shapes = example::choose(shapes, *options, true, kSmallShapes, kGpuShapes);
  const auto kernels = gemm_bf16_kernels::load(*gpu);
  const std::uint32_t sms = std::uint32_t(gpu->limits().sm_count);
  simt::Stream stream(*gpu);
  int failures = 0;
  for (Shape s : shapes) {
    if (time) {
      auto da = simt::DeviceBuffer<simt::bfloat16>::uninitialized(*gpu, std::size_t(s.m) * s.k);
      auto db = simt::DeviceBuffer<simt::bfloat16>::uninitialized(*gpu, std::size_t(s.n) * s.k);
      da.fill_bytes(0x3c);  // bf16 0x3c3c: about 0.0115
      db.fill_bytes(0x3c);
      const auto map_a = simt::TensorMap<simt::bfloat16, kBK, kBM>::tiled(std::as_const(da).view(), {s.k, s.m},
                                                                         simt::TensorSwizzle::bytes128);
      const auto map_b = simt::TensorMap<simt::bfloat16, kBK, kBN>::tiled(std::as_const(db).view(), {s.k, s.n},
                                                                         simt::TensorSwizzle::bytes128);
      auto dc = simt::DeviceBuffer<simt::bfloat16>::uninitialized(*gpu, std::size_t(s.m) * s.n);
      const auto map_c = simt::TensorMap<simt::bfloat16, kStoreCols, kStoreRows>::tiled(dc.view(), {s.n, s.m},
                                                                                     simt::TensorSwizzle::bytes128);
      const std::uint32_t tiles = ((s.m + kBM - 1) / kBM) * ((s.n + kBN - 1) / kBN);
      const auto launch = kernels.prepare_gemm_bf16(simt::LaunchConfig1D{std::min(tiles, sms), kThreads});
      const double ms = example::median_ms(stream, [&] { kernels.gemm_bf16(stream, launch, map_a, map_b, map_c, s.m, s.n, s.k); });
      std::printf("gemm_bf16: m = %u, n = %u, k = %u: %.4f ms, %.1f TFLOP/s\n", s.m, s.n, s.k, ms,
                  2.0 * s.m * s.n * double(s.k) / ms * 1e-9);
      continue;
    }
    const std::vector<float> a = random_matrix(std::size_t(s.m) * s.k, s.m * 31 + s.k);
    const std::vector<float> bt = random_matrix(std::size_t(s.n) * s.k, s.n * 17 + s.k);
    const std::vector<simt::bfloat16> a16(a.begin(), a.end()), bt16(bt.begin(), bt.end());
    const auto da = simt::DeviceBuffer<simt::bfloat16>::from_host(*gpu, a16);
    const auto db = simt::DeviceBuffer<simt::bfloat16>::from_host(*gpu, bt16);
    const auto map_a = simt::TensorMap<simt::bfloat16, kBK, kBM>::tiled(da.view(), {s.k, s.m}, simt::TensorSwizzle::bytes128);
    const auto map_b = simt::TensorMap<simt::bfloat16, kBK, kBN>::tiled(db.view(), {s.k, s.n}, simt::TensorSwizzle::bytes128);
    auto dc = simt::DeviceBuffer<simt::bfloat16>::uninitialized(*gpu, std::size_t(s.m) * s.n);
    dc.fill_bytes(0xFF);  // NaN everywhere: an element no thread wrote cannot match
    const auto map_c = simt::TensorMap<simt::bfloat16, kStoreCols, kStoreRows>::tiled(dc.view(), {s.n, s.m},
                                                                                   simt::TensorSwizzle::bytes128);
    const std::uint32_t tiles = ((s.m + kBM - 1) / kBM) * ((s.n + kBN - 1) / kBN);
    const simt::LaunchConfig1D config{std::min(tiles, sms), kThreads};
    kernels.gemm_bf16(stream, kernels.prepare_gemm_bf16(config), map_a, map_b, map_c, s.m, s.n, s.k);
    stream.synchronize();
    failures += check(s, a, bt, dc.to_host());
  }
  return failures == 0 ? 0 : 1;
}
