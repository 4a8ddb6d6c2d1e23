// softmax: row-wise softmax (examples/softmax): the row in registers up to 16384 columns (a warp
// or a block per row), else one block per row with the row cached in dynamic shared memory when
// it fits. Memory-bound: 8 bytes per element (read once, written once; rows too long for
// registers and cache are read three times, from L2 after the first).
#include <cfloat>
#include <cmath>

#include <simt/host.hpp>

#include "bench.hpp"
#include "softmax_bench_data.hpp"
#include "softmax_launch.hpp"

namespace bench {
namespace {

struct Shape {
  std::uint32_t rows, cols;
};

std::vector<double> reference(Shape s, const std::vector<float>& in) {
  std::vector<double> out(in.size());
  for (std::size_t r = 0; r < s.rows; ++r) {
    const float* x = &in[r * s.cols];
    double m = -DBL_MAX, sum = 0;
    for (std::size_t j = 0; j < s.cols; ++j) m = std::fmax(m, double(x[j]));
    for (std::size_t j = 0; j < s.cols; ++j) sum += std::exp(double(x[j]) - m);
    for (std::size_t j = 0; j < s.cols; ++j) out[r * s.cols + j] = std::exp(double(x[j]) - m) / sum;
  }
  return out;
}

std::vector<double> widen(const std::vector<float>& v) { return {v.begin(), v.end()}; }

constexpr double kTolerance = 1e-5;  // float exp and sums against double

std::string cpu_check() {
  Verdict v;
  // Rows in registers (1024 and 8192 columns at most), cached, and too long for the cache.
  for (Shape s : {Shape{9, 1000}, Shape{5, 5003}, Shape{3, 40000}, Shape{2, kMaxCachedCols * 3 + 7}}) {
    const std::vector<float> in = random_floats(std::size_t(s.rows) * s.cols, 13, -10.0f, 10.0f);
    std::vector<float> out(in.size(), -1.0f);
    launch_softmax_on_host(s.rows, s.cols, in, out);
    v.close("host run vs reference (" + std::to_string(s.cols) + " columns)", widen(out), reference(s, in), kTolerance);
  }
  return v.ok() ? "" : v.text();
}

void run(Bench& b) {
  const auto simtc = softmax_kernels::load(b.context());
  const Twin twin = b.load_twin("softmax", softmax_bench_data::cubin);
  b.add_resources("softmax", softmax_bench_data::simtc_ptxas_log, softmax_bench_data::nvcc_ptxas_log,
                  simtc.softmax_kernel(), twin.kernel("softmax"));
  b.add_resources("softmax", softmax_bench_data::simtc_ptxas_log, softmax_bench_data::nvcc_ptxas_log,
                  simtc.softmax_1k_kernel(), twin.kernel("softmax_1k"));

  Verdict cpu;
  auto one_size = [&](Shape s, bool against_cpu) {
    const std::size_t n = std::size_t(s.rows) * s.cols;
    const int sets = against_cpu ? 1 : b.sets_for(8.0 * n);
    std::vector<simt::DeviceBuffer<float>> In, Out;
    for (int i = 0; i < sets; ++i) {
      In.push_back(simt::DeviceBuffer<float>::uninitialized(b.context(), n));
      Out.push_back(simt::DeviceBuffer<float>::uninitialized(b.context(), n));
      b.fill_uniform(In.back(), 10 * i + 1, -10.0f, 10.0f);
    }
    // Both versions use the kernel softmax_plan() picks, with its launch shape.
    const SoftmaxPlan plan = softmax_plan(s.rows, s.cols);
    const simt::Kernel nvcc = twin.kernel(plan.name);
    const bool general = std::string_view(plan.name) == "softmax";
    auto run_simtc = [&](int i) { launch_softmax(simtc, b.stream(), s.rows, s.cols, In[i], Out[i], false); };
    auto run_nvcc = [&](int i) {
      const std::uint64_t in = In[i].device_ptr(), out = Out[i].device_ptr();
      const int rows = static_cast<int>(s.rows), cols = static_cast<int>(s.cols);
      if (general) b.launch(nvcc, plan.config, cols, in, out, static_cast<int>(plan.config.shared_bytes != 0));
      else b.launch(nvcc, plan.config, rows, cols, in, out);
    };
    const std::vector<float> got_simtc = b.output_of(Out[0], [&] { run_simtc(0); });
    const std::vector<float> got_nvcc = b.output_of(Out[0], [&] { run_nvcc(0); });
    if (against_cpu) {
      const std::vector<double> want = reference(s, In[0].to_host());
      cpu.close("simtc vs CPU", widen(got_simtc), want, kTolerance);
      cpu.close("nvcc vs CPU", widen(got_nvcc), want, kTolerance);
      return;
    }
    // Same operations, but each compiler inlines its own expf: allow a few ulps.
    Verdict v = cpu;
    v.close("simtc vs nvcc", got_simtc, got_nvcc, 1e-6);
    Row row = Row::memory("softmax", std::to_string(s.rows) + "x" + std::to_string(s.cols),
                          "rows=" + std::to_string(s.rows) + ",cols=" + std::to_string(s.cols), 8.0 * n);
    b.add_timed_row(std::move(row), v, run_simtc, run_nvcc, sets);
  };
  one_size({1000, 3001}, true);
  one_size({129, 20000}, true);
  one_size({77, 1000}, true);
  one_size({5, 40000}, true);
  for (Shape s : b.options().quick ? std::vector<Shape>{{16384, 1024}}
                                   : std::vector<Shape>{{65536, 1024}, {16384, 4096}, {8192, 8192}, {4096, 32768}})
    one_size(s, false);
}

}  // namespace

const Entry& entry_softmax() {
  static const Entry entry{"softmax", run, cpu_check, softmax_bench_data::simtc_ptxas_log,
                           softmax_bench_data::nvcc_ptxas_log, {"softmax", "softmax_1k", "softmax_4k", "softmax_8k", "softmax_16k", "softmax_32k"}};
  return entry;
}

}  // namespace bench
