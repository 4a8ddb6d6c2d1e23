// attention_fwd: O = softmax(Q K^T / sqrt(D)) V per head in bf16 on Hopper's warpgroup tensor cores
// (TMA, two mbarrier rings, wgmma with P from registers; examples/attention_fwd), causal and not,
// D = 64 and 128, at batch 16 x 16 heads x 4096 positions. Compute-bound: 4 seq^2 D flops per
// head (half of that under the causal mask). The reference is PyTorch's
// scaled_dot_product_attention (flash backend), which triton_bench.py times at the same dims and
// writes into the row. Device only: built for sm_90a, it runs on compute capability 9.0, where
// two non-round shapes are first checked against the CPU (both versions).
#include <algorithm>
#include <cmath>

#include <simt/half.hpp>
#include <simt/host.hpp>

#include "attention_fwd.hpp"
#include "attention_fwd.simt.hpp"
#include "attention_fwd_bench_data.hpp"
#include "bench.hpp"

namespace bench {
namespace {

using Map = simt::TensorMap<simt::bfloat16, kBox, kBM, 1>;

struct Shape {
  std::uint32_t heads, seq, d;
  bool causal;
};

// Attention in double from the bf16 inputs, rounded to float.
std::vector<float> reference(Shape s, const std::vector<float>& q, const std::vector<float>& k,
                             const std::vector<float>& v) {
  std::vector<float> o(q.size());
  std::vector<double> p(s.seq), row(s.d);
  const double scale = 1.0 / std::sqrt(double(s.d));
  for (std::size_t h = 0; h < s.heads; ++h)
    for (std::size_t i = 0; i < s.seq; ++i) {
      const std::size_t keys = s.causal ? i + 1 : s.seq, qi = (h * s.seq + i) * s.d;
      double max = -INFINITY, sum = 0;
      for (std::size_t j = 0; j < keys; ++j) {
        double dot = 0;
        for (std::size_t c = 0; c < s.d; ++c) dot += double(q[qi + c]) * k[(h * s.seq + j) * s.d + c];
        max = std::max(max, p[j] = dot * scale);
      }
      std::fill(row.begin(), row.end(), 0.0);
      for (std::size_t j = 0; j < keys; ++j) {
        sum += p[j] = std::exp(p[j] - max);
        for (std::size_t c = 0; c < s.d; ++c) row[c] += p[j] * v[(h * s.seq + j) * s.d + c];
      }
      for (std::size_t c = 0; c < s.d; ++c) o[qi + c] = float(row[c] / sum);
    }
  return o;
}

// bf16 probabilities and output: a few 2^-9 relative per element.
constexpr double kTolerance = 1e-2;

void run(Bench& bench) {
  if (bench.context().compute_capability() != 90) {
    std::printf("attention_fwd: built for sm_90a, not run on compute capability %d\n",
                bench.context().compute_capability());
    return;
  }
  const auto simtc = attention_fwd_kernels::load(bench.context());
  const Twin twin = bench.load_twin("attention_fwd", attention_fwd_bench_data::cubin);
  const simt::Kernel nvcc64 = twin.kernel("attention_fwd_d64"), nvcc128 = twin.kernel("attention_fwd_d128");
  bench.add_resources("attention_fwd_d64", attention_fwd_bench_data::simtc_ptxas_log,
                      attention_fwd_bench_data::nvcc_ptxas_log, simtc.attention_fwd_d64_kernel(), nvcc64);
  bench.add_resources("attention_fwd_d128", attention_fwd_bench_data::simtc_ptxas_log,
                      attention_fwd_bench_data::nvcc_ptxas_log, simtc.attention_fwd_d128_kernel(), nvcc128);
  // The twin's shared memory, as its struct lays it out: Q, the K and V stages, 1 + 4 x stages barriers.
  auto twin_shared = [](std::uint32_t d) {
    const std::uint32_t tile = d * kBM * 2;
    return tile + 2 * attention_stages(d) * tile + 8 * (1 + 4 * attention_stages(d));
  };
  nvcc64.set_max_dynamic_shared(twin_shared(64));
  nvcc128.set_max_dynamic_shared(twin_shared(128));

  Verdict cpu;
  auto one_size = [&](Shape s, bool against_cpu) {
    const std::size_t n = std::size_t(s.heads) * s.seq * s.d;
    const double bytes = 2.0 * 4.0 * static_cast<double>(n);  // Q, K, V read once, O written once
    const int sets = against_cpu ? 1 : bench.sets_for(bytes);
    std::vector<simt::DeviceBuffer<std::uint16_t>> Q, K, V;
    std::vector<Map> maps;  // q, k, v of each set
    std::vector<std::uint16_t> host_q, host_k, host_v;
    auto map_of = [&](const simt::DeviceBuffer<std::uint16_t>& b) {
      const simt::DeviceView<const simt::bfloat16> view(b.device_ptr(), n);
      return Map::tiled(view, {s.d, s.seq, s.heads}, simt::TensorSwizzle::bytes128);
    };
    for (int i = 0; i < sets; ++i) {
      host_q = random_bits16<simt::bfloat16>(n, 10 * i + 1), host_k = random_bits16<simt::bfloat16>(n, 10 * i + 2), host_v = random_bits16<simt::bfloat16>(n, 10 * i + 3);
      Q.push_back(simt::DeviceBuffer<std::uint16_t>::from_host(bench.context(), host_q));
      K.push_back(simt::DeviceBuffer<std::uint16_t>::from_host(bench.context(), host_k));
      V.push_back(simt::DeviceBuffer<std::uint16_t>::from_host(bench.context(), host_v));
      maps.push_back(map_of(Q.back()));
      maps.push_back(map_of(K.back()));
      maps.push_back(map_of(V.back()));
    }
    simt::DeviceBuffer<std::uint16_t> O = simt::DeviceBuffer<std::uint16_t>::uninitialized(bench.context(), n);
    const simt::DeviceView<simt::bfloat16> vo(O.device_ptr(), n);
    const simt::LaunchConfig2D shape{{(s.seq + kBM - 1) / kBM, s.heads}, {kThreads, 1}};
    const float scale_log2 = float(1.0 / std::sqrt(double(s.d)) / std::log(2.0));
    const std::uint32_t causal = s.causal ? 1 : 0;
    auto run_simtc = [&](int i) {
      const Map &q = maps[3 * i], &k = maps[3 * i + 1], &v = maps[3 * i + 2];
      if (s.d == 64)
        simtc.attention_fwd_d64_unchecked(bench.stream(), shape, q, k, v, s.seq, s.heads, causal, scale_log2, vo);
      else
        simtc.attention_fwd_d128_unchecked(bench.stream(), shape, q, k, v, s.seq, s.heads, causal, scale_log2, vo);
    };
    const simt::LaunchShape twin_shape{shape.shape().grid, shape.shape().block, twin_shared(s.d)};
    auto run_nvcc = [&](int i) {
      auto raw = [&](int m) { return *static_cast<const std::array<unsigned char, 128>*>(maps[3 * i + m].descriptor()); };
      bench.launch(s.d == 64 ? nvcc64 : nvcc128, twin_shape, raw(0), raw(1), raw(2), s.seq, s.heads, causal,
                   scale_log2, O.device_ptr());
    };
    const std::vector<float> got_simtc = widen_bits16<simt::bfloat16>(bench.output_of(O, [&] { run_simtc(0); }));
    const std::vector<float> got_nvcc = widen_bits16<simt::bfloat16>(bench.output_of(O, [&] { run_nvcc(0); }));
    if (against_cpu) {
      const std::vector<float> want = reference(s, widen_bits16<simt::bfloat16>(host_q), widen_bits16<simt::bfloat16>(host_k), widen_bits16<simt::bfloat16>(host_v));
      cpu.close("simtc vs CPU", got_simtc, want, kTolerance);
      cpu.close("nvcc vs CPU", got_nvcc, want, kTolerance);
      return;
    }
    Verdict v = cpu;
    v.close("simtc vs nvcc", got_simtc, got_nvcc, kTolerance);
    const std::string dims = "H=" + std::to_string(s.heads) + ",S=" + std::to_string(s.seq) + ",D=" +
                             std::to_string(s.d) + ",causal=" + std::to_string(causal);
    const std::string name = "d" + std::to_string(s.d) + (s.causal ? " causal" : " full");
    const double flops = 4.0 * s.heads * double(s.seq) * s.seq * s.d / (s.causal ? 2.0 : 1.0);
    Row row = Row::compute("attention_fwd", name, dims, flops, bytes, "PyTorch SDPA");
    const std::vector<double> ms = bench.time({run_simtc, run_nvcc}, sets, &row.spread_pct);
    row.simtc_ms = ms[0], row.nvcc_ms = ms[1], row.check = v.text();
    bench.add_row(std::move(row));
  };
  one_size({3, 333, 128, true}, true);
  one_size({2, 200, 64, false}, true);
  const std::uint32_t seq = bench.options().quick ? 1024 : 4096;
  for (std::uint32_t d : {64u, 128u})
    for (bool causal : {false, true}) one_size({256, seq, d, causal}, false);
}

}  // namespace

const Entry& entry_attention_fwd() {
  static const Entry entry{"attention_fwd", run, nullptr, attention_fwd_bench_data::simtc_ptxas_log,
                           attention_fwd_bench_data::nvcc_ptxas_log, {"attention_fwd_d64", "attention_fwd_d128"}};
  return entry;
}

}  // namespace bench
