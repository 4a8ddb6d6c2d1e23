// vecadd: c = a + b (examples/vecadd), timed with vecadd_x4, four elements per thread through
// 16-byte accesses, and its nvcc twin. Memory-bound: 12 bytes per element.
#include <simt/host.hpp>

#include "bench.hpp"
#include "vecadd.simt.hpp"
#include "vecadd_bench_data.hpp"

// The example's kernels, compiled for the host as well (the --cpu-check run).
void vecadd(simt::Slice<const float> a, simt::Slice<const float> b, simt::DisjointSlice<float> c);
void vecadd_x4(simt::Slice<const float> a, simt::Slice<const float> b,
               simt::DisjointSlice<float, simt::space::Tile<4>> c);

namespace bench {
namespace {

constexpr std::uint32_t kBlock = 128;  // examples/vecadd/main.cpp's block size

std::vector<float> reference(const std::vector<float>& a, const std::vector<float>& b) {
  std::vector<float> c(a.size());
  for (std::size_t i = 0; i < a.size(); ++i) c[i] = a[i] + b[i];
  return c;
}

std::string cpu_check() {
  const std::size_t n = 100003;
  const std::vector<float> a = random_floats(n, 1), b = random_floats(n, 2);
  std::vector<float> c(n, -1.0f);
  simt::host::launch_1d(static_cast<std::uint32_t>((n + kBlock - 1) / kBlock), kBlock, vecadd, simt::host::slice(a),
                        simt::host::slice(b), simt::host::disjoint(c));
  Verdict v;
  v.equal<float>("host run vs reference", c, reference(a, b));
  std::vector<float> c4(n, -1.0f);
  simt::host::launch_1d(static_cast<std::uint32_t>((n + 4 * kBlock - 1) / (4 * kBlock)), kBlock, vecadd_x4,
                        simt::host::slice(a), simt::host::slice(b), simt::host::disjoint<simt::space::Tile<4>>(c4));
  v.equal<float>("vecadd_x4 host run vs reference", c4, reference(a, b));
  return v.ok() ? "" : v.text();
}

void run(Bench& b) {
  const auto simtc = vecadd_kernels::load(b.context());
  const simt::Kernel nvcc = b.load_twin("vecadd", vecadd_bench_data::cubin).kernel("vecadd_x4");
  b.add_resources("vecadd", vecadd_bench_data::simtc_ptxas_log, vecadd_bench_data::nvcc_ptxas_log,
                  simtc.vecadd_x4_kernel(), nvcc);

  // A non-round size against the CPU (its verdict goes on every row), then sizes far beyond
  // L2, simtc against nvcc.
  Verdict cpu;
  auto one_size = [&](std::size_t n, bool against_cpu) {
    const int sets = against_cpu ? 1 : b.sets_for(12.0 * n);
    std::vector<simt::DeviceBuffer<float>> A, B, C;
    for (int s = 0; s < sets; ++s) {
      A.push_back(simt::DeviceBuffer<float>::uninitialized(b.context(), n));
      B.push_back(simt::DeviceBuffer<float>::uninitialized(b.context(), n));
      C.push_back(simt::DeviceBuffer<float>::uninitialized(b.context(), n));
      b.fill_uniform(A.back(), 10 * s + 1, -1000.0f, 1000.0f);
      b.fill_uniform(B.back(), 10 * s + 2, -1000.0f, 1000.0f);
    }
    const auto shape = simt::LaunchConfig1D::cover((n + 3) / 4, kBlock);
    auto run_simtc = [&](int s) { simtc.vecadd_x4_unchecked(b.stream(), shape, A[s], B[s], C[s]); };
    auto run_nvcc = [&](int s) {
      const std::uint64_t a = A[s].device_ptr(), bb = B[s].device_ptr(), c = C[s].device_ptr();
      b.launch(nvcc, shape, a, bb, c, static_cast<long long>(n));
    };
    const std::vector<float> got_simtc = b.output_of(C[0], [&] { run_simtc(0); });
    const std::vector<float> got_nvcc = b.output_of(C[0], [&] { run_nvcc(0); });
    b.finish_exact<float>(cpu, against_cpu, got_simtc, got_nvcc, [&] { return reference(A[0].to_host(), B[0].to_host()); },
                       Row::memory("vecadd", size_label(n), "n=" + std::to_string(n), 12.0 * n), run_simtc, run_nvcc, sets);
  };
  one_size(1000003, true);
  for (std::size_t n : b.options().quick ? std::vector<std::size_t>{std::size_t(1) << 24}
                                         : std::vector<std::size_t>{std::size_t(1) << 25, std::size_t(1) << 27,
                                                                    std::size_t(1) << 29})
    one_size(n, false);
}

}  // namespace

const Entry& entry_vecadd() {
  static const Entry entry{"vecadd", run, cpu_check, vecadd_bench_data::simtc_ptxas_log,
                           vecadd_bench_data::nvcc_ptxas_log, {"vecadd", "vecadd_x4"}};
  return entry;
}

}  // namespace bench
