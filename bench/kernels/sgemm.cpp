// sgemm: C = A * B in FP32, 64 x 64 block tiles, 4 x 4 per thread (examples/sgemm), against
// cuBLAS SGEMM (default math mode: FP32 FFMA, no TF32). Compute-bound: 2 m n k flops.
#include <simt/host.hpp>

#include "bench.hpp"
#include "gemm.hpp"
#include "sgemm.hpp"
#include "sgemm.simt.hpp"
#include "sgemm_bench_data.hpp"

// The example's kernel, compiled for the host as well (the --cpu-check run).
void sgemm(uint32_t m, uint32_t n, uint32_t k, simt::Slice<const float> a, simt::Slice<const float> b,
           simt::DisjointSlice<float> c);

namespace bench {
namespace {

using Shape = GemmShape;

simt::LaunchConfig2D config(Shape s) { return {{(s.n + kBN - 1) / kBN, (s.m + kBM - 1) / kBM}, {kThreadsX, kThreadsY}}; }

// In double: the reference for a relative-error comparison of float results.
std::vector<double> reference(Shape s, const std::vector<float>& a, const std::vector<float>& b) {
  std::vector<double> c(std::size_t(s.m) * s.n, 0.0);
  for (std::size_t i = 0; i < s.m; ++i)
    for (std::size_t p = 0; p < s.k; ++p) {
      const double x = a[i * s.k + p];
      for (std::size_t j = 0; j < s.n; ++j) c[i * s.n + j] += x * b[p * s.n + j];
    }
  return c;
}

// FP32 products of k terms in [-1, 1): relative error ~ 1e-7 * sqrt(k), far below this.
constexpr double kTolerance = 1e-5;

std::string cpu_check() {
  const Shape s{130, 70, 45};
  const std::vector<float> a = random_floats(std::size_t(s.m) * s.k, 11), b = random_floats(std::size_t(s.k) * s.n, 12);
  std::vector<float> c(std::size_t(s.m) * s.n, -1.0f);
  const simt::LaunchConfig2D cfg = config(s);
  simt::host::launch({cfg.grid.x, cfg.grid.y, 1}, {cfg.block.x, cfg.block.y, 1}, sgemm, s.m, s.n, s.k,
                     simt::host::slice(a), simt::host::slice(b), simt::host::disjoint(c));
  Verdict v;
  v.close("host run vs reference", widen(c), reference(s, a, b), kTolerance);
  return v.ok() ? "" : v.text();
}

void run(Bench& b) {
  const auto simtc = sgemm_kernels::load(b.context());
  const simt::Kernel nvcc = b.load_twin("sgemm", sgemm_bench_data::cubin).kernel("sgemm");
  b.add_resources("sgemm", sgemm_bench_data::simtc_ptxas_log, sgemm_bench_data::nvcc_ptxas_log, simtc.sgemm_kernel(),
                  nvcc);
  Cublas& cublas = b.cublas();

  Verdict cpu;
  auto one_size = [&](Shape s, bool against_cpu) {
    const std::size_t na = std::size_t(s.m) * s.k, nb = std::size_t(s.k) * s.n, nc = std::size_t(s.m) * s.n;
    const double bytes = 4.0 * static_cast<double>(na + nb + nc);
    const int sets = against_cpu ? 1 : b.sets_for(bytes);
    std::vector<simt::DeviceBuffer<float>> A, B, C;
    for (int i = 0; i < sets; ++i) {
      A.push_back(simt::DeviceBuffer<float>::uninitialized(b.context(), na));
      B.push_back(simt::DeviceBuffer<float>::uninitialized(b.context(), nb));
      C.push_back(simt::DeviceBuffer<float>::uninitialized(b.context(), nc));
      b.fill_uniform(A.back(), 10 * i + 1, -1.0f, 1.0f);
      b.fill_uniform(B.back(), 10 * i + 2, -1.0f, 1.0f);
    }
    const simt::LaunchConfig2D shape = config(s);
    auto run_simtc = [&](int i) { simtc.sgemm_unchecked(b.stream(), shape, s.m, s.n, s.k, A[i], B[i], C[i]); };
    auto run_nvcc = [&](int i) {
      const std::uint64_t pa = A[i].device_ptr(), pb = B[i].device_ptr(), pc = C[i].device_ptr();
      b.launch(nvcc, shape, static_cast<int>(s.m), static_cast<int>(s.n), static_cast<int>(s.k), pa, pb, pc);
    };
    auto run_cublas = [&](int i) {
      cublas.sgemm(static_cast<int>(s.m), static_cast<int>(s.n), static_cast<int>(s.k), A[i].device_ptr(),
                   B[i].device_ptr(), C[i].device_ptr());
    };
    std::function<std::vector<double>()> want;
    if (against_cpu) want = [&] { return reference(s, A[0].to_host(), B[0].to_host()); };
    check_and_time_gemm(b, cpu, {"sgemm", "cuBLAS SGEMM", s, bytes, sets, kTolerance}, C[0],
                        {run_simtc, run_nvcc, run_cublas}, want);
  };
  one_size({517, 389, 263}, true);
  for (Shape s : gemm_sizes(b.options())) one_size(s, false);
}

}  // namespace

const Entry& entry_sgemm() {
  static const Entry entry{"sgemm", run, cpu_check, sgemm_bench_data::simtc_ptxas_log, sgemm_bench_data::nvcc_ptxas_log,
                           {"sgemm"}};
  return entry;
}

}  // namespace bench
