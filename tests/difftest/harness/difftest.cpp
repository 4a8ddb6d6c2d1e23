// The differential test's harness (tests/difftest/README.md). Each generated kernel runs on
// random inputs, with its outputs poisoned first, on the CPU (the host compiler's build of
// the kernel file, through simt/host.hpp) and, with --cubins, on the GPU from the cubins of
// each option set; every output element is compared bit for bit (floats: or both NaN).
//
//   difftest                      the CPU half: each kernel twice, under two poisons; every
//                                 output element must be written and both runs must agree
//   difftest --cubins DIR --options O3,O0,O2u
//                                 the GPU half: DIR/<batch>.<option set>.cubin against the CPU
//   --first K --limit N           only kernels K to K + N - 1 of the sequence
//   --input-seed S                another draw of the inputs (default 1)
//   --max-reports M               stop printing mismatches after M (default 20)
#include "difftest.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <fstream>
#include <iterator>
#include <map>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <simt/host.hpp>
#include <simt/runtime.hpp>

namespace {

using difftest::kOutputs;
using difftest::KernelEntry;

struct Inputs {
  std::uint32_t grid = 1, block = 32;
  std::size_t n = 1;  // output elements; grid * block threads read the inputs
  std::vector<std::uint64_t> bits;
  std::vector<float> fl;
  std::vector<double> db;
  std::int32_t s = 0;
};

template <class F>
F special(std::mt19937_64& rng) {
  const F values[] = {F(0),
                      -F(0),
                      std::numeric_limits<F>::infinity(),
                      -std::numeric_limits<F>::infinity(),
                      std::numeric_limits<F>::quiet_NaN(),
                      std::numeric_limits<F>::denorm_min(),
                      -std::numeric_limits<F>::min(),
                      std::numeric_limits<F>::max(),
                      -std::numeric_limits<F>::max(),
                      F(1),
                      F(-1),
                      F(0.5),
                      F(65504),
                      F(1e-5)};
  return values[rng() % std::size(values)];
}

template <class F>
F real(std::mt19937_64& rng) {
  switch (rng() % 4) {
    case 0:
      return special<F>(rng);
    case 1:  // whole numbers, where conversions to integers and rounding decide
      return F(std::int64_t(rng() % 2001) - 1000) / F(rng() % 4 == 0 ? 2 : 1);
    case 2: {  // anything from tiny to huge
      const int lo = std::is_same_v<F, float> ? -150 : -1075, hi = std::is_same_v<F, float> ? 128 : 1024;
      const F m = F(std::ldexp(1.0 + double(rng() % 1000) / 1000.0, int(rng() % (hi - lo)) + lo));
      return rng() % 2 ? m : -m;
    }
    default:
      return F(std::uniform_real_distribution<double>(-100.0, 100.0)(rng));
  }
}

std::uint64_t word(std::mt19937_64& rng) {
  switch (rng() % 6) {
    case 0:
      return rng() % 33;
    case 1:
      return ~std::uint64_t(0) - rng() % 4;
    case 2:
      return (std::uint64_t(1) << (rng() % 64)) + rng() % 3 - 1;
    case 3:
      return std::uint64_t(std::int64_t(rng() % 2001) - 1000);
    default:
      return rng();
  }
}

Inputs make_inputs(std::uint64_t input_seed, std::size_t kernel_index) {
  std::mt19937_64 rng(input_seed * 0x9E3779B97F4A7C15ull + kernel_index);
  Inputs in;
  const std::uint32_t blocks[] = {32, 64, 96, 128, 256};
  in.block = blocks[rng() % std::size(blocks)];
  in.n = 1 + rng() % (rng() % 8 == 0 ? 40 : 2500);
  in.grid = std::uint32_t((in.n + in.block - 1) / in.block);
  const std::size_t threads = std::size_t(in.grid) * in.block;
  in.bits.resize(threads);
  in.fl.resize(threads);
  in.db.resize(threads);
  for (auto& w : in.bits) w = word(rng);
  for (auto& f : in.fl) f = real<float>(rng);
  for (auto& d : in.db) d = real<double>(rng);
  in.s = std::int32_t(word(rng));
  return in;
}

using Outputs = std::vector<std::vector<std::uint64_t>>;

Outputs run_host(const KernelEntry& k, const Inputs& in, std::uint64_t poison) {
  Outputs out(kOutputs, std::vector<std::uint64_t>(in.n, poison));
  simt::host::launch_1d(in.grid, in.block, k.host, simt::host::slice(in.bits), simt::host::slice(in.fl),
                        simt::host::slice(in.db), in.s, simt::host::disjoint(out[0]), simt::host::disjoint(out[1]),
                        simt::host::disjoint(out[2]), simt::host::disjoint(out[3]), simt::host::disjoint(out[4]),
                        simt::host::disjoint(out[5]));
  return out;
}

std::vector<std::string> split(const std::string& text, char sep) {
  std::vector<std::string> out;
  std::stringstream ss(text);
  for (std::string part; std::getline(ss, part, sep);)
    if (!part.empty()) out.push_back(part);
  return out;
}

bool same(const std::string& kind, std::uint64_t a, std::uint64_t b) {
  if (a == b) return true;
  auto nan32 = [](std::uint64_t v) { return (v & 0x7f800000u) == 0x7f800000u && (v & 0x7fffffu) != 0; };
  auto nan64 = [](std::uint64_t v) {
    return (v & 0x7ff0000000000000ull) == 0x7ff0000000000000ull && (v & 0xfffffffffffffull) != 0;
  };
  auto nan16 = [](std::uint64_t v) { return (v & 0x7c00u) == 0x7c00u && (v & 0x3ffu) != 0; };
  auto nanbf = [](std::uint64_t v) { return (v & 0x7f80u) == 0x7f80u && (v & 0x7fu) != 0; };
  if (kind == "f32") return nan32(a) && nan32(b);
  if (kind == "f64") return nan64(a) && nan64(b);
  if (kind == "f16") return nan16(a) && nan16(b);
  if (kind == "bf16") return nanbf(a) && nanbf(b);
  return false;
}

struct Options {
  std::optional<std::string> cubins;
  std::vector<std::string> option_sets;
  std::size_t first = 0, limit = SIZE_MAX;
  std::uint64_t input_seed = 1;
  std::size_t max_reports = 20;
};

struct Tally {
  std::size_t kernels = 0, runs = 0, mismatched_runs = 0, reports = 0;
};

void report(Tally& tally, const Options& opt, const KernelEntry& k, const Inputs& in, const std::string& where,
            int output, std::size_t element, const std::string& kind, std::uint64_t want, std::uint64_t got) {
  if (tally.reports++ >= opt.max_reports) return;
  const std::size_t t = element;
  std::printf("MISMATCH %s (%s): output %d (%s), thread %zu of n = %zu (grid %u x block %u): reference %#llx, got "
              "%#llx\n  inputs of thread %zu: bits %#llx, fl %a, db %a; s = %d\n"
              "  reproducer: tests/difftest/gen_kernels.py --seed %llu --kernel %zu --output %d\n",
              k.name, where.c_str(), output, kind.c_str(), t, in.n, in.grid, in.block, (unsigned long long)want,
              (unsigned long long)got, t, (unsigned long long)in.bits[t], double(in.fl[t]), in.db[t], in.s,
              (unsigned long long)difftest::generator_seed, k.index, output);
}

// Compares one run against the reference; true when every element matches.
bool compare(Tally& tally, const Options& opt, const KernelEntry& k, const Inputs& in, const Outputs& want,
             const Outputs& got, const std::string& where) {
  const std::vector<std::string> kinds = split(k.kinds, ' ');
  bool ok = true;
  for (int j = 0; j < kOutputs; ++j) {
    if (k.only_output >= 0 && j != k.only_output) continue;
    const std::string kind = j < int(kinds.size()) ? kinds[j] : "unused";
    for (std::size_t e = 0; e < in.n; ++e)
      if (!same(kind, want[j][e], got[j][e])) {
        if (ok) report(tally, opt, k, in, where, j, e, kind, want[j][e], got[j][e]);
        ok = false;
        break;
      }
  }
  return ok;
}

constexpr std::uint64_t kPoisonA = 0xA5A5A5A5A5A5A5A5ull, kPoisonB = 0x5A5A5A5A5A5A5A5Aull;

const KernelEntry* find_whole(std::size_t index) {
  for (std::size_t b = 0; b < difftest::batch_count; ++b)
    for (std::size_t i = 0; i < difftest::all_batches[b]->count; ++i) {
      const KernelEntry& k = difftest::all_batches[b]->kernels[i];
      if (k.index == index && k.only_output < 0) return &k;
    }
  return nullptr;
}

// The CPU half: every element written (two poisons give the same result) and deterministic;
// a reduced kernel's output is the whole kernel's.
void check_host(Tally& tally, const Options& opt, const KernelEntry& k, const Inputs& in) {
  const Outputs a = run_host(k, in, kPoisonA);
  const Outputs b = run_host(k, in, kPoisonB);
  ++tally.runs;
  if (!compare(tally, opt, k, in, a, b, "CPU under two poisons")) ++tally.mismatched_runs;
  if (k.only_output < 0) return;
  const KernelEntry* whole = find_whole(k.index);
  if (!whole) throw std::runtime_error(std::string("no whole kernel for the reduced ") + k.name);
  ++tally.runs;
  if (!compare(tally, opt, k, in, run_host(*whole, in, kPoisonB), a, std::string("reduced against ") + whole->name))
    ++tally.mismatched_runs;
}

struct GpuRun {
  simt::Context& context;
  simt::Stream stream;
  std::map<std::string, simt::Module> modules;  // "<batch>.<option set>"
};

std::string read_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw std::runtime_error("cannot read " + path);
  return std::string(std::istreambuf_iterator<char>(f), {});
}

