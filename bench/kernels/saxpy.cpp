// saxpy: y = a * x + y (examples/saxpy), timed with saxpy_x4, four elements per thread through
// 16-byte accesses, and its nvcc twin. Memory-bound: 12 bytes per element (x and y read, y
// written).
#include <cmath>

#include <simt/host.hpp>

#include "bench.hpp"
#include "saxpy.simt.hpp"
#include "saxpy_bench_data.hpp"

// The example's kernel, compiled for the host as well (the --cpu-check run).
void saxpy(float a, simt::Slice<const float> x, simt::DisjointSlice<float> y);
void saxpy_x4(float a, simt::Slice<const float> x, simt::DisjointSlice<float, simt::space::Tile<4>> y);

namespace bench {
namespace {

constexpr std::uint32_t kBlock = 256;  // examples/saxpy/main.cpp's block size
constexpr float kA = 2.5f;

// Both compilers contract a * x + y into one fused multiply-add.
std::vector<float> reference(float a, const std::vector<float>& x, const std::vector<float>& y) {
  std::vector<float> out(x.size());
  for (std::size_t i = 0; i < x.size(); ++i) out[i] = std::fma(a, x[i], y[i]);
  return out;
}

std::string cpu_check() {
  const std::size_t n = 100003;
  const std::vector<float> x = random_floats(n, 3), y0 = random_floats(n, 4);
  std::vector<float> y = y0;
  simt::host::launch_1d(static_cast<std::uint32_t>((n + kBlock - 1) / kBlock), kBlock, saxpy, kA,
                        simt::host::slice(x), simt::host::disjoint(y));
  // The host compiler may or may not contract; allow the one rounding of the difference.
  Verdict v;
  v.close("host run vs reference", y, reference(kA, x, y0), 1e-6);
  std::vector<float> y4 = y0;
  simt::host::launch_1d(static_cast<std::uint32_t>((n + 4 * kBlock - 1) / (4 * kBlock)), kBlock, saxpy_x4, kA,
                        simt::host::slice(x), simt::host::disjoint<simt::space::Tile<4>>(y4));
  v.close("saxpy_x4 host run vs reference", y4, reference(kA, x, y0), 1e-6);
  return v.ok() ? "" : v.text();
}

void run(Bench& b) {
  const auto simtc = saxpy_kernels::load(b.context());
  const simt::Kernel nvcc = b.load_twin("saxpy", saxpy_bench_data::cubin).kernel("saxpy_x4");
  b.add_resources("saxpy", saxpy_bench_data::simtc_ptxas_log, saxpy_bench_data::nvcc_ptxas_log,
                  simtc.saxpy_x4_kernel(), nvcc);

  Verdict cpu;
  auto one_size = [&](std::size_t n, bool against_cpu) {
    const int sets = against_cpu ? 1 : b.sets_for(8.0 * n);
    std::vector<simt::DeviceBuffer<float>> X, Y;
    for (int s = 0; s < sets; ++s) {
      X.push_back(simt::DeviceBuffer<float>::uninitialized(b.context(), n));
      Y.push_back(simt::DeviceBuffer<float>::uninitialized(b.context(), n));
      b.fill_uniform(X.back(), 10 * s + 1, -100.0f, 100.0f);
    }
    const auto shape = simt::LaunchConfig1D::cover((n + 3) / 4, kBlock);
    auto run_simtc = [&](int s) { simtc.saxpy_x4_unchecked(b.stream(), shape, kA, X[s], Y[s]); };
    auto run_nvcc = [&](int s) {
      const std::uint64_t x = X[s].device_ptr(), y = Y[s].device_ptr();
      b.launch(nvcc, shape, kA, x, y, static_cast<long long>(n));
    };
    // y is read and written: start each version's checked run from the same y.
    auto from_fresh_y = [&](auto&& version) {
      return [&] {
        b.fill_uniform(Y[0], 7, -100.0f, 100.0f);
        version(0);
      };
    };
    const std::vector<float> got_simtc = b.output_of(Y[0], from_fresh_y(run_simtc));
    const std::vector<float> got_nvcc = b.output_of(Y[0], from_fresh_y(run_nvcc));
    if (against_cpu) {
      b.fill_uniform(Y[0], 7, -100.0f, 100.0f);
      const std::vector<float> want = reference(kA, X[0].to_host(), Y[0].to_host());
      cpu.equal<float>("simtc vs CPU", got_simtc, want);
      cpu.equal<float>("nvcc vs CPU", got_nvcc, want);
      return;
    }
    Verdict v = cpu;
    v.equal<float>("simtc vs nvcc", got_simtc, got_nvcc);
    for (int s = 0; s < sets; ++s) b.fill_uniform(Y[s], 10 * s + 2, -100.0f, 100.0f);
    Row row = Row::memory("saxpy", size_label(n), "n=" + std::to_string(n), 12.0 * n);
    b.add_timed_row(std::move(row), v, run_simtc, run_nvcc, sets);
  };
  one_size(1000003, true);
  for (std::size_t n : b.options().quick ? std::vector<std::size_t>{std::size_t(1) << 24}
                                         : std::vector<std::size_t>{std::size_t(1) << 25, std::size_t(1) << 27,
                                                                    std::size_t(1) << 29})
    one_size(n, false);
}

}  // namespace

const Entry& entry_saxpy() {
  static const Entry entry{"saxpy", run, cpu_check, saxpy_bench_data::simtc_ptxas_log,
                           saxpy_bench_data::nvcc_ptxas_log, {"saxpy", "saxpy_x4"}};
  return entry;
}

}  // namespace bench
