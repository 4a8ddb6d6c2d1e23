// Running kernels on the CPU: the host reference.
//
// A kernel file is C++ that also compiles with a host compiler; this header launches such a
// kernel over a grid on the CPU, so its results can serve as the reference for the GPU (the
// differential tests) or as a fallback where there is no GPU. Blocks run one after another;
// the threads of a block run as fibers (simt/device/host_fibers.hpp), so barriers, warp
// operations and shared memory behave as on the GPU. A launch can also check for races on shared
// and global memory and shuffle the order of the threads (launch_with, LaunchOptions): races
// between the threads of a block, and on global memory between blocks too, which the detector
// checks across the whole launch even though the blocks run one after another here. Host
// builds only.
#pragma once

#if defined(__SIMTC__)
#error "simt/host.hpp is for host code; kernel files include <simt/kernel.hpp>"
#endif

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "simt/kernel.hpp"

namespace simt::host {

/// A grid or block extent (x, y, z).
struct Extent {
  std::uint32_t x = 1, y = 1, z = 1;
};

/// A launch configuration: grid and block extents and the bytes of dynamic shared memory
/// (what simt::dynamic_shared<T>() sees).
struct LaunchSpec {
  Extent grid;
  Extent block;
  std::size_t dynamic_shared_bytes = 0;
};

/// Checks a launch can make (simt/device/host_racecheck.hpp). Each is also turned on for every
/// launch by the environment: SIMT_HOST_RACECHECK=1 (races reported to stderr; the process
/// aborts after a launch that had one), SIMT_HOST_SCHEDULE_SEED=N (or =random),
/// SIMT_HOST_YIELD_AT_ACCESSES=1.
struct LaunchOptions {
  /// Record shared- and global-memory accesses and report races (stderr, `on_race`, the
  /// returned list).
  bool detect_races = false;
  /// After a launch that had a race: throw RaceError instead of returning the reports.
  bool throw_on_race = false;
  /// Called for each race as it is found (duplicates of an earlier report excluded), on the
  /// stack of the thread that made it: it must not throw (throw_on_race throws after the launch).
  std::function<void(const RaceReport&)> on_race;
  /// Run the ready threads of each block in an order drawn from this seed (printed to stderr).
  std::optional<std::uint64_t> schedule_seed;
  /// With the detector on: a switch point at every recorded access, so the fuzzer interleaves
  /// between accesses as well as at barriers and warp operations.
  bool yield_at_accesses = false;
};

/// What a launch with LaunchOptions found.
struct LaunchResult {
  std::vector<RaceReport> races;  // the first 1000
  std::size_t race_count = 0;     // all of them
  std::optional<std::uint64_t> schedule_seed;
};

/// Thrown by launch_with (throw_on_race) after a launch that had a race.
class RaceError : public std::runtime_error {
 public:
  explicit RaceError(LaunchResult result)
      : std::runtime_error(result.races.empty() ? "race" : to_string(result.races.front())),
        result_(std::move(result)) {}
  const LaunchResult& result() const { return result_; }

