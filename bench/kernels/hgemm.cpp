// hgemm: C (float) = A * B with half inputs on the tensor cores (cp.async, ldmatrix,
// mma.sync.m16n8k16; examples/hgemm), against cuBLAS (cublasGemmEx: half inputs, f32
// accumulation and output). Compute-bound: 2 m n k flops.
#include <simt/half.hpp>
#include <simt/host.hpp>

#include "bench.hpp"
#include "gemm.hpp"
#include "hgemm.hpp"
#include "hgemm.simt.hpp"
#include "hgemm_bench_data.hpp"

// The example's kernel, compiled for the host as well (the --cpu-check run).
void hgemm(uint32_t m, uint32_t n, uint32_t k, simt::Slice<const simt::half> a, simt::Slice<const simt::half> b,
           simt::DisjointSlice<float> c);

namespace bench {
namespace {

using Shape = GemmShape;

simt::LaunchConfig2D config(Shape s) { return {{(s.n + kBN - 1) / kBN, (s.m + kBM - 1) / kBM}, {kThreads, 1}}; }

std::vector<double> reference(Shape s, const std::vector<simt::half>& a, const std::vector<simt::half>& b) {
  std::vector<double> c(std::size_t(s.m) * s.n, 0.0);
  for (std::size_t i = 0; i < s.m; ++i)
    for (std::size_t p = 0; p < s.k; ++p) {
      const double x = float(a[i * s.k + p]);
      for (std::size_t j = 0; j < s.n; ++j) c[i * s.n + j] += x * float(b[p * s.n + j]);
    }
  return c;
}

std::vector<simt::half> halves(const std::vector<std::uint16_t>& bits) {
  std::vector<simt::half> out;
  out.reserve(bits.size());
  for (std::uint16_t b : bits) out.push_back(simt::half::from_bits(b));
  return out;
}

// Half inputs are exact in double; only the f32 accumulation rounds.
constexpr double kTolerance = 1e-4;

std::string cpu_check() {
  const Shape s{130, 72, 48};
  std::vector<simt::half> a, b;
  for (float f : random_floats(std::size_t(s.m) * s.k, 17)) a.push_back(simt::half(f));
  for (float f : random_floats(std::size_t(s.k) * s.n, 18)) b.push_back(simt::half(f));
  std::vector<float> c(std::size_t(s.m) * s.n, -1.0f);
  const simt::LaunchConfig2D cfg = config(s);
  simt::host::launch({cfg.grid.x, cfg.grid.y, 1}, {cfg.block.x, cfg.block.y, 1}, hgemm, s.m, s.n, s.k,
                     simt::host::slice(a), simt::host::slice(b), simt::host::disjoint(c));
  Verdict v;
  v.close("host run vs reference", widen(c), reference(s, a, b), kTolerance);
  return v.ok() ? "" : v.text();
}

void run(Bench& bench) {
  const auto simtc = hgemm_kernels::load(bench.context());
  const simt::Kernel nvcc = bench.load_twin("hgemm", hgemm_bench_data::cubin).kernel("hgemm");
  bench.add_resources("hgemm", hgemm_bench_data::simtc_ptxas_log, hgemm_bench_data::nvcc_ptxas_log,
                      simtc.hgemm_kernel(), nvcc);
  Cublas& cublas = bench.cublas();

  Verdict cpu;
  auto one_size = [&](Shape s, bool against_cpu) {
    const std::size_t na = std::size_t(s.m) * s.k, nb = std::size_t(s.k) * s.n, nc = std::size_t(s.m) * s.n;
    const double bytes = 2.0 * static_cast<double>(na + nb) + 4.0 * static_cast<double>(nc);
    const int sets = against_cpu ? 1 : bench.sets_for(bytes);
    std::vector<simt::DeviceBuffer<std::uint16_t>> A, B;
    std::vector<simt::DeviceBuffer<float>> C;
    for (int i = 0; i < sets; ++i) {
      A.push_back(simt::DeviceBuffer<std::uint16_t>::uninitialized(bench.context(), na));
      B.push_back(simt::DeviceBuffer<std::uint16_t>::uninitialized(bench.context(), nb));
      C.push_back(simt::DeviceBuffer<float>::uninitialized(bench.context(), nc));
      bench.fill_uniform_half(A.back(), 10 * i + 1, -1.0f, 1.0f);
      bench.fill_uniform_half(B.back(), 10 * i + 2, -1.0f, 1.0f);
    }
    auto half_view = [](const simt::DeviceBuffer<std::uint16_t>& v) {
      return simt::DeviceView<const simt::half>(v.device_ptr(), v.size());
    };
    const simt::LaunchConfig2D shape = config(s);
    auto run_simtc = [&](int i) {
      simtc.hgemm_unchecked(bench.stream(), shape, s.m, s.n, s.k, half_view(A[i]), half_view(B[i]), C[i]);
    };
    auto run_nvcc = [&](int i) {
      const std::uint64_t pa = A[i].device_ptr(), pb = B[i].device_ptr(), pc = C[i].device_ptr();
      bench.launch(nvcc, shape, static_cast<int>(s.m), static_cast<int>(s.n), static_cast<int>(s.k), pa, pb, pc);
    };
    auto run_cublas = [&](int i) {
      cublas.hgemm_f32_out(static_cast<int>(s.m), static_cast<int>(s.n), static_cast<int>(s.k), A[i].device_ptr(),
                           B[i].device_ptr(), C[i].device_ptr());
    };
    std::function<std::vector<double>()> want;
    if (against_cpu) want = [&] { return reference(s, halves(A[0].to_host()), halves(B[0].to_host())); };
    check_and_time_gemm(bench, cpu, {"hgemm", "cuBLAS GemmEx", s, bytes, sets, kTolerance}, C[0],
                        {run_simtc, run_nvcc, run_cublas}, want);
  };
  one_size({517, 392, 264}, true);
  for (Shape s : gemm_sizes(bench.options())) one_size(s, false);
}

}  // namespace

const Entry& entry_hgemm() {
  static const Entry entry{"hgemm", run, cpu_check, hgemm_bench_data::simtc_ptxas_log, hgemm_bench_data::nvcc_ptxas_log,
                           {"hgemm"}};
  return entry;
}

}  // namespace bench
