// Fused attention forward on a Hopper GPU for several shapes, most of them not multiples of the
// tiles (O poisoned before each launch), compared element by element with attention computed on
// the CPU in double from the same bf16 inputs. Q, K and V are random in [-1, 1), rounded to bf16;
// the kernel rounds the probabilities to bf16 before P V and O once at the end, so each element
// may differ from the CPU's by a few 2^-9: the check allows 1/64 (a wrong tile, mask or layout
// is off by far more). The kernel needs sm_90a (wgmma, TMA): without a GPU of compute capability
// 9.0 the program says so and exits with 77 (skipped); the host reference has no warpgroup
// tensor cores to run it on.
// With --time, times the kernel instead (no CPU check) at 256 heads (batch 16 x 16 heads) of
// 4096 positions, D = 64 and 128, causal and not, and prints the median of 20 launches in ms
// and TFLOP/s (4 seq^2 D flops per head, half of that under the causal mask).
// Usage: attention_fwd [--small | --time] [--causal] [heads seq d ...]   (d 64 or 128)
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <optional>
#include <random>
#include <vector>

#include <simt/host.hpp>

#include "example_main.hpp"

#include "attention_fwd.hpp"
#include "attention_fwd.simt.hpp"

namespace {

using Map = simt::TensorMap<simt::bfloat16, kBox, kBM, 1>;

struct Shape {
  std::uint32_t heads, seq, d;
  bool causal;
};
const std::vector<Shape> kGpuShapes = {{1, 128, 64, false}, {3, 200, 64, false}, {3, 200, 64, true},
                                       {2, 333, 128, false}, {2, 333, 128, true}, {1, 1, 64, true},
                                       {1, 1, 128, false},   {4, 1000, 128, true}, {2, 1000, 64, false},
                                       {1, 256, 128, true}};
const std::vector<Shape> kSmallShapes = {{2, 200, 64, true}, {1, 333, 128, false}, {1, 1, 64, false}};
constexpr double kTolerance = 1.0 / 64;

std::vector<simt::bfloat16> random_bf16(std::size_t count, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  std::vector<simt::bfloat16> v(count);
  for (simt::bfloat16& x : v) x = simt::bfloat16(dist(rng));
  return v;
}

// O = softmax(Q K^T / sqrt(d)) V per head, in double, compared with the GPU's O.
int check(Shape s, const std::vector<simt::bfloat16>& q, const std::vector<simt::bfloat16>& k,
          const std::vector<simt::bfloat16>& v, const std::vector<simt::bfloat16>& o) {
  std::size_t bad = 0, first = 0;
  double want_first = 0, worst = 0;
  std::vector<double> p(s.seq);
  for (std::size_t h = 0; h < s.heads; ++h)
    for (std::size_t i = 0; i < s.seq; ++i) {
      const std::size_t row = h * s.seq + i, keys = s.causal ? i + 1 : s.seq;
      double max = -INFINITY, sum = 0;
      for (std::size_t j = 0; j < keys; ++j) {
        double dot = 0;
        for (std::size_t c = 0; c < s.d; ++c) dot += double(float(q[row * s.d + c])) * float(k[(h * s.seq + j) * s.d + c]);
        p[j] = dot / std::sqrt(double(s.d));
        max = std::max(max, p[j]);
      }
      for (std::size_t j = 0; j < keys; ++j) sum += p[j] = std::exp(p[j] - max);
      for (std::size_t c = 0; c < s.d; ++c) {
        double want = 0;
        for (std::size_t j = 0; j < keys; ++j) want += p[j] * float(v[(h * s.seq + j) * s.d + c]);
        want /= sum;
        const double got = float(o[row * s.d + c]), error = std::fabs(got - want);
        worst = std::max(worst, std::isnan(error) ? INFINITY : error);
        if (!(error <= kTolerance) && bad++ == 0) first = row * s.d + c, want_first = want;
      }
    }
  const char* mask = s.causal ? "causal" : "full";
  if (bad == 0) {
    std::printf("attention_fwd: heads = %u, seq = %u, d = %u, %s ok (largest error %.2e)\n", s.heads, s.seq, s.d, mask,
                worst);
    return 0;
  }
  std::printf("attention_fwd: heads = %u, seq = %u, d = %u, %s FAILED: %zu mismatches, first O[%zu][%zu]: got %.6g, "
              "want %.6g\n",
              s.heads, s.seq, s.d, mask, bad, first / s.d, first % s.d, double(float(o[first])), want_first);
  return 1;
}

// The maps of Q, K and V: dims (d, seq, heads), boxes of kBM rows of kBox values.
Map map_of(const simt::DeviceBuffer<simt::bfloat16>& buffer, Shape s) {
  return Map::tiled(buffer.view(), {s.d, s.seq, s.heads}, simt::TensorSwizzle::bytes128);
}

}  // namespace

