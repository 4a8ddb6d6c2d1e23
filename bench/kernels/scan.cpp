// scan: inclusive prefix sum of n 32-bit unsigned integers (wrapping), scan-then-propagate over
// tiles of kTile elements, recursing on the tile totals (examples/scan). Memory-bound: the
// fewest bytes are 8 per element (read once, written once); this algorithm moves 16 (the
// second kernel reads and rewrites the output), in both versions.
#include <cstring>
#include <utility>

#include <simt/host.hpp>

#include "bench.hpp"
#include "scan.hpp"
#include "scan.simt.hpp"
#include "scan_bench_data.hpp"

// The example's kernels, compiled for the host as well (the --cpu-check run).
void scan_tiles(simt::Slice<const Uint4> quads, simt::Slice<const uint32_t> in,
                simt::DisjointSlice<uint32_t, simt::space::Tile<kItems>> out, simt::AtomicSlice<uint32_t> tile_totals);
void add_tile_offsets(simt::Slice<const uint32_t> scanned_totals,
                      simt::DisjointSlice<uint32_t, simt::space::Tile<kItems>> out);

namespace bench {
namespace {

std::uint32_t tiles_for(std::size_t n) { return static_cast<std::uint32_t>((n + kTile - 1) / kTile); }

std::vector<std::uint32_t> reference(const std::vector<std::uint32_t>& in) {
  std::vector<std::uint32_t> out(in.size());
  std::uint32_t sum = 0;
  for (std::size_t i = 0; i < in.size(); ++i) out[i] = sum += in[i];
  return out;
}

// The example's recursion, on the CPU through the host reference.
void scan_host(const std::vector<std::uint32_t>& in, std::vector<std::uint32_t>& out) {
  const std::uint32_t tiles = tiles_for(in.size());
  std::vector<Uint4> quads(in.size() / 4);
  std::memcpy(quads.data(), in.data(), quads.size() * sizeof(Uint4));
  std::vector<std::uint32_t> totals(tiles, 0xFFFFFFFFu);
  simt::host::launch_1d(tiles, kBlock, scan_tiles, simt::host::slice(quads), simt::host::slice(in),
                        simt::host::disjoint<simt::space::Tile<kItems>>(out), simt::host::atomic(totals));
  if (tiles > 1) {
    std::vector<std::uint32_t> scanned(tiles, 0xFFFFFFFFu);
    scan_host(totals, scanned);
    simt::host::launch_1d(tiles, kBlock, add_tile_offsets, simt::host::slice(scanned),
                          simt::host::disjoint<simt::space::Tile<kItems>>(out));
  }
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

// One level of the recursion: scan `count` elements of `in` into `out`, tile totals into `totals`.
struct Level {
  std::size_t count = 0;
  std::uint32_t tiles = 0;
  simt::DeviceView<const std::uint32_t> in;
  simt::DeviceView<std::uint32_t> out;
  simt::DeviceView<std::uint32_t> totals;
};

void run(Bench& b) {
  const auto simtc = scan_kernels::load(b.context());
  const Twin twin = b.load_twin("scan", scan_bench_data::cubin);
  const simt::Kernel nvcc_scan = twin.kernel("scan_tiles"), nvcc_add = twin.kernel("add_tile_offsets");
  b.add_resources("scan", scan_bench_data::simtc_ptxas_log, scan_bench_data::nvcc_ptxas_log, simtc.scan_tiles_kernel(),
                  nvcc_scan);
  b.add_resources("scan", scan_bench_data::simtc_ptxas_log, scan_bench_data::nvcc_ptxas_log,
                  simtc.add_tile_offsets_kernel(), nvcc_add);

  Verdict cpu;
  auto one_size = [&](std::size_t n, bool against_cpu) {
    const int sets = against_cpu ? 1 : b.sets_for(8.0 * n);
    std::vector<simt::DeviceBuffer<std::uint32_t>> X, Out;
    for (int s = 0; s < sets; ++s) {
      X.push_back(simt::DeviceBuffer<std::uint32_t>::uninitialized(b.context(), n));
      Out.push_back(simt::DeviceBuffer<std::uint32_t>::uninitialized(b.context(), n));
      b.fill_uniform_u32(X.back(), 10 * s + 1, 0);
    }
    // The levels' totals and scanned totals, shared by the input sets (a few KiB).
    std::vector<simt::DeviceBuffer<std::uint32_t>> totals, scanned;
    for (std::size_t count = n;;) {
      const std::uint32_t tiles = tiles_for(count);
      totals.push_back(simt::DeviceBuffer<std::uint32_t>::uninitialized(b.context(), tiles));
      if (tiles == 1) break;
      scanned.push_back(simt::DeviceBuffer<std::uint32_t>::uninitialized(b.context(), tiles));
      count = tiles;
    }
    auto levels_of = [&](int s) {
      std::vector<Level> levels;
      for (std::size_t l = 0; l < totals.size(); ++l) {
        Level level;
        level.in = l == 0 ? std::as_const(X[s]).view() : std::as_const(totals[l - 1]).view();
        level.out = l == 0 ? Out[s].view() : scanned[l - 1].view();
        level.count = level.in.size();
        level.tiles = tiles_for(level.count);
        level.totals = totals[l].view();
        levels.push_back(level);
      }
      return levels;
    };
    // scan_tiles on every level, then add_tile_offsets from the coarsest level down: the
    // example's recursion, without its allocations and synchronisations.
    auto run_simtc = [&](int s) {
      const std::vector<Level> levels = levels_of(s);
      for (const Level& l : levels)
        simtc.scan_tiles_unchecked(b.stream(), simt::LaunchConfig1D{l.tiles, kBlock, 0},
                                   simt::DeviceView<const Uint4>(l.in.device_ptr(), l.count / 4), l.in,
                                   l.out, l.totals);
      for (std::size_t i = levels.size() - 1; i-- > 0;)
        simtc.add_tile_offsets_unchecked(b.stream(), simt::LaunchConfig1D{levels[i].tiles, kBlock, 0},
                                         simt::DeviceView<const std::uint32_t>(levels[i + 1].out), levels[i].out);
    };
    auto run_nvcc = [&](int s) {
      const std::vector<Level> levels = levels_of(s);
      for (const Level& l : levels) {
        const std::uint64_t in = l.in.device_ptr(), out = l.out.device_ptr(), tot = l.totals.device_ptr();
        b.launch(nvcc_scan, simt::LaunchConfig1D{l.tiles, kBlock, 0}, in, in, static_cast<int>(l.count), out, tot);
      }
      for (std::size_t i = levels.size() - 1; i-- > 0;) {
        const std::uint64_t sc = levels[i + 1].out.device_ptr(), out = levels[i].out.device_ptr();
        b.launch(nvcc_add, simt::LaunchConfig1D{levels[i].tiles, kBlock, 0}, sc, out,
                 static_cast<int>(levels[i].count));
      }
    };
    auto outputs = [&](const std::function<void(int)>& version) {
      for (auto& t : totals) t.fill_bytes(0xFF);
      for (auto& t : scanned) t.fill_bytes(0xFF);
      return b.output_of(Out[0], [&] { version(0); });
    };
    const std::vector<std::uint32_t> got_simtc = outputs(run_simtc), got_nvcc = outputs(run_nvcc);
    Bench::Peer<std::uint32_t> cub{"CUB", [&](int s) {
                                     b.cub().inclusive_sum(X[s].device_ptr(), Out[s].device_ptr(), std::int64_t(n));
                                   }};
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
                           {"scan_tiles", "add_tile_offsets"}};
  return entry;
}

}  // namespace bench
