// gemm_bf16: C (bf16) = A * B^T with bf16 inputs on Hopper's warpgroup tensor cores (TMA,
// mbarrier pipeline, wgmma; examples/gemm_bf16), against cuBLAS (cublasGemmEx: bf16 inputs and
// output, f32 accumulation, the same "TN" layout). Compute-bound: 2 m n k flops. Device only:
// built for sm_90a, it runs on compute capability 9.0, where one non-round size is first checked
// against the CPU (all three versions).

#include <simt/half.hpp>
#include <simt/host.hpp>

#include "bench.hpp"
#include "gemm.hpp"
#include "gemm_bf16.hpp"
#include "gemm_bf16.simt.hpp"
#include "gemm_bf16_bench_data.hpp"

namespace bench {
namespace {

using Shape = GemmShape;
using MapA = simt::TensorMap<simt::bfloat16, kBK, kBM>;
using MapB = simt::TensorMap<simt::bfloat16, kBK, kBN>;
using MapC = simt::TensorMap<simt::bfloat16, kStoreCols, kStoreRows>;

// C = A B^T in double from the bf16 inputs (exact products), rounded to float.
std::vector<float> reference(Shape s, const std::vector<float>& a, const std::vector<float>& bt) {
  std::vector<float> c(std::size_t(s.m) * s.n);
  for (std::size_t i = 0; i < s.m; ++i)
    for (std::size_t j = 0; j < s.n; ++j) {
      double sum = 0;
      for (std::size_t p = 0; p < s.k; ++p) sum += double(a[i * s.k + p]) * bt[j * s.k + p];
      c[i * s.n + j] = float(sum);
    }
  return c;
}

// bf16 output: each element rounded to 8 significant bits (relative 2^-9), after an f32 sum.
constexpr double kTolerance = 4e-3;

void run(Bench& bench) {
  if (bench.context().compute_capability() != 90) {
    std::printf("gemm_bf16: built for sm_90a, not run on compute capability %d\n", bench.context().compute_capability());
    return;
  }
  const auto simtc = gemm_bf16_kernels::load(bench.context());
  const simt::Kernel nvcc = bench.load_twin("gemm_bf16", gemm_bf16_bench_data::cubin).kernel("gemm_bf16");
  bench.add_resources("gemm_bf16", gemm_bf16_bench_data::simtc_ptxas_log, gemm_bf16_bench_data::nvcc_ptxas_log,
                      simtc.gemm_bf16_kernel(), nvcc);
  Cublas& cublas = bench.cublas();
  const std::uint32_t sms = std::uint32_t(bench.context().limits().sm_count);
  // The twin's shared memory: the stages, the staging tile of C, then the 2 x 4 barriers, as its
  // struct lays them out.
  const std::uint32_t twin_shared =
      (kStages * (kBM + kBN) * kBK + kConsumers * 4 * 2 * kStoreRows * kStoreCols) * 2 + 2 * kStages * 8;
  nvcc.set_max_dynamic_shared(twin_shared);

  Verdict cpu;
  auto one_size = [&](Shape s, bool against_cpu) {
    const std::size_t na = std::size_t(s.m) * s.k, nb = std::size_t(s.n) * s.k, nc = std::size_t(s.m) * s.n;
    const double bytes = 2.0 * static_cast<double>(na + nb + nc);
    const int sets = against_cpu ? 1 : bench.sets_for(bytes);
    std::vector<simt::DeviceBuffer<std::uint16_t>> A, B;
    std::vector<MapA> map_a;
    std::vector<MapB> map_b;
    simt::DeviceBuffer<std::uint16_t> C = simt::DeviceBuffer<std::uint16_t>::uninitialized(bench.context(), nc);
    std::vector<std::uint16_t> host_a, host_b;
    for (int i = 0; i < sets; ++i) {
      host_a = random_bf16(na, 10 * i + 1);
      host_b = random_bf16(nb, 10 * i + 2);
      A.push_back(simt::DeviceBuffer<std::uint16_t>::from_host(bench.context(), host_a));
      B.push_back(simt::DeviceBuffer<std::uint16_t>::from_host(bench.context(), host_b));
      const simt::DeviceView<const simt::bfloat16> va(A.back().device_ptr(), na), vb(B.back().device_ptr(), nb);
      map_a.push_back(MapA::tiled(va, {s.k, s.m}, simt::TensorSwizzle::bytes128));
      map_b.push_back(MapB::tiled(vb, {s.k, s.n}, simt::TensorSwizzle::bytes128));
    }
    const simt::DeviceView<simt::bfloat16> vc(C.device_ptr(), nc);
    const MapC map_c = MapC::tiled(vc, {s.n, s.m}, simt::TensorSwizzle::bytes128);
    const std::uint32_t tiles = ((s.m + kBM - 1) / kBM) * ((s.n + kBN - 1) / kBN);
    const simt::LaunchConfig1D shape{std::min(tiles, sms), kThreads};
    auto run_simtc = [&](int i) { simtc.gemm_bf16_unchecked(bench.stream(), shape, map_a[i], map_b[i], map_c, s.m, s.n, s.k); };
    const simt::LaunchShape twin_shape{shape.shape().grid, shape.shape().block, twin_shared};
    auto run_nvcc = [&](int i) {
      bench.launch(nvcc, twin_shape, *static_cast<const std::array<unsigned char, 128>*>(map_a[i].descriptor()),
                   *static_cast<const std::array<unsigned char, 128>*>(map_b[i].descriptor()),
                   *static_cast<const std::array<unsigned char, 128>*>(map_c.descriptor()), s.m, s.n, s.k);
    };
    auto run_cublas = [&](int i) {
      cublas.gemm_bf16_tn(static_cast<int>(s.m), static_cast<int>(s.n), static_cast<int>(s.k), A[i].device_ptr(),
                          B[i].device_ptr(), C.device_ptr());
    };
    const std::vector<float> got_simtc = widen_bf16(bench.output_of(C, [&] { run_simtc(0); }));
    const std::vector<std::uint16_t> bits_nvcc = bench.output_of(C, [&] { run_nvcc(0); });
    const std::vector<float> got_nvcc = widen_bf16(bits_nvcc), got_cublas = widen_bf16(bench.output_of(C, [&] { run_cublas(0); }));
    if (against_cpu) {
      const std::vector<float> want = reference(s, widen_bf16(host_a), widen_bf16(host_b));
      cpu.close("simtc vs CPU", got_simtc, want, kTolerance);
      cpu.close("nvcc vs CPU", got_nvcc, want, kTolerance);
      cpu.close("cuBLAS vs CPU", got_cublas, want, kTolerance);
      return;
    }
    Verdict v = cpu;
    v.equal<float>("simtc vs nvcc", got_simtc, got_nvcc);
    v.close("cuBLAS vs nvcc", got_cublas, got_nvcc, kTolerance);
    const std::string dims = "M=" + std::to_string(s.m) + ",N=" + std::to_string(s.n) + ",K=" + std::to_string(s.k);
    const std::string name = s.m == s.n && s.n == s.k ? std::to_string(s.m) + "^3" : dims;
    Row row = Row::compute("gemm_bf16", name, dims, 2.0 * s.m * s.n * static_cast<double>(s.k), bytes, "cuBLAS GemmEx");
    const std::vector<double> ms = bench.time({run_simtc, run_nvcc, run_cublas}, sets, &row.spread_pct);
    row.simtc_ms = ms[0], row.nvcc_ms = ms[1], row.ref_ms = ms[2], row.check = v.text();
    bench.add_row(std::move(row));
  };
  one_size({517, 392, 264}, true);
  for (Shape s : gemm_sizes(bench.options())) one_size(s, false);
}

}  // namespace

const Entry& entry_gemm_bf16() {
  static const Entry entry{"gemm_bf16", run, nullptr, gemm_bf16_bench_data::simtc_ptxas_log,
                           gemm_bf16_bench_data::nvcc_ptxas_log, {"gemm_bf16"}};
  return entry;
}

}  // namespace bench
