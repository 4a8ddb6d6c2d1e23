// histogram: a 256-bin histogram of n bytes with shared-memory atomics (examples/histogram).
// The bytes are skewed like the example's (geometric, p = 0.02: some bins are hot).
// Memory-bound: 1 byte per element.
#include <algorithm>

#include <simt/host.hpp>

#include "bench.hpp"
#include "histogram.hpp"
#include "histogram.simt.hpp"
#include "histogram_bench_data.hpp"

// The example's kernel, compiled for the host as well (the --cpu-check run).
void histogram(uint64_t n, simt::Slice<const Bytes16> chunks, simt::Slice<const uint32_t> data,
               simt::AtomicSlice<uint32_t> bins);

namespace bench {
namespace {

// As examples/histogram/main.cpp: each thread reads about four 16-byte chunks.
std::uint32_t blocks_for(std::size_t chunks) {
  return static_cast<std::uint32_t>(std::clamp<std::size_t>((chunks + 4 * kBlock - 1) / (4 * kBlock), 1, kMaxBlocks));
}

std::vector<std::uint32_t> reference(std::size_t n, const std::vector<std::uint32_t>& words) {
  std::vector<std::uint32_t> bins(kBins, 0);
  for (std::size_t i = 0; i < n; ++i) ++bins[(words[i / 4] >> (8 * (i % 4))) & 0xFFu];
  return bins;
}

std::string cpu_check() {
  const std::size_t n = 100003;
  std::vector<std::uint32_t> words((n + 3) / 4);
  std::mt19937 rng(8);
  for (std::uint32_t& w : words) w = rng() & 0x3F3F3F3Fu;  // bytes 0..63: some bins stay empty
  const std::size_t chunks = n / 16;
  std::vector<Bytes16> chunk_view(chunks);
  std::copy_n(reinterpret_cast<const Bytes16*>(words.data()), chunks, chunk_view.data());
  std::vector<std::uint32_t> bins(kBins, 0);
  simt::host::launch_1d(blocks_for(chunks), kBlock, histogram, std::uint64_t(n), simt::host::slice(chunk_view),
                        simt::host::slice(words), simt::host::atomic(bins));
  Verdict v;
  v.equal<std::uint32_t>("host run vs reference", bins, reference(n, words));
  return v.ok() ? "" : v.text();
}

void run(Bench& b) {
  const auto simtc = histogram_kernels::load(b.context());
  const simt::Kernel nvcc = b.load_twin("histogram", histogram_bench_data::cubin).kernel("histogram");
  b.add_resources("histogram", histogram_bench_data::simtc_ptxas_log, histogram_bench_data::nvcc_ptxas_log,
                  simtc.histogram_kernel(), nvcc);

  Verdict cpu;
  auto one_size = [&](std::size_t n, bool against_cpu) {
    const std::size_t words = (n + 3) / 4, chunks = n / 16;
    const int sets = against_cpu ? 1 : b.sets_for(static_cast<double>(n));
    const std::uint32_t blocks = blocks_for(chunks);
    std::vector<simt::DeviceBuffer<std::uint32_t>> Data;
    for (int s = 0; s < sets; ++s) {
      Data.push_back(simt::DeviceBuffer<std::uint32_t>::uninitialized(b.context(), words));
      b.fill_bytes_geometric(Data.back(), 10 * s + 1, 0.02f);
    }
    auto bins = simt::DeviceBuffer<std::uint32_t>::uninitialized(b.context(), kBins);
    auto run_simtc = [&](int s) {
      simtc.histogram_unchecked(b.stream(), simt::LaunchConfig1D{blocks, kBlock, 0}, std::uint64_t(n),
                                simt::DeviceView<const Bytes16>(Data[s].device_ptr(), chunks),
                                Data[s], bins);
    };
    auto run_nvcc = [&](int s) {
      const std::uint64_t data = Data[s].device_ptr(), out = bins.device_ptr();
      b.launch(nvcc, simt::LaunchConfig1D{blocks, kBlock, 0}, static_cast<unsigned long long>(n), data,
               static_cast<int>(chunks), data, out);
    };
    // The kernel adds to the bins: poison, then zero, then one launch.
    auto counted = [&](const std::function<void(int)>& version) {
      bins.fill_bytes(0xFF);
      bins.fill_bytes(0);
      version(0);
      b.stream().synchronize();
      return bins.to_host();
    };
    // CUB's DeviceHistogram overwrites the bins (it zeroes them itself).
    auto run_cub = [&](int s) { b.cub().histogram(Data[s].device_ptr(), bins.device_ptr(), std::int64_t(n)); };
    const std::vector<std::uint32_t> got_simtc = counted(run_simtc), got_nvcc = counted(run_nvcc);
    const std::vector<std::uint32_t> got_cub = b.output_of(bins, [&] { run_cub(0); });
    if (against_cpu) {
      std::vector<std::uint32_t> host = Data[0].to_host();
      const std::vector<std::uint32_t> want = reference(n, host);
      cpu.equal<std::uint32_t>("simtc vs CPU", got_simtc, want);
      cpu.equal<std::uint32_t>("nvcc vs CPU", got_nvcc, want);
      cpu.equal<std::uint32_t>("CUB vs CPU", got_cub, want);
      return;
    }
    Verdict v = cpu;
    v.equal<std::uint32_t>("simtc vs nvcc", got_simtc, got_nvcc);
    v.equal<std::uint32_t>("CUB vs simtc", got_cub, got_simtc);
    Row row = Row::memory("histogram", size_label(n) + " B", "n=" + std::to_string(n), static_cast<double>(n));
    b.add_timed_row(std::move(row), v, run_simtc, run_nvcc, "CUB", run_cub, sets);
  };
  one_size(1000003, true);
  for (std::size_t n : b.options().quick ? std::vector<std::size_t>{std::size_t(1) << 26}
                                         : std::vector<std::size_t>{std::size_t(1) << 28, std::size_t(1) << 30,
                                                                    std::size_t(1) << 32})
    one_size(n, false);
}

}  // namespace

const Entry& entry_histogram() {
  static const Entry entry{"histogram", run, cpu_check, histogram_bench_data::simtc_ptxas_log,
                           histogram_bench_data::nvcc_ptxas_log, {"histogram"}};
  return entry;
}

}  // namespace bench
