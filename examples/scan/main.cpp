// Inclusive prefix sums of random 32-bit integers on the GPU for several sizes (every buffer
// poisoned before the launches that write it), compared element by element with a sequential
// scan on the CPU (sums wrap modulo 2^32, so the comparison is exact). Without a GPU, runs the
// same kernels on the CPU through simt's host reference.
// Usage: scan [--small] [n ...]   (--small: sizes for compute-sanitizer)
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

#include "scan.hpp"
#include "scan.simt.hpp"

// The kernels of scan.cpp, compiled for the CPU as well.
void scan_tiles(simt::Slice<const Uint4> quads, simt::Slice<const uint32_t> in,
                simt::DisjointSlice<uint32_t, simt::space::Tile<kItems>> out, simt::AtomicSlice<uint32_t> tile_totals);
void add_tile_offsets(simt::Slice<const uint32_t> scanned_totals,
                      simt::DisjointSlice<uint32_t, simt::space::Tile<kItems>> out);
void scan_lookback(simt::Slice<const uint32_t> in, simt::DisjointSlice<uint32_t> out, simt::AtomicSlice<uint64_t> status);

namespace {

const std::vector<std::size_t> kGpuSizes = {1, 5, 1023, 1025, 1000003, 33554431, 67108859};
const std::vector<std::size_t> kSmallSizes = {1, 5, 1025, 70001};

std::vector<std::uint32_t> random_words(std::size_t n) {
  std::mt19937 rng(std::uint32_t(n) * 2654435761u + 3);
  std::vector<std::uint32_t> v(n);
  for (std::uint32_t& w : v) w = rng();
  return v;
}

std::uint32_t tiles_for(std::size_t n) { return std::uint32_t((n + kTile - 1) / kTile); }

// in -> out on the GPU: scan the tiles; with more than one tile, scan the tile totals the same
// way and add them to the tiles after the first.
void scan_gpu(const simt::Context& context, const simt::Stream& stream, const scan_kernels::Kernels& kernels,
              simt::DeviceView<const std::uint32_t> in, simt::DeviceView<std::uint32_t> out) {
  const std::uint32_t tiles = tiles_for(in.size());
  auto totals = simt::DeviceBuffer<std::uint32_t>::uninitialized(context, tiles);
  totals.fill_bytes(0xFF);
  kernels.scan_tiles(stream, kernels.prepare_scan_tiles(simt::LaunchConfig1D{tiles, kBlock}),
                               simt::DeviceView<const Uint4>(in.device_ptr(), in.size() / 4), in,
                               out, totals.view());
  if (tiles > 1) {
    auto scanned = simt::DeviceBuffer<std::uint32_t>::uninitialized(context, tiles);
    scanned.fill_bytes(0xFF);
    scan_gpu(context, stream, kernels, std::as_const(totals).view(), scanned.view());
    kernels.add_tile_offsets(stream, kernels.prepare_add_tile_offsets(simt::LaunchConfig1D{tiles, kBlock}), std::as_const(scanned).view(), out);
  }
  stream.synchronize();  // before this level's buffers are freed
}

// in -> out in one pass: the tiles' status words zeroed on the stream, then one launch.
void scan_lookback_gpu(const simt::Context& context, const simt::Stream& stream, const scan_kernels::Kernels& kernels,
                       simt::DeviceView<const std::uint32_t> in, simt::DeviceView<std::uint32_t> out) {
  const auto tiles = std::uint32_t((in.size() + kLookbackTile - 1) / kLookbackTile);
  auto status = simt::DeviceBuffer<std::uint64_t>::uninitialized(context, tiles);
  status.fill_bytes_async(0, stream);
  kernels.scan_lookback(stream, kernels.prepare_scan_lookback(simt::LaunchConfig1D{tiles, kLookbackBlock}), in, out,
                        status.view());
  stream.synchronize();  // before the status words are freed
}

void scan_lookback_cpu(const std::vector<std::uint32_t>& in, std::vector<std::uint32_t>& out) {
  const auto tiles = std::uint32_t((in.size() + kLookbackTile - 1) / kLookbackTile);
  std::vector<std::uint64_t> status(tiles, 0);
  simt::host::launch_1d(tiles, kLookbackBlock, scan_lookback, simt::host::slice(in), simt::host::disjoint(out),
                        simt::host::atomic(status));
}

void scan_cpu(const std::vector<std::uint32_t>& in, std::vector<std::uint32_t>& out) {
  const std::uint32_t tiles = tiles_for(in.size());
  std::vector<Uint4> quads(in.size() / 4);
  std::memcpy(quads.data(), in.data(), quads.size() * sizeof(Uint4));
  std::vector<std::uint32_t> totals(tiles, 0xFFFFFFFFu);
  simt::host::launch_1d(tiles, kBlock, scan_tiles, simt::host::slice(quads), simt::host::slice(in),
                        simt::host::disjoint<simt::space::Tile<kItems>>(out), simt::host::atomic(totals));
  if (tiles > 1) {
    std::vector<std::uint32_t> scanned(tiles, 0xFFFFFFFFu);
    scan_cpu(totals, scanned);
    simt::host::launch_1d(tiles, kBlock, add_tile_offsets, simt::host::slice(scanned),
                          simt::host::disjoint<simt::space::Tile<kItems>>(out));
  }
}

int check(const char* where, const std::vector<std::uint32_t>& in, const std::vector<std::uint32_t>& got) {
  std::uint32_t sum = 0;
  std::size_t bad = 0, first = 0;
  std::uint32_t want_first = 0;
  for (std::size_t i = 0; i < in.size(); ++i) {
    sum += in[i];
    if (got[i] != sum && bad++ == 0) first = i, want_first = sum;
  }
  if (bad == 0) {
    std::printf("%s: n = %zu ok\n", where, in.size());
    return 0;
  }
  std::printf("%s: n = %zu FAILED: %zu mismatches, first at %zu: got %u, want %u\n", where, in.size(), bad,
              first, got[first], want_first);
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  const auto options = example::parse_options(argc, argv, 1);
  if (!options) return std::fprintf(stderr, "usage: scan [--small] [n ...]\n"), 2;
  const std::optional<simt::Context> gpu = example::open_gpu();
  std::vector<std::size_t> sizes;
  for (const auto& group : options->groups) sizes.push_back(group[0]);
  sizes = example::choose(sizes, *options, gpu.has_value(), kSmallSizes, kGpuSizes);
  int failures = 0;
  if (gpu) {
    auto kernels = scan_kernels::load(*gpu);
    simt::Stream stream(*gpu);
    for (std::size_t n : sizes) {
      const std::vector<std::uint32_t> in = random_words(n);
      auto din = simt::DeviceBuffer<std::uint32_t>::from_host(*gpu, in);
      auto dout = simt::DeviceBuffer<std::uint32_t>::uninitialized(*gpu, n);
      dout.fill_bytes(0xFF);
      scan_gpu(*gpu, stream, kernels, std::as_const(din).view(), dout.view());
      failures += check("scan (reduce-then-scan)", in, dout.to_host());
      dout.fill_bytes(0xFF);
      scan_lookback_gpu(*gpu, stream, kernels, std::as_const(din).view(), dout.view());
      failures += check("scan_lookback", in, dout.to_host());
    }
  } else {
    for (std::size_t n : sizes) {
      const std::vector<std::uint32_t> in = random_words(n);
      std::vector<std::uint32_t> out(n, 0xFFFFFFFFu);
      scan_cpu(in, out);
      failures += check("scan (reduce-then-scan, CPU)", in, out);
      std::fill(out.begin(), out.end(), 0xFFFFFFFFu);
      scan_lookback_cpu(in, out);
      failures += check("scan_lookback (CPU)", in, out);
    }
  }
  return failures == 0 ? 0 : 1;
}
