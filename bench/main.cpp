// bench_kernels: every example kernel compiled by simtc against its CUDA C++ twin compiled by
// nvcc, timed in one process on the GPU (docs/performance.md).
//
//   bench_kernels [--csv PATH] [--only NAME,...] [--reps N] [--rounds N] [--quick]
//   bench_kernels --cpu-check     no GPU needed: the CPU-side checks (the ctest)
//   bench_kernels --list
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>
#include <string_view>
#include <vector>

#include "bench.hpp"
#include "bench_entries.hpp"

namespace bench {
#define SIMTC_BENCH_DECLARE(name) const Entry& entry_##name();
SIMTC_BENCH_ENTRIES(SIMTC_BENCH_DECLARE)
#undef SIMTC_BENCH_DECLARE
}  // namespace bench

namespace {

std::vector<const bench::Entry*> all_entries() {
  std::vector<const bench::Entry*> entries;
#define SIMTC_BENCH_ADD(name) entries.push_back(&bench::entry_##name());
  SIMTC_BENCH_ENTRIES(SIMTC_BENCH_ADD)
#undef SIMTC_BENCH_ADD
  return entries;
}

// Whether `name` is one of the comma-separated names of `only` (all when empty).
bool selected(const std::string& only, const char* name) {
  if (only.empty()) return true;
  const std::string_view wanted(name);
  std::size_t begin = 0;
  while (begin <= only.size()) {
    std::size_t end = only.find(',', begin);
    if (end == std::string::npos) end = only.size();
    if (std::string_view(only).substr(begin, end - begin) == wanted) return true;
    begin = end + 1;
  }
  return false;
}

int usage(const char* argv0) {
  std::fprintf(stderr,
               "usage: %s [--csv PATH] [--only NAME,...] [--reps N] [--rounds N] [--quick]\n"
               "       %s --cpu-check [--only NAME,...]\n"
               "       %s --list\n",
               argv0, argv0, argv0);
  return 2;
}

// Without a GPU: each kernel's CPU reference against the simt kernel run on the CPU, and both
// compilers' resource reports (embedded at build time) name every entry point.
int cpu_check(const std::vector<const bench::Entry*>& entries, const std::string& only) {
  int failures = 0, checked = 0;
  for (const bench::Entry* e : entries) {
    if (!selected(only, e->name)) continue;
    ++checked;
    // A device-only kernel (sm_90a: wgmma, TMA) has no CPU run; its GPU run checks it against
    // the CPU first.
    std::string problems = e->cpu_check ? e->cpu_check() : "";
    for (const char* entry : e->entries) {
      for (auto [compiler, log] : {std::pair{"simtc", e->simtc_ptxas_log}, std::pair{"nvcc", e->nvcc_ptxas_log}}) {
        const auto found = bench::find_entry(log, entry);
        if (!found || found->registers <= 0)
          problems += std::string(problems.empty() ? "" : "; ") + compiler + "'s ptxas -v report has no entry '" +
                      entry + "'";
        else
          std::printf("  %-10s %-8s %-24s %3d registers, %ld B spill stores, %ld B stack, %ld B shared\n", e->name,
                      compiler, entry, found->registers, found->spill_store_bytes, found->stack_bytes,
                      found->shared_bytes);
      }
    }
    std::printf("cpu-check %-10s %s\n", e->name,
                !problems.empty() ? ("FAILED: " + problems).c_str()
                : e->cpu_check    ? "ok"
                                  : "ok (device only: the ptxas reports; the GPU run checks it against the CPU)");
    failures += !problems.empty();
  }
  std::printf("%d kernels, %d failed\n", checked, failures);
  return failures == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  bench::Options options;
  std::string csv, only;
  bool check_only = false, list = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&]() -> const char* { return i + 1 < argc ? argv[++i] : nullptr; };
    if (arg == "--csv") {
      const char* v = value();
      if (!v) return usage(argv[0]);
      csv = v;
    } else if (arg == "--only") {
      const char* v = value();
      if (!v) return usage(argv[0]);
      only = v;
    } else if (arg == "--reps" || arg == "--rounds") {
      const char* v = value();
      if (!v || std::atoi(v) < 1) return usage(argv[0]);
      (arg == "--reps" ? options.reps : options.rounds) = std::atoi(v);
    } else if (arg == "--quick") {
      options.quick = true;
    } else if (arg == "--cpu-check") {
      check_only = true;
    } else if (arg == "--list") {
      list = true;
    } else {
      return usage(argv[0]);
    }
  }
  const std::vector<const bench::Entry*> entries = all_entries();
  if (list) {
    for (const bench::Entry* e : entries) std::printf("%s\n", e->name);
    return 0;
  }
  if (check_only) return cpu_check(entries, only);

  try {
    simt::Context context = simt::Context::primary();
    const simt::DeviceLimits limits = context.limits();
    std::printf("GPU 0: %s (sm_%d, %d SMs, %.1f GiB), driver CUDA %d.%d\n", context.device_name().c_str(),
                limits.compute_capability, limits.sm_count, static_cast<double>(limits.total_memory) / (1 << 30),
                simt::driver_version() / 1000, simt::driver_version() % 1000 / 10);
    bench::Bench bench(context, options);
    std::printf("L2 %.0f MiB; median of %d x %d launches per version, inputs rotated over >= 4x L2\n",
                static_cast<double>(bench.l2_bytes()) / (1 << 20), options.rounds, options.reps);
    int errors = 0;
    for (const bench::Entry* e : entries) {
      if (!selected(only, e->name)) continue;
      std::printf("running %s ...\n", e->name);
      std::fflush(stdout);
      try {
        e->run(bench);
      } catch (const std::exception& ex) {
        std::printf("%s: ERROR: %s\n", e->name, ex.what());
        ++errors;
      }
    }
    bench.print_resources();
    bench.print_table();
    if (!csv.empty()) {
      bench.write_csv(csv);
      std::printf("\nwrote %s\n", csv.c_str());
    }
    const int failed = bench.failures() + errors;
    if (failed != 0) std::printf("\n%d check(s) or kernel(s) FAILED\n", failed);
    return failed == 0 ? 0 : 1;
  } catch (const simt::DriverNotFound& e) {
    std::printf("no GPU here (%s); bench_kernels --cpu-check runs the CPU-side checks\n", e.what());
    return 77;
  } catch (const simt::NoDevice& e) {
    std::printf("no GPU here (%s); bench_kernels --cpu-check runs the CPU-side checks\n", e.what());
    return 77;
  } catch (const std::exception& e) {
    std::printf("bench_kernels: %s\n", e.what());
    return 1;
  }
}