int main(int argc, char** argv) {
  bool time = false, causal = false;
  std::vector<char*> args;
  for (int i = 0; i < argc; ++i) {
    if (i > 0 && std::strcmp(argv[i], "--time") == 0)
      time = true;
    else if (i > 0 && std::strcmp(argv[i], "--causal") == 0)
      causal = true;
    else
      args.push_back(argv[i]);
  }
  const auto options = example::parse_options(int(args.size()), args.data(), 3);
  auto valid = [](const example::Options& o) {
    return std::all_of(o.groups.begin(), o.groups.end(), [](const auto& g) { return g[2] == 64 || g[2] == 128; });
  };
  if (!options || !valid(*options))
    return std::fprintf(stderr, "usage: attention_fwd [--small | --time] [--causal] [heads seq d ...]   (d 64 or 128)\n"),
           2;
  const std::optional<simt::Context> gpu = example::open_sm90a_gpu("attention_fwd");
  if (!gpu) return 77;
  std::vector<Shape> shapes;
  for (const auto& g : options->groups)
    shapes.push_back({std::uint32_t(g[0]), std::uint32_t(g[1]), std::uint32_t(g[2]), causal});
  if (time && shapes.empty())
    for (std::uint32_t d : {64u, 128u})
      for (bool c : {false, true}) shapes.push_back({256, 4096, d, c});
  shapes = example::choose(shapes, *options, true, kSmallShapes, kGpuShapes);
  const auto kernels = attention_fwd_kernels::load(*gpu);
  simt::Stream stream(*gpu);
  int failures = 0;
  for (Shape s : shapes) {
    const std::size_t count = std::size_t(s.heads) * s.seq * s.d;
    const std::vector<simt::bfloat16> q = random_bf16(count, s.seq * 31 + s.d), k = random_bf16(count, s.seq * 17 + 1),
                                      v = random_bf16(count, s.heads * 7 + s.seq);
    const auto dq = simt::DeviceBuffer<simt::bfloat16>::from_host(*gpu, q);
    const auto dk = simt::DeviceBuffer<simt::bfloat16>::from_host(*gpu, k);
    const auto dv = simt::DeviceBuffer<simt::bfloat16>::from_host(*gpu, v);
    const Map map_q = map_of(dq, s), map_k = map_of(dk, s), map_v = map_of(dv, s);
    auto d_o = simt::DeviceBuffer<simt::bfloat16>::uninitialized(*gpu, count);
    d_o.fill_bytes(0xFF);  // NaN everywhere: an element no thread wrote cannot match
    const simt::LaunchConfig2D config{{(s.seq + kBM - 1) / kBM, s.heads}, {kThreads, 1}};
    const float scale_log2 = float(1.0 / std::sqrt(double(s.d)) / std::log(2.0));
    auto run = [&] {
      if (s.d == 64)
        kernels.attention_fwd_d64(stream, kernels.prepare_attention_fwd_d64(config), map_q, map_k, map_v, s.seq,
                                  s.heads, s.causal ? 1u : 0u, scale_log2, d_o.view());
      else
        kernels.attention_fwd_d128(stream, kernels.prepare_attention_fwd_d128(config), map_q, map_k, map_v, s.seq,
                                   s.heads, s.causal ? 1u : 0u, scale_log2, d_o.view());
    };
    if (time) {
      const double ms = example::median_ms(stream, run);
      const double flops = 4.0 * s.heads * double(s.seq) * s.seq * s.d / (s.causal ? 2.0 : 1.0);
      std::printf("attention_fwd: heads = %u, seq = %u, d = %u, %s: %.4f ms, %.1f TFLOP/s\n", s.heads, s.seq, s.d,
                  s.causal ? "causal" : "full", ms, flops / ms * 1e-9);
      continue;
    }
    run();
    stream.synchronize();
    failures += check(s, q, k, v, d_o.to_host());
  }
  return failures == 0 ? 0 : 1;
}