Outputs run_gpu(GpuRun& gpu, const simt::Module& module, const KernelEntry& k, const Inputs& in) {
  auto bits = simt::DeviceBuffer<std::uint64_t>::from_host(gpu.context, in.bits);
  auto fl = simt::DeviceBuffer<float>::from_host(gpu.context, in.fl);
  auto db = simt::DeviceBuffer<double>::from_host(gpu.context, in.db);
  std::vector<simt::DeviceBuffer<std::uint64_t>> out;
  std::uint64_t data[3 + kOutputs], size[3 + kOutputs];
  data[0] = bits.device_ptr(), size[0] = bits.size();
  data[1] = fl.device_ptr(), size[1] = fl.size();
  data[2] = db.device_ptr(), size[2] = db.size();
  for (int j = 0; j < kOutputs; ++j) {
    out.push_back(simt::DeviceBuffer<std::uint64_t>::uninitialized(gpu.context, in.n));
    out.back().fill_bytes(0xA5);
    data[3 + j] = out.back().device_ptr(), size[3 + j] = in.n;
  }
  std::int32_t s = in.s;
  void* args[] = {&data[0], &size[0], &data[1], &size[1], &data[2], &size[2], &s,
                  &data[3], &size[3], &data[4], &size[4], &data[5], &size[5],
                  &data[6], &size[6], &data[7], &size[7], &data[8], &size[8]};
  const simt::LaunchShape shape{{in.grid, 1, 1}, {in.block, 1, 1}, 0};
  module.kernel(k.name).launch(gpu.stream, shape, args, std::size(args));
  gpu.stream.synchronize();
  Outputs result;
  for (auto& o : out) result.push_back(o.to_host());
  return result;
}

