// scan: inclusive prefix sum of n 32-bit unsigned integers (wrapping), timed with scan_lookback
// (examples/scan: one pass, decoupled look-back over tiles of kLookbackTile elements) and its
// nvcc twin, against CUB's DeviceScan::InclusiveSum. Memory-bound: 8 bytes per element (read
// once, written once), the fewest there are.
#include <utility>

#include <simt/host.hpp>

#include "bench.hpp"
#include "scan.hpp"
#include "scan.simt.hpp"
#include "scan_bench_data.hpp"

// The example's kernel, compiled for the host as well (the --cpu-check run).
void scan_lookback(simt::Slice<const uint32_t> in, simt::DisjointSlice<uint32_t> out, simt::AtomicSlice<uint64_t> status);

namespace bench {
namespace {

std::uint32_t tiles_for(std::size_t n) { return static_cast<std::uint32_t>((n + kLookbackTile - 1) / kLookbackTile); }

std::vector<std::uint32_t> reference(const std::vector<std::uint32_t>& in) {
  std::vector<std::uint32_t> out(in.size());
  std::uint32_t sum = 0;
  for (std::size_t i = 0; i < in.size(); ++i) out[i] = sum += in[i];
  return out;
}

// scan_lookback on the CPU through the host reference (blocks run in order there).
void scan_host(const std::vector<std::uint32_t>& in, std::vector<std::uint32_t>& out) {
  std::vector<std::uint64_t> status(tiles_for(in.size()), 0);
  simt::host::launch_1d(tiles_for(in.size()), kLookbackBlock, scan_lookback, simt::host::slice(in), simt::host::disjoint(out),
                        simt::host::atomic(status));
}

std::string cpu_check() {
  std::mt19937 rng(10);
  std::vector<std::uint32_t> in(70001);
  for (std::uint32_t& w : in) w = rng();
  std::vector<std::uint32_t> out(in.size(), 0xFFFFFFFFu);
  scan_host(in, out);
  Verdict v;
  v.equal<std::uint32_t>("host run vs reference", out, reference(in));
  return v.ok() ? "" : v.text();
}

void run(Bench& b) {
  const auto simtc = scan_kernels::load(b.context());
  const simt::Kernel nvcc = b.load_twin("scan", scan_bench_data::cubin).kernel("scan_lookback");
  b.add_resources("scan", scan_bench_data::simtc_ptxas_log, scan_bench_data::nvcc_ptxas_log,
                  simtc.scan_lookback_kernel(), nvcc);

  Verdict cpu;
  auto one_size = [&](std::size_t n, bool against_cpu) {
    const int sets = against_cpu ? 1 : b.sets_for(8.0 * n);
    std::vector<simt::DeviceBuffer<std::uint32_t>> X, Out;
    for (int s = 0; s < sets; ++s) {
      X.push_back(simt::DeviceBuffer<std::uint32_t>::uninitialized(b.context(), n));
      Out.push_back(simt::DeviceBuffer<std::uint32_t>::uninitialized(b.context(), n));
      b.fill_uniform_u32(X.back(), 10 * s + 1, 0);
    }
    // The tiles' status words, shared by the input sets (8 bytes per 4096 elements) and zeroed
    // on the stream before each launch, inside the timed run (as CUB's own initialisation is).
    const std::uint32_t tiles = tiles_for(n);
    auto status = simt::DeviceBuffer<std::uint64_t>::uninitialized(b.context(), tiles);
    const simt::LaunchConfig1D shape{tiles, kLookbackBlock};
    auto run_simtc = [&](int s) {
      status.fill_bytes_async(0, b.stream());
      simtc.scan_lookback_unchecked(b.stream(), shape, std::as_const(X[s]).view(), Out[s].view(), status.view());
    };
    auto run_nvcc = [&](int s) {
      status.fill_bytes_async(0, b.stream());
      const std::uint64_t in = X[s].device_ptr(), out = Out[s].device_ptr(), st = status.device_ptr();
      b.launch(nvcc, shape, in, static_cast<long long>(n), out, st);
    };
    const std::vector<std::uint32_t> got_simtc = b.output_of(Out[0], [&] { run_simtc(0); });
    const std::vector<std::uint32_t> got_nvcc = b.output_of(Out[0], [&] { run_nvcc(0); });
    Bench::Peer<std::uint32_t> cub{"CUB", [&](int s) {
                                     b.cub().inclusive_sum(X[s].device_ptr(), Out[s].device_ptr(), std::int64_t(n));
                                   },
                                   {}};
    cub.output = b.output_of(Out[0], [&] { cub.run(0); });
    b.finish_exact<std::uint32_t>(cpu, against_cpu, got_simtc, got_nvcc, [&] { return reference(X[0].to_host()); },
                       Row::memory("scan", size_label(n), "n=" + std::to_string(n), 8.0 * n), run_simtc, run_nvcc, sets,
                       &cub);
  };
  one_size(1000003, true);
  for (std::size_t n : b.options().quick ? std::vector<std::size_t>{std::size_t(1) << 24}
                                         : std::vector<std::size_t>{std::size_t(1) << 25, std::size_t(1) << 27,
                                                                    std::size_t(1) << 29})
    one_size(n, false);
}

}  // namespace

const Entry& entry_scan() {
  static const Entry entry{"scan", run, cpu_check, scan_bench_data::simtc_ptxas_log, scan_bench_data::nvcc_ptxas_log,
                           {"scan_lookback"}};
  return entry;
}

}  // namespace bench
