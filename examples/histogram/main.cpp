// Histograms of random bytes (skewed, so that some bins are hot) on the GPU for several sizes
// (the bins poisoned before each run, then zeroed by a copy), compared bin by bin with a count on
// the CPU. Without a GPU, runs the same kernel on the CPU through simt's host reference.
// Usage: histogram [--small] [n ...]   (--small: sizes for compute-sanitizer)
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <random>
#include <utility>
#include <vector>

#include <simt/host.hpp>

#include "example_main.hpp"

#include "histogram.hpp"
#include "histogram.simt.hpp"

// The kernel of histogram.cpp, compiled for the CPU as well.
void histogram(uint64_t n, simt::Slice<const Bytes16> chunks, simt::Slice<const uint32_t> data,
               simt::AtomicSlice<uint32_t> bins);

namespace {

const std::vector<std::size_t> kGpuSizes = {1, 15, 17, 4099, 1000003, 100000007};
const std::vector<std::size_t> kSmallSizes = {1, 15, 17, 4099, 100003};

// n random bytes, padded with zeros to whole 32-bit words.
std::vector<std::uint32_t> random_bytes(std::size_t n) {
  std::mt19937 rng(std::uint32_t(n) * 2654435761u + 5);
  std::geometric_distribution<int> skew(0.02);
  std::vector<std::uint8_t> bytes((n + 3) / 4 * 4, 0);
  for (std::size_t i = 0; i < n; ++i) bytes[i] = std::uint8_t(std::min(skew(rng), 255));
  std::vector<std::uint32_t> words(bytes.size() / 4);
  std::memcpy(words.data(), bytes.data(), bytes.size());
  return words;
}

std::uint32_t blocks_for(std::size_t chunks) {
  return std::uint32_t(std::clamp<std::size_t>((chunks + 4 * kBlock - 1) / (4 * kBlock), 1, kMaxBlocks));
}

int check(const char* where, std::size_t n, const std::vector<std::uint32_t>& words, const std::vector<std::uint32_t>& bins) {
  std::vector<std::uint32_t> want(kBins, 0);
  for (std::size_t i = 0; i < n; ++i) ++want[(words[i / 4] >> (8 * (i % 4))) & 0xFF];
  for (std::uint32_t v = 0; v < kBins; ++v)
    if (bins[v] != want[v]) {
      std::printf("histogram%s: n = %zu FAILED: bin %u holds %u, want %u\n", where, n, v, bins[v], want[v]);
      return 1;
    }
  std::printf("histogram%s: n = %zu ok\n", where, n);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const auto options = example::parse_options(argc, argv, 1);
  if (!options) return std::fprintf(stderr, "usage: histogram [--small] [n ...]\n"), 2;
  const std::optional<simt::Context> gpu = example::open_gpu();
  std::vector<std::size_t> sizes;
  for (const auto& group : options->groups) sizes.push_back(group[0]);
  sizes = example::choose(sizes, *options, gpu.has_value(), kSmallSizes, kGpuSizes);
  int failures = 0;
  std::optional<histogram_kernels::Kernels> kernels;
  if (gpu) {
    kernels.emplace(histogram_kernels::load(*gpu));
  }
  for (std::size_t n : sizes) {
    const std::vector<std::uint32_t> words = random_bytes(n);
    const std::size_t chunks = n / 16;
    const std::uint32_t blocks = blocks_for(chunks);
    if (gpu) {
      simt::Stream stream(*gpu);
      auto data = simt::DeviceBuffer<std::uint32_t>::from_host(*gpu, words);
      auto bins = simt::DeviceBuffer<std::uint32_t>::uninitialized(*gpu, kBins);
      bins.fill_bytes(0xFF);  // poison, then the zeros the kernel adds to
      bins.fill_bytes(0x00);
      kernels->histogram(stream, kernels->prepare_histogram(simt::LaunchConfig1D{blocks, kBlock}), std::uint64_t(n),
                                   simt::DeviceView<const Bytes16>(data.device_ptr(), chunks),
                                   std::as_const(data).view(), bins.view());
      stream.synchronize();
      failures += check("", n, words, bins.to_host());
    } else {
      std::vector<Bytes16> chunk_view(chunks);
      std::memcpy(chunk_view.data(), words.data(), chunks * sizeof(Bytes16));
      std::vector<std::uint32_t> bins(kBins, 0);
      simt::host::launch_1d(blocks, kBlock, histogram, std::uint64_t(n), simt::host::slice(chunk_view),
                            simt::host::slice(words), simt::host::atomic(bins));
      failures += check(" (CPU)", n, words, bins);
    }
  }
  return failures == 0 ? 0 : 1;
}