 private:
  LaunchResult result_;
};

namespace detail {
inline bool env_on(const char* name) {
  const char* v = std::getenv(name);
  return v != nullptr && *v != 0 && std::string(v) != "0";
}

inline std::optional<std::uint64_t> env_seed() {
  const char* v = std::getenv("SIMT_HOST_SCHEDULE_SEED");
  if (v == nullptr || *v == 0) return std::nullopt;
  if (std::string(v) == "random") {
    static std::uint64_t counter = 0;
    return std::uint64_t(std::random_device{}()) << 32 ^ std::uint64_t(std::random_device{}()) ^ ++counter;
  }
  return std::strtoull(v, nullptr, 0);
}

// Once for a run of launches with one seed.
inline void print_seed(std::uint64_t seed) {
  static thread_local std::optional<std::uint64_t> printed;
  if (printed != seed) std::fprintf(stderr, "simt host reference: schedule seed %llu\n", (unsigned long long)seed);
  printed = seed;
}

// The launch's arguments that view global memory (the slice types), for the detector's reports:
// "global memory of argument N".
template <class... Args>
std::vector<simt::detail::race::Range> argument_ranges(const Args&... args) {
  std::vector<simt::detail::race::Range> ranges;
  std::size_t index = 0;
  auto add = [&](const auto& arg) {
    if constexpr (requires { arg.race_view(); }) {
      const simt::detail::race::View v = arg.race_view();
      ranges.push_back({static_cast<const unsigned char*>(v.data), v.bytes, v.element,
                        "global memory of argument " + std::to_string(index)});
    }
    ++index;
  };
  (add(args), ...);
  return ranges;
}

template <class Body>
LaunchResult run(const LaunchSpec& spec, const LaunchOptions& options, Body& body, bool from_env,
                 std::vector<simt::detail::race::Range> arguments = {}) {
  const std::uint32_t grid[3] = {spec.grid.x, spec.grid.y, spec.grid.z};
  const std::uint32_t block[3] = {spec.block.x, spec.block.y, spec.block.z};
  LaunchResult result;
  result.schedule_seed = options.schedule_seed;
  std::uint64_t shuffle = 0;
  if (options.schedule_seed) {
    print_seed(*options.schedule_seed);
    shuffle = (*options.schedule_seed ^ 0x9E3779B97F4A7C15ull) | 1;
  }
  simt::detail::race::Checker checker;
  std::optional<simt::detail::race::GlobalShadow> global;
  simt::detail::race::Checker* saved = simt::detail::race::active;
  if (options.detect_races) {
    global.emplace();
    global->ranges = std::move(arguments);
    checker.global = &*global;
    checker.on_race = options.on_race;
    checker.yield_at_accesses = options.yield_at_accesses;
    simt::detail::race::active = &checker;
  } else {
    simt::detail::race::active = nullptr;
  }
  simt::detail::fiber::run_grid(grid, block, spec.dynamic_shared_bytes,
                                [](void* b) { (*static_cast<Body*>(b))(); }, &body, shuffle);
  simt::detail::race::active = saved;
  result.races = std::move(checker.reports);
  result.race_count = checker.total;
  if (result.race_count > checker.print_limit)
    std::fprintf(stderr, "simt host racecheck: %zu races in all (the first %zu printed)\n", result.race_count,
                 checker.print_limit);
  if (result.race_count > 0 && from_env) {
    std::fprintf(stderr, "simt host racecheck: %zu races (SIMT_HOST_RACECHECK)\n", result.race_count);
    std::abort();
  }
  if (result.race_count > 0 && options.throw_on_race) throw RaceError(std::move(result));
  return result;
}
}  // namespace detail

/// Runs `kernel(args...)` once per thread of the launch with the checks of `options` (or, for
/// those it leaves off, of the environment); returns the races found.
template <class Kernel, class... Args>
LaunchResult launch_with(const LaunchOptions& options, const LaunchSpec& spec, Kernel&& kernel, Args&&... args) {
  auto body = [&] { kernel(args...); };
  LaunchOptions o = options;
  const bool env_races = !o.detect_races && detail::env_on("SIMT_HOST_RACECHECK");
  o.detect_races = o.detect_races || env_races;
  if (!o.schedule_seed) o.schedule_seed = detail::env_seed();
  o.yield_at_accesses = o.yield_at_accesses || detail::env_on("SIMT_HOST_YIELD_AT_ACCESSES");
  if (!o.detect_races) return detail::run(spec, o, body, env_races);
  return detail::run(spec, o, body, env_races, detail::argument_ranges(args...));
}

/// Runs `kernel(args...)` once per thread of the launch, with simt::thread, simt::block and
/// simt::grid reporting that thread's coordinates.
template <class Kernel, class... Args>
void launch(const LaunchSpec& spec, Kernel&& kernel, Args&&... args) {
  launch_with(LaunchOptions{}, spec, kernel, args...);
}

/// Runs `kernel(args...)` once per thread of `grid` x `block` (no dynamic shared memory).
template <class Kernel, class... Args>
void launch(Extent grid, Extent block, Kernel&& kernel, Args&&... args) {
  launch(LaunchSpec{grid, block, 0}, kernel, args...);
}

/// A one-dimensional launch of `grid` blocks of `block` threads.
template <class Kernel, class... Args>
void launch_1d(std::uint32_t grid, std::uint32_t block, Kernel&& kernel, Args&&... args) {
  launch(Extent{grid, 1, 1}, Extent{block, 1, 1}, kernel, args...);
}

/// Views of host vectors with the kernel parameter types.
template <class T>
Slice<const T> slice(const std::vector<T>& v) {
  return Slice<const T>(v.data(), v.size());
}
template <class T>
DisjointSlice<T> disjoint(std::vector<T>& v) {
  return DisjointSlice<T>(v.data(), v.size());
}
/// A DisjointSlice of another index space: disjoint<simt::space::Rows<64>>(v),
/// disjoint<simt::space::Tile<4>>(v).
template <class Space, class T>
DisjointSlice<T, Space> disjoint(std::vector<T>& v) {
  return DisjointSlice<T, Space>(v.data(), v.size());
}
/// A row-major matrix with `row_width` elements per row (simt::space::RuntimeRows).
template <class T>
DisjointSlice<T, space::RuntimeRows> disjoint_rows(std::vector<T>& v, std::size_t row_width) {
  return DisjointSlice<T, space::RuntimeRows>(v.data(), v.size(), row_width);
}

/// An AtomicSlice over a host vector (for kernels that update it atomically).
template <class T>
AtomicSlice<T> atomic(std::vector<T>& v) {
  return AtomicSlice<T>(v.data(), v.size());
}

}  // namespace simt::host
