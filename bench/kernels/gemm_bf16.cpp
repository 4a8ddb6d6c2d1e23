// gemm_bf16 and gemm_f16: C = A * B^T with bf16 (f16) inputs and output on Hopper's warpgroup
// tensor cores (TMA, mbarrier pipeline, wgmma; examples/gemm_bf16, one kernel template), against
// cuBLAS (cublasGemmEx: the same types, f32 accumulation, the same "TN" layout). Compute-bound:
// 2 m n k flops. Device only: built for sm_90a, it runs on compute capability 9.0, where one
// non-round size is first checked against the CPU (all three versions), for each type.

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

// The instantiation's names in the table, in the modules (simtc's and the twin's).
template <class T>
constexpr const char* kRowName = __is_same(T, simt::half) ? "gemm_f16" : "gemm_bf16";
template <class T>
constexpr const char* kEntry = __is_same(T, simt::half) ? "gemm_tn_half" : "gemm_tn_bfloat16";

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

// bf16 output: each element rounded to 8 significant bits (relative 2^-9), after an f32 sum; f16
// keeps 11 (2^-12).
constexpr double kTolerance = 4e-3;

// Every size for element type T.
template <class T>
void run_type(Bench& bench, const gemm_bf16_kernels::Kernels& simtc, const Twin& twin) {
  using MapA = ::MapA<T>;
  using MapB = ::MapB<T>;
  using MapC = ::MapC<T>;
  constexpr bool kHalf = __is_same(T, simt::half);
  const simt::Kernel nvcc = twin.kernel(kEntry<T>);
  const simt::Kernel& simtc_kernel = kHalf ? simtc.gemm_tn_half_kernel() : simtc.gemm_tn_bfloat16_kernel();
  bench.add_resources(kRowName<T>, gemm_bf16_bench_data::simtc_ptxas_log, gemm_bf16_bench_data::nvcc_ptxas_log,
                      simtc_kernel, nvcc);
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
      host_a = random_bits16<T>(na, 10 * i + 1);
      host_b = random_bits16<T>(nb, 10 * i + 2);
      A.push_back(simt::DeviceBuffer<std::uint16_t>::from_host(bench.context(), host_a));
      B.push_back(simt::DeviceBuffer<std::uint16_t>::from_host(bench.context(), host_b));
      const simt::DeviceView<const T> va(A.back().device_ptr(), na), vb(B.back().device_ptr(), nb);
      map_a.push_back(MapA::tiled(va, {s.k, s.m}, simt::TensorSwizzle::bytes128));
      map_b.push_back(MapB::tiled(vb, {s.k, s.n}, simt::TensorSwizzle::bytes128));
    }
    const simt::DeviceView<T> vc(C.device_ptr(), nc);
    const MapC map_c = MapC::tiled(vc, {s.n, s.m}, simt::TensorSwizzle::bytes128);
    const std::uint32_t tiles = ((s.m + kBM - 1) / kBM) * ((s.n + kBN - 1) / kBN);
    const simt::LaunchConfig1D shape{std::min(tiles, sms), kThreads};
    auto run_simtc = [&](int i) {
      if constexpr (kHalf)
        simtc.gemm_tn_half_unchecked(bench.stream(), shape, map_a[i], map_b[i], map_c, s.m, s.n, s.k);
      else
        simtc.gemm_tn_bfloat16_unchecked(bench.stream(), shape, map_a[i], map_b[i], map_c, s.m, s.n, s.k);
    };
    const simt::LaunchShape twin_shape{shape.shape().grid, shape.shape().block, twin_shared};
    auto run_nvcc = [&](int i) {
      bench.launch(nvcc, twin_shape, *static_cast<const std::array<unsigned char, 128>*>(map_a[i].descriptor()),
                   *static_cast<const std::array<unsigned char, 128>*>(map_b[i].descriptor()),
                   *static_cast<const std::array<unsigned char, 128>*>(map_c.descriptor()), s.m, s.n, s.k);
    };
    auto run_cublas = [&](int i) {
      const int m = static_cast<int>(s.m), n = static_cast<int>(s.n), k = static_cast<int>(s.k);
      if constexpr (kHalf)
        cublas.gemm_f16_tn(m, n, k, A[i].device_ptr(), B[i].device_ptr(), C.device_ptr());
      else
        cublas.gemm_bf16_tn(m, n, k, A[i].device_ptr(), B[i].device_ptr(), C.device_ptr());
    };
    const std::vector<float> got_simtc = widen_bits16<T>(bench.output_of(C, [&] { run_simtc(0); }));
    const std::vector<float> got_nvcc = widen_bits16<T>(bench.output_of(C, [&] { run_nvcc(0); }));
    const std::vector<float> got_cublas = widen_bits16<T>(bench.output_of(C, [&] { run_cublas(0); }));
    if (against_cpu) {
      const std::vector<float> want = reference(s, widen_bits16<T>(host_a), widen_bits16<T>(host_b));
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
    Row row = Row::compute(kRowName<T>, name, dims, 2.0 * s.m * s.n * static_cast<double>(s.k), bytes, "cuBLAS GemmEx");
    const std::vector<double> ms = bench.time({run_simtc, run_nvcc, run_cublas}, sets, &row.spread_pct);
    row.simtc_ms = ms[0], row.nvcc_ms = ms[1], row.ref_ms = ms[2], row.check = v.text();
    bench.add_row(std::move(row));
  };
  one_size({517, 392, 264}, true);
  for (Shape s : gemm_sizes(bench.options())) one_size(s, false);
}

void run(Bench& bench) {
  if (bench.context().compute_capability() != 90) {
    std::printf("gemm_bf16: built for sm_90a, not run on compute capability %d\n", bench.context().compute_capability());
    return;
  }
  const auto simtc = gemm_bf16_kernels::load(bench.context());
  const Twin twin = bench.load_twin("gemm_bf16", gemm_bf16_bench_data::cubin);
  run_type<simt::bfloat16>(bench, simtc, twin);
  run_type<simt::half>(bench, simtc, twin);
}

}  // namespace

const Entry& entry_gemm_bf16() {
  static const Entry entry{"gemm_bf16", run, nullptr, gemm_bf16_bench_data::simtc_ptxas_log,
                           gemm_bf16_bench_data::nvcc_ptxas_log, {"gemm_tn_bfloat16", "gemm_tn_half"}};
  return entry;
}

}  // namespace bench
