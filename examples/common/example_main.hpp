// What every example's main() shares: its command line and finding the GPU.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <vector>

#include <simt/runtime.hpp>

namespace example {

/// The command line `[--small] [v ...]`: --small asks for sizes small enough for
/// compute-sanitizer; the values come in groups of `group` positive integers (a size, a
/// rows x cols shape, an m x n x k shape).
struct Options {
  bool small = false;
  std::vector<std::vector<std::uint64_t>> groups;
};

/// The options, or nothing when the command line does not have that form.
inline std::optional<Options> parse_options(int argc, char** argv, std::size_t group) {
  Options options;
  std::vector<std::uint64_t> values;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--small") == 0) {
      options.small = true;
      continue;
    }
    char* end = nullptr;
    std::uint64_t v = std::strtoull(argv[i], &end, 10);
    if (v == 0 || end == argv[i] || *end != '\0') return std::nullopt;
    values.push_back(v);
  }
  if (values.size() % group != 0) return std::nullopt;
  for (std::size_t i = 0; i < values.size(); i += group)
    options.groups.emplace_back(values.begin() + std::ptrdiff_t(i), values.begin() + std::ptrdiff_t(i + group));
  return options;
}

/// GPU 0's primary context, announcing the device; nothing, announced too, when there is no
/// driver or no device, or when SIMT_HOST_RACECHECK asks for the host reference's race detector
/// (the example then runs its kernel on the CPU).
inline std::optional<simt::Context> open_gpu() {
  if (const char* race = std::getenv("SIMT_HOST_RACECHECK"); race && *race && std::strcmp(race, "0") != 0) {
    std::printf("SIMT_HOST_RACECHECK: running the kernel on the CPU with the race detector\n");
    return std::nullopt;
  }
  try {
    simt::Context context = simt::Context::primary();
    std::printf("GPU 0: %s (sm_%d)\n", context.device_name().c_str(), context.compute_capability());
    return context;
  } catch (const simt::Error& e) {  // no driver or no device
    std::printf("no GPU here (%s); running the kernel on the CPU through the host reference\n", e.what());
    return std::nullopt;
  }
}

/// GPU 0's primary context for a kernel built for sm_90a (wgmma, TMA), announcing the device;
/// nothing, with `name` saying it is skipped, where there is no GPU of compute capability 9.0 (the
/// host reference has no warpgroup tensor cores to run it on). The caller then exits with 77.
inline std::optional<simt::Context> open_sm90a_gpu(const char* name) {
  std::optional<simt::Context> gpu;
  try {
    gpu = simt::Context::primary();
    std::printf("GPU 0: %s (sm_%d)\n", gpu->device_name().c_str(), gpu->compute_capability());
  } catch (const simt::Error& e) {  // no driver or no device
    std::printf("no GPU here (%s)\n", e.what());
  }
  if (gpu && gpu->compute_capability() == 90) return gpu;
  std::printf("%s: the kernel is built for sm_90a (wgmma, TMA) and needs a GPU of compute capability 9.0; skipped\n",
              name);
  return std::nullopt;
}

/// The sizes given on the command line, else the small set (--small, or no GPU) or the full one.
template <class Size>
std::vector<Size> choose(std::vector<Size> given, const Options& options, bool gpu, const std::vector<Size>& small,
                         const std::vector<Size>& full) {
  if (!given.empty()) return given;
  return options.small || !gpu ? small : full;
}

/// The median time of 20 launches of `run` on `stream` (after one warm-up), in milliseconds:
/// what the examples' --time modes print.
template <class Run>
double median_ms(const simt::Stream& stream, Run run) {
  run();
  std::vector<double> ms;
  for (int i = 0; i < 20; ++i) {
    simt::Event start(stream.context()), end(stream.context());
    start.record(stream);
    run();
    end.record(stream);
    end.synchronize();
    ms.push_back(simt::Event::elapsed_ms(start, end));
  }
  std::sort(ms.begin(), ms.end());
  return ms[ms.size() / 2];
}

}  // namespace example
