// bf16 and f16 products of random matrices on a Hopper GPU for several shapes, most of them not
// multiples of the tiles (C poisoned before each launch), compared element by element with the
// product computed on the CPU. The inputs are multiples of 1/8 in [-2, 2], exact in both
// formats, and every partial sum is exact in f32, so the kernel's f32 result is exact and C,
// rounded once to bf16 (or f16), must equal the CPU's sum rounded the same way bit for bit. The
// kernel needs sm_90a (wgmma, TMA): without a GPU of compute capability 9.0 the program says so
// and exits with 77 (skipped); the host reference has no warpgroup tensor cores to run it on.
// With --time, times the kernel instead (no CPU check) at the shapes given, 4096^3 and 8192^3 by
// default, both types, and prints the median of 20 launches in ms and TFLOP/s.
// Usage: gemm_bf16 [--small | --time] [m n k ...]   (n and k multiples of 8; --small: shapes for compute-sanitizer)
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <optional>
#include <random>
#include <tuple>
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

// What the program prints for each element type.
template <class T>
constexpr const char* kName = __is_same(T, simt::half) ? "gemm_f16" : "gemm_bf16";

// C = A B^T on the CPU, each element rounded once to T, compared with the GPU's bits.
template <class T>
int check(Shape s, const std::vector<float>& a, const std::vector<float>& bt, const std::vector<T>& c) {
  std::size_t bad = 0, first = 0;
  float want_first = 0;
  for (std::size_t i = 0; i < s.m; ++i)
    for (std::size_t j = 0; j < s.n; ++j) {
      float sum = 0.0f;  // exact: multiples of 1/64 far below 2^24 / 64
      for (std::size_t p = 0; p < s.k; ++p) sum += a[i * s.k + p] * bt[j * s.k + p];
      const T want(sum), got = c[i * s.n + j];
      if (std::memcmp(&want, &got, sizeof want) != 0 && bad++ == 0) first = i * s.n + j, want_first = float(want);
    }
  if (bad == 0) {
    std::printf("%s: m = %u, n = %u, k = %u ok\n", kName<T>, s.m, s.n, s.k);
    return 0;
  }
  std::printf("%s: m = %u, n = %u, k = %u FAILED: %zu mismatches, first C[%zu][%zu]: got %.9g, want %.9g\n",
              kName<T>, s.m, s.n, s.k, bad, first / s.n, first % s.n, double(float(c[first])), double(want_first));
  return 1;
}

// Launches the instantiation for T of the kernel on C = A B^T.
template <class T>
void launch(const gemm_bf16_kernels::Kernels& kernels, const simt::Stream& stream, const simt::LaunchConfig1D& config,
            const MapA<T>& a, const MapB<T>& b, const MapC<T>& c, Shape s) {
  if constexpr (__is_same(T, simt::half))
    kernels.gemm_tn_half(stream, kernels.prepare_gemm_tn_half(config), a, b, c, s.m, s.n, s.k);
  else
    kernels.gemm_tn_bfloat16(stream, kernels.prepare_gemm_tn_bfloat16(config), a, b, c, s.m, s.n, s.k);
}

// One shape in element type T: timed (--time) or checked against the CPU; returns the failures.
template <class T>
int run(const simt::Context& gpu, const gemm_bf16_kernels::Kernels& kernels, const simt::Stream& stream, Shape s, bool time) {
  const std::uint32_t tiles = ((s.m + kBM - 1) / kBM) * ((s.n + kBN - 1) / kBN);
  const simt::LaunchConfig1D config{std::min(tiles, std::uint32_t(gpu.limits().sm_count)), kThreads};
  auto maps = [&](const simt::DeviceBuffer<T>& da, const simt::DeviceBuffer<T>& db, simt::DeviceBuffer<T>& dc) {
    return std::tuple{MapA<T>::tiled(da.view(), {s.k, s.m}, simt::TensorSwizzle::bytes128),
                      MapB<T>::tiled(db.view(), {s.k, s.n}, simt::TensorSwizzle::bytes128),
                      MapC<T>::tiled(dc.view(), {s.n, s.m}, simt::TensorSwizzle::bytes128)};
  };
  if (time) {
    auto da = simt::DeviceBuffer<T>::uninitialized(gpu, std::size_t(s.m) * s.k);
    auto db = simt::DeviceBuffer<T>::uninitialized(gpu, std::size_t(s.n) * s.k);
    da.fill_bytes(0x3c);  // 0x3c3c: about 0.0115 in bf16, 1.06 in f16
    db.fill_bytes(0x3c);
    auto dc = simt::DeviceBuffer<T>::uninitialized(gpu, std::size_t(s.m) * s.n);
    const auto [map_a, map_b, map_c] = maps(std::as_const(da), std::as_const(db), dc);
    const double ms = example::median_ms(stream, [&] { launch<T>(kernels, stream, config, map_a, map_b, map_c, s); });
    std::printf("%s: m = %u, n = %u, k = %u: %.4f ms, %.1f TFLOP/s\n", kName<T>, s.m, s.n, s.k, ms,
                2.0 * s.m * s.n * double(s.k) / ms * 1e-9);
    return 0;
  }
  const std::vector<float> a = random_matrix(std::size_t(s.m) * s.k, s.m * 31 + s.k);
  const std::vector<float> bt = random_matrix(std::size_t(s.n) * s.k, s.n * 17 + s.k);
  const auto da = simt::DeviceBuffer<T>::from_host(gpu, std::vector<T>(a.begin(), a.end()));
  const auto db = simt::DeviceBuffer<T>::from_host(gpu, std::vector<T>(bt.begin(), bt.end()));
  auto dc = simt::DeviceBuffer<T>::uninitialized(gpu, std::size_t(s.m) * s.n);
  dc.fill_bytes(0xFF);  // NaN everywhere: an element no thread wrote cannot match
  const auto [map_a, map_b, map_c] = maps(da, db, dc);
  launch<T>(kernels, stream, config, map_a, map_b, map_c, s);
  stream.synchronize();
  return check(s, a, bt, dc.to_host());
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
  simt::Stream stream(*gpu);
  int failures = 0;
  for (Shape s : shapes) failures += run<simt::bfloat16>(*gpu, kernels, stream, s, time);
  for (Shape s : shapes) failures += run<simt::half>(*gpu, kernels, stream, s, time);
  return failures == 0 ? 0 : 1;
}
