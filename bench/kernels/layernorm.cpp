// layernorm: y = (x - mean) / sqrt(var + eps) * gamma + beta per row, one block per row, three
// passes over the row (the later ones from L1/L2) (examples/layernorm). Memory-bound: 8 bytes
// per element (x read once, y written once; gamma and beta are one row).
#include <cmath>

#include <simt/host.hpp>

#include "bench.hpp"
#include "layernorm_launch.hpp"
#include "layernorm_bench_data.hpp"


namespace bench {
namespace {

struct Shape {
  std::uint32_t rows, cols;
};

constexpr float kEpsilon = 1e-5f;  // examples/layernorm/main.cpp's

std::vector<double> reference(Shape s, const std::vector<float>& in, const std::vector<float>& gamma,
                              const std::vector<float>& beta) {
  std::vector<double> out(in.size());
  for (std::size_t r = 0; r < s.rows; ++r) {
    const float* x = &in[r * s.cols];
    double mean = 0, var = 0;
    for (std::size_t j = 0; j < s.cols; ++j) mean += x[j];
    mean /= s.cols;
    for (std::size_t j = 0; j < s.cols; ++j) var += (x[j] - mean) * (x[j] - mean);
    const double rstd = 1.0 / std::sqrt(var / s.cols + double(kEpsilon));
    for (std::size_t j = 0; j < s.cols; ++j) out[r * s.cols + j] = (x[j] - mean) * rstd * gamma[j] + beta[j];
  }
  return out;
}

std::vector<double> widen(const std::vector<float>& v) { return {v.begin(), v.end()}; }

constexpr double kTolerance = 1e-5;  // rsqrt.approx and float sums against double

std::string cpu_check() {
  Verdict v;
  // Rows in registers (1024 and 8192 columns at most), and a row too long for them.
  for (Shape s : {Shape{9, 1000}, Shape{5, 5003}, Shape{2, 40000}}) {
    const std::vector<float> in = random_floats(std::size_t(s.rows) * s.cols, 14, -3.0f, 5.0f);
    const std::vector<float> gamma = random_floats(s.cols, 15, 0.5f, 1.5f), beta = random_floats(s.cols, 16);
    std::vector<float> out(in.size(), -1.0f);
    launch_layer_norm_on_host(s.rows, s.cols, kEpsilon, in, gamma, beta, out);
    v.close("host run vs reference (" + std::to_string(s.cols) + " columns)", widen(out), reference(s, in, gamma, beta),
            kTolerance);
  }
  return v.ok() ? "" : v.text();
}

void run(Bench& b) {
  const auto simtc = layernorm_kernels::load(b.context());
  const Twin twin = b.load_twin("layernorm", layernorm_bench_data::cubin);
  b.add_resources("layernorm", layernorm_bench_data::simtc_ptxas_log, layernorm_bench_data::nvcc_ptxas_log,
                  simtc.layer_norm_kernel(), twin.kernel("layer_norm"));
  b.add_resources("layernorm", layernorm_bench_data::simtc_ptxas_log, layernorm_bench_data::nvcc_ptxas_log,
                  simtc.layer_norm_1k_kernel(), twin.kernel("layer_norm_1k"));

  Verdict cpu;
  auto one_size = [&](Shape s, bool against_cpu) {
    const std::size_t n = std::size_t(s.rows) * s.cols;
    const int sets = against_cpu ? 1 : b.sets_for(8.0 * n);
    std::vector<simt::DeviceBuffer<float>> In, Out;
    for (int i = 0; i < sets; ++i) {
      In.push_back(simt::DeviceBuffer<float>::uninitialized(b.context(), n));
      Out.push_back(simt::DeviceBuffer<float>::uninitialized(b.context(), n));
      b.fill_uniform(In.back(), 10 * i + 1, -3.0f, 5.0f);
    }
    auto gamma = simt::DeviceBuffer<float>::uninitialized(b.context(), s.cols);
    auto beta = simt::DeviceBuffer<float>::uninitialized(b.context(), s.cols);
    b.fill_uniform(gamma, 3, 0.5f, 1.5f);
    b.fill_uniform(beta, 4, -1.0f, 1.0f);
    // Both versions use the kernel layer_norm_plan() picks, with its launch shape.
    const LayerNormPlan plan = layer_norm_plan(s.rows, s.cols);
    const simt::Kernel nvcc = twin.kernel(plan.name);
    const bool general = std::string_view(plan.name) == "layer_norm";
    auto run_simtc = [&](int i) {
      launch_layer_norm(simtc, b.stream(), s.rows, s.cols, kEpsilon, In[i], gamma, beta, Out[i], false);
    };
    auto run_nvcc = [&](int i) {
      const std::uint64_t in = In[i].device_ptr(), g = gamma.device_ptr(), bt = beta.device_ptr(),
                          out = Out[i].device_ptr();
      const int rows = static_cast<int>(s.rows), cols = static_cast<int>(s.cols);
      if (general) b.launch(nvcc, plan.config, cols, kEpsilon, in, g, bt, out);
      else b.launch(nvcc, plan.config, rows, cols, kEpsilon, in, g, bt, out);
    };
    const std::vector<float> got_simtc = b.output_of(Out[0], [&] { run_simtc(0); });
    const std::vector<float> got_nvcc = b.output_of(Out[0], [&] { run_nvcc(0); });
    if (against_cpu) {
      const std::vector<double> want = reference(s, In[0].to_host(), gamma.to_host(), beta.to_host());
      cpu.close("simtc vs CPU", widen(got_simtc), want, kTolerance);
      cpu.close("nvcc vs CPU", widen(got_nvcc), want, kTolerance);
      return;
    }
    // Same operations; the compilers may fuse a different multiply into an fma.
    Verdict v = cpu;
    v.close("simtc vs nvcc", got_simtc, got_nvcc, 1e-6);
    Row row = Row::memory("layernorm", std::to_string(s.rows) + "x" + std::to_string(s.cols),
                          "rows=" + std::to_string(s.rows) + ",cols=" + std::to_string(s.cols) + ",eps=1e-05", 8.0 * n);
    b.add_timed_row(std::move(row), v, run_simtc, run_nvcc, sets);
  };
  one_size({1000, 3001}, true);
  one_size({77, 1000}, true);
  one_size({5, 40000}, true);
  for (Shape s : b.options().quick ? std::vector<Shape>{{16384, 1024}}
                                   : std::vector<Shape>{{65536, 1024}, {16384, 4096}, {8192, 8192}})
    one_size(s, false);
}

}  // namespace

const Entry& entry_layernorm() {
  static const Entry entry{"layernorm", run, cpu_check, layernorm_bench_data::simtc_ptxas_log,
                           layernorm_bench_data::nvcc_ptxas_log,
                           {"layer_norm", "layer_norm_1k", "layer_norm_4k", "layer_norm_8k", "layer_norm_16k"}};
  return entry;
}

}  // namespace bench
