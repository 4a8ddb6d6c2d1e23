// reduction: the sum of n floats in one launch of sum (examples/reduction): up to kMaxBlocks
// blocks add their shares, and the last one adds their partial sums. Memory-bound: 4 bytes per
// element (the partial sums are a few KiB).
#include <algorithm>
#include <cmath>

#include <simt/host.hpp>

#include "bench.hpp"
#include "reduction.hpp"
#include "reduction.simt.hpp"
#include "reduction_bench_data.hpp"

// The example's kernel, compiled for the host as well (the --cpu-check run).
void sum(simt::Slice<const Float4> quads, simt::Slice<const float> all, simt::AtomicSlice<float> partials,
         simt::AtomicSlice<uint32_t> arrived, simt::AtomicSlice<float> out);

namespace bench {
namespace {

// As examples/reduction/main.cpp: enough blocks that each thread adds about four Float4s.
std::uint32_t blocks_for(std::size_t n) {
  const std::size_t quads = n / 4;
  return static_cast<std::uint32_t>(std::clamp<std::size_t>((quads + 4 * kBlock - 1) / (4 * kBlock), 1, kMaxBlocks));
}

double reference(const std::vector<float>& x) {
  double sum = 0;
  for (float v : x) sum += v;
  return sum;
}

// Float sums of n values in [0, 1): the relative error of a tree sum stays far below this.
constexpr double kTolerance = 1e-5;

std::string cpu_check() {
  const std::size_t n = 100003;
  const std::vector<float> x = random_floats(n, 5, 0.0f, 1.0f);
  const std::uint32_t blocks = blocks_for(n);
  std::vector<float> partial(blocks, -1.0f), total(1, -1.0f);
  std::vector<std::uint32_t> arrived(1, 0);
  const simt::Slice<const Float4> quads(reinterpret_cast<const Float4*>(x.data()), n / 4);
  simt::host::launch_1d(blocks, kBlock, sum, quads, simt::host::slice(x), simt::host::atomic(partial),
                        simt::host::atomic(arrived), simt::host::atomic(total));
  const double want = reference(x);
  if (std::abs(total[0] - want) > kTolerance * std::abs(want))
    return "host run " + std::to_string(total[0]) + " vs reference " + std::to_string(want);
  if (arrived[0] != 0) return "host run left the counter at " + std::to_string(arrived[0]);
  return "";
}

void run(Bench& b) {
  const auto simtc = reduction_kernels::load(b.context());
  const simt::Kernel nvcc = b.load_twin("reduction", reduction_bench_data::cubin).kernel("sum");
  b.add_resources("reduction", reduction_bench_data::simtc_ptxas_log, reduction_bench_data::nvcc_ptxas_log,
                  simtc.sum_kernel(), nvcc);

  Verdict cpu;
  auto one_size = [&](std::size_t n, bool against_cpu) {
    const int sets = against_cpu ? 1 : b.sets_for(4.0 * n);
    const std::uint32_t blocks = blocks_for(n);
    std::vector<simt::DeviceBuffer<float>> X;
    for (int s = 0; s < sets; ++s) {
      X.push_back(simt::DeviceBuffer<float>::uninitialized(b.context(), n));
      b.fill_uniform(X.back(), 10 * s + 1, 0.0f, 1.0f);
    }
    auto partial = simt::DeviceBuffer<float>::uninitialized(b.context(), blocks);
    auto total = simt::DeviceBuffer<float>::uninitialized(b.context(), 1);
    // Each version's block counter: zero now, and each launch leaves it zero.
    auto arrived_simtc = simt::DeviceBuffer<std::uint32_t>::uninitialized(b.context(), 1);
    auto arrived_nvcc = simt::DeviceBuffer<std::uint32_t>::uninitialized(b.context(), 1);
    arrived_simtc.fill_bytes(0);
    arrived_nvcc.fill_bytes(0);
    auto quads_of = [](const simt::DeviceBuffer<float>& v) {
      return simt::DeviceView<const Float4>(v.device_ptr(), v.size() / 4);
    };
    auto run_simtc = [&](int s) {
      simtc.sum_unchecked(b.stream(), simt::LaunchConfig1D{blocks, kBlock, 0}, quads_of(X[s]), X[s], partial,
                          arrived_simtc, total);
    };
    auto run_nvcc = [&](int s) {
      const std::uint64_t x = X[s].device_ptr();
      b.launch(nvcc, simt::LaunchConfig1D{blocks, kBlock, 0}, x, static_cast<int>(n / 4), x, static_cast<int>(n),
               partial.device_ptr(), arrived_nvcc.device_ptr(), total.device_ptr());
    };
    auto cub_total = simt::DeviceBuffer<float>::uninitialized(b.context(), 1);
    auto run_cub = [&](int s) { b.cub().reduce_sum(X[s].device_ptr(), cub_total.device_ptr(), std::int64_t(n)); };
    // Both versions' partial sums and totals, each from poisoned buffers.
    auto outputs = [&](const std::function<void(int)>& version) {
      partial.fill_bytes(0xFF);
      std::vector<float> t = b.output_of(total, [&] { version(0); });
      std::vector<float> p = partial.to_host();
      p.push_back(t[0]);
      return p;
    };
    const std::vector<float> got_simtc = outputs(run_simtc), got_nvcc = outputs(run_nvcc);
    const std::vector<float> got_cub = b.output_of(cub_total, [&] { run_cub(0); });
    // Each launch sets its counter back to zero for the next one.
    const std::vector<std::uint32_t> counters{arrived_simtc.to_host()[0], arrived_nvcc.to_host()[0]};
    cpu.equal<std::uint32_t>("block counters after the launches", counters, std::vector<std::uint32_t>{0, 0});
    if (against_cpu) {
      const std::vector<float> want{static_cast<float>(reference(X[0].to_host()))};
      cpu.close("simtc vs CPU", std::span(got_simtc).last(1), want, kTolerance);
      cpu.close("nvcc vs CPU", std::span(got_nvcc).last(1), want, kTolerance);
      cpu.close("CUB vs CPU", got_cub, want, kTolerance);
      return;
    }
    // The same algorithm adds in the same order: the sums agree exactly.
    Verdict v = cpu;
    v.equal<float>("simtc vs nvcc (partial sums and total)", got_simtc, got_nvcc);
    v.close("CUB vs simtc (total)", got_cub, std::span(got_simtc).last(1), kTolerance);
    Row row = Row::memory("reduction", size_label(n), "n=" + std::to_string(n), 4.0 * n);
    b.add_timed_row(std::move(row), v, run_simtc, run_nvcc, "CUB", run_cub, sets);
  };
  one_size(1000003, true);
  for (std::size_t n : b.options().quick ? std::vector<std::size_t>{std::size_t(1) << 24}
                                         : std::vector<std::size_t>{std::size_t(1) << 25, std::size_t(1) << 27,
                                                                    std::size_t(1) << 29})
    one_size(n, false);
}

}  // namespace

const Entry& entry_reduction() {
  static const Entry entry{"reduction", run, cpu_check, reduction_bench_data::simtc_ptxas_log,
                           reduction_bench_data::nvcc_ptxas_log, {"sum"}};
  return entry;
}

}  // namespace bench