int run(const Options& opt) {
  std::optional<simt::Context> context;
  std::optional<GpuRun> gpu;
  if (opt.cubins) {
    try {
      context.emplace(simt::Context::primary());
    } catch (const simt::Error& e) {
      std::printf("difftest: SKIPPED, no GPU (%s)\n", e.what());
      return 0;
    }
    gpu.emplace(GpuRun{*context, simt::Stream(*context), {}});
    std::printf("GPU 0: %s (sm_%d)\n", context->device_name().c_str(), context->compute_capability());
  }
  Tally tally;
  for (std::size_t b = 0; b < difftest::batch_count; ++b) {
    const difftest::Batch& batch = *difftest::all_batches[b];
    for (std::size_t i = 0; i < batch.count; ++i) {
      const KernelEntry& k = batch.kernels[i];
      if (k.index < opt.first || k.index - opt.first >= opt.limit) continue;
      ++tally.kernels;
      const Inputs in = make_inputs(opt.input_seed, k.index);
      if (!gpu) {
        check_host(tally, opt, k, in);
        continue;
      }
      const Outputs want = run_host(k, in, kPoisonA);
      for (const std::string& set : opt.option_sets) {
        const std::string key = std::string(batch.name) + "." + set;
        auto it = gpu->modules.find(key);
        if (it == gpu->modules.end())
          it = gpu->modules.emplace(key, simt::Module::load_ptx(*context, read_file(*opt.cubins + "/" + key + ".cubin"), key))
                   .first;
        ++tally.runs;
        if (!compare(tally, opt, k, in, want, run_gpu(*gpu, it->second, k, in), "GPU, " + set))
          ++tally.mismatched_runs;
      }
    }
  }
  std::printf("difftest: %zu kernels of generator seed %llu, input seed %llu, %s: %zu runs, %zu mismatched\n",
              tally.kernels, (unsigned long long)difftest::generator_seed, (unsigned long long)opt.input_seed,
              gpu ? "GPU against CPU" : "CPU under two poisons", tally.runs, tally.mismatched_runs);
  return tally.mismatched_runs == 0 && tally.kernels > 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  Options opt;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "difftest: %s needs a value\n", arg.c_str());
        std::exit(2);
      }
      return argv[++i];
    };
    if (arg == "--cubins") {
      opt.cubins = value();
    } else if (arg == "--options") {
      opt.option_sets = split(value(), ',');
    } else if (arg == "--first") {
      opt.first = std::strtoull(value().c_str(), nullptr, 10);
    } else if (arg == "--limit") {
      opt.limit = std::strtoull(value().c_str(), nullptr, 10);
    } else if (arg == "--input-seed") {
      opt.input_seed = std::strtoull(value().c_str(), nullptr, 10);
    } else if (arg == "--max-reports") {
      opt.max_reports = std::strtoull(value().c_str(), nullptr, 10);
    } else {
      std::fprintf(stderr, "difftest: unknown option '%s' (see the comment at the top of difftest.cpp)\n", arg.c_str());
      return 2;
    }
  }
  if (opt.cubins && opt.option_sets.empty()) {
    std::fprintf(stderr, "difftest: --cubins needs --options\n");
    return 2;
  }
  try {
    return run(opt);
  } catch (const std::exception& e) {
    std::printf("difftest: %s\n", e.what());
    return 1;
  }
}
