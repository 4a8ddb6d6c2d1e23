// The benchmark harness: device set-up, copy-bandwidth reference, timing, checks, reports.
#include "bench.hpp"

#include <cuda.h>
#include <dlfcn.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstdio>
#include <fstream>
#include <stdexcept>


#include "bench_support_data.hpp"

namespace bench {
namespace {

// The few driver entry points the runtime does not wrap. libcuda is already loaded by the
// runtime (RTLD_NOLOAD finds it); the symbol names are the ABI versions cuda.h's macros pick.
struct DriverExtras {
  decltype(&cuMemcpyDtoDAsync_v2) memcpy_dtod = nullptr;
  decltype(&cuDeviceGetAttribute) device_attribute = nullptr;
  decltype(&cuDeviceGet) device_get = nullptr;
  decltype(&cuCtxSetCurrent) set_current = nullptr;

  DriverExtras() {
    const char* path = std::getenv("SIMT_CUDA_DRIVER");
    if (path == nullptr || *path == '\0') path = "libcuda.so.1";
    void* library = dlopen(path, RTLD_NOW | RTLD_NOLOAD);
    if (library == nullptr) library = dlopen(path, RTLD_NOW);
    if (library == nullptr) throw std::runtime_error(std::string("cannot load ") + path);
    resolve(library, memcpy_dtod, "cuMemcpyDtoDAsync_v2");
    resolve(library, device_attribute, "cuDeviceGetAttribute");
    resolve(library, device_get, "cuDeviceGet");
    resolve(library, set_current, "cuCtxSetCurrent");
  }
  template <class Fn>
  static void resolve(void* library, Fn& slot, const char* name) {
    void* address = dlsym(library, name);
    if (address == nullptr) throw std::runtime_error(std::string("the CUDA driver lacks ") + name);
    slot = reinterpret_cast<Fn>(address);
  }
};

const DriverExtras& extras() {
  static const DriverExtras instance;
  return instance;
}

void check_cu(CUresult result, const char* what) {
  if (result != CUDA_SUCCESS) throw std::runtime_error(std::string(what) + " failed: CUresult " + std::to_string(result));
}

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const std::size_t mid = v.size() / 2;
  return v.size() % 2 == 1 ? v[mid] : 0.5 * (v[mid - 1] + v[mid]);
}

template <class T>
Difference compare_impl(std::span<const T> got, std::span<const T> want) {
  Difference d;
  double diff2 = 0, want2 = 0;
  bool first = true;
  for (std::size_t i = 0; i < got.size() && i < want.size(); ++i) {
    const double g = got[i], w = want[i];
    if (!(g == w)) {
      ++d.mismatches;
      if (first) d.first_bad = i, first = false;
    }
    if (std::isfinite(w) && !std::isfinite(g)) {
      ++d.non_finite;
      continue;
    }
    if (!std::isfinite(w)) continue;
    diff2 += (g - w) * (g - w);
    want2 += w * w;
    d.max_abs = std::max(d.max_abs, std::fabs(g - w));
  }
  d.rel_norm = want2 > 0 ? std::sqrt(diff2 / want2) : std::sqrt(diff2);
  return d;
}

template <class T>
void close_impl(Verdict& verdict, std::string_view what, std::span<const T> got, std::span<const T> want, double tol) {
  if (got.size() != want.size()) return verdict.fail(std::string(what) + ": sizes differ");
  const Difference d = compare_impl(got, want);
  char text[256];
  if (d.non_finite != 0) {
    std::snprintf(text, sizeof text, "%.*s: %zu elements NaN/inf (unwritten?), first mismatch at %zu", int(what.size()),
                  what.data(), d.non_finite, d.first_bad);
    verdict.fail(text);
  } else if (!(d.rel_norm <= tol)) {
    std::snprintf(text, sizeof text, "%.*s: relative error %.3g > %.3g (max abs %.3g, first mismatch at %zu)",
                  int(what.size()), what.data(), d.rel_norm, tol, d.max_abs, d.first_bad);
    verdict.fail(text);
  }
}

std::string fixed(double v, int digits) {
  char text[64];
  std::snprintf(text, sizeof text, "%.*f", digits, v);
  return text;
}

}  // namespace

Difference compare(std::span<const float> got, std::span<const float> want) { return compare_impl(got, want); }
Difference compare(std::span<const double> got, std::span<const double> want) { return compare_impl(got, want); }

void Verdict::close(std::string_view what, std::span<const float> got, std::span<const float> want, double tolerance) {
  close_impl(*this, what, got, want, tolerance);
}
void Verdict::close(std::string_view what, std::span<const double> got, std::span<const double> want, double tolerance) {
  close_impl(*this, what, got, want, tolerance);
}
void Verdict::fail(std::string message) { failures_.push_back(std::move(message)); }
std::string Verdict::text() const {
  if (failures_.empty()) return "ok";
  std::string out;
  for (const std::string& f : failures_) out += (out.empty() ? "" : "; ") + f;
  return out;
}

std::vector<float> random_floats(std::size_t n, std::uint32_t seed, float lo, float hi) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> dist(lo, hi);
  std::vector<float> v(n);
  for (float& f : v) f = dist(rng);
  return v;
}

std::string size_label(std::size_t n) {
  if (n != 0 && (n & (n - 1)) == 0) {
    int log = 0;
    while ((std::size_t(1) << log) != n) ++log;
    return "2^" + std::to_string(log);
  }
  return std::to_string(n);
}

Bench::Bench(simt::Context context, Options options)
    : context_(std::move(context)), stream_(context_), options_(options) {
  // cuBLAS (CUDA runtime) and the DtoD copies run in the current context: make it the primary
  // context the runtime uses, so every library works on the same memory.
  check_cu(extras().set_current(context_.native_handle()), "cuCtxSetCurrent");
  CUdevice device = 0;
  check_cu(extras().device_get(&device, context_.device()), "cuDeviceGet");
  int l2 = 0;
  check_cu(extras().device_attribute(&l2, CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE, device), "cuDeviceGetAttribute(L2)");
  l2_bytes_ = static_cast<std::size_t>(l2);

  const Twin support = load_twin("bench support", bench_support_data::cubin);
  support_.emplace(Support{support.kernel("bench_fill_f32"), support.kernel("bench_fill_f16"),
                           support.kernel("bench_fill_u32"), support.kernel("bench_fill_bytes_geometric"),
                           support.kernel("bench_copy_f4")});
  measure_copy();
}

Bench::~Bench() = default;

int Bench::sets_for(double bytes_per_set) const {
  const double want = 4.0 * static_cast<double>(l2_bytes_);
  const int sets = static_cast<int>(std::ceil(want / std::max(bytes_per_set, 1.0)));
  return std::clamp(sets, 2, 8);
}

Twin Bench::load_twin(std::string_view name, std::span<const unsigned char> cubin) const {
  // cuModuleLoadDataEx takes a cubin image as well as PTX (it reads the ELF header).
  return Twin{simt::Module::load_ptx(context_, std::string_view(reinterpret_cast<const char*>(cubin.data()), cubin.size()),
                                     std::string(name) + " (nvcc cubin)")};
}

namespace {
simt::LaunchShape fill_shape(std::size_t n) {
  const std::uint32_t blocks = static_cast<std::uint32_t>(std::min<std::size_t>((n + 255) / 256, 132 * 32));
  return simt::LaunchConfig1D{std::max<std::uint32_t>(blocks, 1), 256, 0};
}
}  // namespace

void Bench::fill_uniform(simt::DeviceView<float> out, std::uint64_t seed, float lo, float hi) {
  const std::uint64_t ptr = out.device_ptr(), n = out.size();
  launch(support_->fill_f32, fill_shape(n), ptr, n, seed, lo, hi);
}

void Bench::fill_uniform_half(simt::DeviceView<std::uint16_t> out, std::uint64_t seed, float lo, float hi) {
  const std::uint64_t ptr = out.device_ptr(), n = out.size();
  launch(support_->fill_f16, fill_shape(n), ptr, n, seed, lo, hi);
}

void Bench::fill_uniform_u32(simt::DeviceView<std::uint32_t> out, std::uint64_t seed, std::uint32_t bound) {
  const std::uint64_t ptr = out.device_ptr(), n = out.size();
  launch(support_->fill_u32, fill_shape(n), ptr, n, seed, bound);
}

void Bench::fill_bytes_geometric(simt::DeviceView<std::uint32_t> out, std::uint64_t seed, float p) {
  const std::uint64_t ptr = out.device_ptr(), n = out.size();
  launch(support_->fill_bytes_geometric, fill_shape(n), ptr, n, seed, p);
}

std::vector<double> Bench::time(std::vector<std::function<void(int)>> versions, int sets, double* spread_pct) {
  const int reps = std::max(options_.reps, 1), rounds = std::max(options_.rounds, 1);
  for (auto& run : versions)
    for (int w = 0; w < std::max(options_.warmup, sets); ++w) run(w % sets);
  stream_.synchronize();

  // The versions take turns launch by launch, so a slow stretch of the GPU (a clock change,
  // another process) lands on all of them alike instead of on one version's round. Each launch
  // takes the next input set, whoever runs it: no launch reads what the one before it read.
  const std::size_t n = versions.size();
  std::vector<simt::Event> start, end;
  for (std::size_t i = 0; i < reps * n; ++i) start.emplace_back(context_), end.emplace_back(context_);
  std::vector<std::vector<double>> samples(n);
  std::vector<std::vector<double>> round_medians(n);
  for (int r = 0; r < rounds; ++r) {
    for (int i = 0; i < reps; ++i)
      for (std::size_t v = 0; v < n; ++v) {
        start[i * n + v].record(stream_);
        versions[v](static_cast<int>(((static_cast<std::size_t>(r) * reps + i) * n + v) % sets));
        end[i * n + v].record(stream_);
      }
    stream_.synchronize();  // also reports a kernel fault of any launch
    for (std::size_t v = 0; v < n; ++v) {
      std::vector<double> these;
      for (int i = 0; i < reps; ++i) these.push_back(simt::Event::elapsed_ms(start[i * n + v], end[i * n + v]));
      round_medians[v].push_back(median(these));
      samples[v].insert(samples[v].end(), these.begin(), these.end());
    }
  }
  std::vector<double> medians;
  double spread = 0;
  for (std::size_t v = 0; v < versions.size(); ++v) {
    medians.push_back(median(samples[v]));
    const auto [lo, hi] = std::minmax_element(round_medians[v].begin(), round_medians[v].end());
    if (medians.back() > 0) spread = std::max(spread, 100.0 * (*hi - *lo) / medians.back());
  }
  if (spread_pct != nullptr) *spread_pct = spread;
  return medians;
}

void Bench::measure_copy() {
  // Device-to-device copies of 1 and 4 GiB, each counted as bytes read + bytes written,
  // through the driver's copy engine path and through a float4 kernel. The reference is the
  // best of them: the ceiling a memory-bound kernel can approach.
  const std::vector<std::size_t> sizes =
      options_.quick ? std::vector<std::size_t>{std::size_t(256) << 20} : std::vector<std::size_t>{std::size_t(1) << 30, std::size_t(4) << 30};
  for (std::size_t bytes : sizes) {
    const std::size_t n = bytes / sizeof(float);
    const int sets = sets_for(2.0 * static_cast<double>(bytes));
    std::vector<simt::DeviceBuffer<float>> src, dst;
    for (int s = 0; s < sets; ++s) {
      src.push_back(simt::DeviceBuffer<float>::uninitialized(context_, n));
      dst.push_back(simt::DeviceBuffer<float>::uninitialized(context_, n));
      fill_uniform(src.back(), 1000 + s, -1.0f, 1.0f);
    }
    auto memcpy_version = [&](int s) {
      check_cu(extras().memcpy_dtod(dst[s].device_ptr(), src[s].device_ptr(), bytes, stream_.native_handle()),
               "cuMemcpyDtoDAsync");
    };
    auto kernel_version = [&](int s) {
      const std::uint64_t in = src[s].device_ptr(), out = dst[s].device_ptr(), n4 = n / 4;
      launch(support_->copy_f4, simt::LaunchConfig1D::cover(n4, 256), in, out, n4);
    };
    double spread = 0;
    const std::vector<double> ms = time({memcpy_version, kernel_version}, sets, &spread);
    // The copies must be right too: a fast wrong copy would set a false ceiling.
    Verdict verdict;
    {
      std::vector<float> a = src[0].to_host(), b = dst[0].to_host();
      verdict.equal<float>("copy", b, a);
    }
    const char* names[] = {"copy (cuMemcpyDtoD)", "copy (float4 kernel)"};
    for (int i = 0; i < 2; ++i) {
      Row row;
      row.kernel = names[i];
      row.size = std::to_string(bytes >> 20) + " MiB";
      row.dims = "bytes=" + std::to_string(bytes);
      row.bound = Bound::reference;
      row.bytes = 2.0 * static_cast<double>(bytes);
      row.simtc_ms = ms[i];
      row.spread_pct = spread;
      row.check = verdict.text();
      copy_bytes_per_s_ = std::max(copy_bytes_per_s_, row.bytes / (ms[i] * 1e-3));
      add_row(std::move(row));
    }
  }
}

Cublas& Bench::cublas() {
  if (!cublas_) cublas_ = std::make_unique<Cublas>(stream_.native_handle());
  return *cublas_;
}

Cub& Bench::cub() {
  if (!cub_) cub_ = std::make_unique<Cub>(context_, stream_);
  return *cub_;
}

void Bench::add_resources(const std::string& kernel, const char* simtc_log, const char* nvcc_log,
                          const simt::Kernel& simtc, const simt::Kernel& nvcc) {
  resources_.push_back({kernel, "simtc", find_entry(simtc_log, simtc.name()), simtc.attributes()});
  resources_.push_back({kernel, "nvcc", find_entry(nvcc_log, nvcc.name()), nvcc.attributes()});
}

void Bench::add_row(Row row) {
  if (row.check != "ok") ++failures_;
  rows_.push_back(std::move(row));
}

namespace {

struct Rates {
  std::string simtc, nvcc, simtc_pct, nvcc_pct, ref;
};

Rates rates_of(const Row& r, double copy_bytes_per_s) {
  Rates out;
  auto rate = [&](double ms) {
    if (ms <= 0) return std::string("-");
    if (r.bound == Bound::compute) return fixed(r.flops / (ms * 1e-3) / 1e12, 1) + " TFLOP/s";
    return fixed(r.bytes / (ms * 1e-3) / 1e9, 0) + " GB/s";
  };
  auto pct = [&](double ms) {
    if (ms <= 0) return std::string("-");
    if (r.bound == Bound::compute) return r.ref_ms > 0 ? fixed(100.0 * r.ref_ms / ms, 1) + "%" : std::string("-");
    return fixed(100.0 * (r.bytes / (ms * 1e-3)) / copy_bytes_per_s, 1) + "%";
  };
  out.simtc = rate(r.simtc_ms);
  out.nvcc = rate(r.nvcc_ms);
  out.simtc_pct = pct(r.simtc_ms);
  out.nvcc_pct = pct(r.nvcc_ms);
  out.ref = r.bound == Bound::compute ? r.ref_name + " " + fixed(r.ref_ms, 3) + " ms" : "copy";
  return out;
}

}  // namespace

void print_table(const std::vector<Row>& rows, double copy_bytes_per_s) {
  std::printf("\ncopy bandwidth (reference for memory-bound kernels): %.0f GB/s (bytes read + written)\n",
              copy_bytes_per_s / 1e9);
  for (const Row& r : rows)
    if (r.bound == Bound::reference)
      std::printf("  %-22s %-9s %9.3f ms  %6.0f GB/s  spread %.1f%%  %s\n", r.kernel.c_str(), r.size.c_str(),
                  r.simtc_ms, r.bytes / (r.simtc_ms * 1e-3) / 1e9, r.spread_pct, r.check.c_str());
  std::printf("\n%-12s %-14s %10s %10s %7s %14s %14s %8s %8s %7s  %-22s %-18s %s\n", "kernel", "size", "simtc ms",
              "nvcc ms", "s/n", "simtc", "nvcc", "simtc%", "nvcc%", "spread", "ref (% of)", "peer (s/peer)", "check");
  for (const Row& r : rows) {
    if (r.bound == Bound::reference) continue;
    const Rates x = rates_of(r, copy_bytes_per_s);
    const std::string peer =
        r.peer_ms > 0 ? r.peer_name + " " + fixed(r.peer_ms, 4) + " (" + fixed(r.simtc_ms / r.peer_ms, 3) + ")" : "-";
    std::printf("%-12s %-14s %10.4f %10.4f %7.3f %14s %14s %8s %8s %6.1f%%  %-22s %-18s %s\n", r.kernel.c_str(),
                r.size.c_str(), r.simtc_ms, r.nvcc_ms, r.nvcc_ms > 0 ? r.simtc_ms / r.nvcc_ms : 0.0, x.simtc.c_str(),
                x.nvcc.c_str(), x.simtc_pct.c_str(), x.nvcc_pct.c_str(), r.spread_pct, x.ref.c_str(), peer.c_str(),
                r.check.c_str());
  }
}

void Bench::print_resources() const {
  std::printf("\n%-12s %-8s %-20s %5s %7s %7s %7s %8s %5s | %s\n", "kernel", "compiler", "entry", "regs", "spill-st",
              "spill-ld", "stack", "smem", "bars", "as loaded: regs local smem arch");
  for (const ResourceRow& r : resources_) {
    if (r.built)
      std::printf("%-12s %-8s %-20s %5d %7ld %7ld %7ld %8ld %5d", r.kernel.c_str(), r.compiler.c_str(),
                  r.built->name.c_str(), r.built->registers, r.built->spill_store_bytes, r.built->spill_load_bytes,
                  r.built->stack_bytes, r.built->shared_bytes, r.built->barriers);
    else
      std::printf("%-12s %-8s %-20s %5s %7s %7s %7s %8s %5s", r.kernel.c_str(), r.compiler.c_str(), "(not in log)", "-",
                  "-", "-", "-", "-", "-");
    std::printf(" | %4d %5zu %5zu sm_%d\n", r.loaded.num_registers, r.loaded.local_bytes, r.loaded.static_shared_bytes,
                r.loaded.binary_version);
  }
}

void write_csv(const std::string& path, const std::vector<Row>& rows, double copy_bytes_per_s) {
  std::ofstream out(path);
  if (!out) throw std::runtime_error("cannot write " + path);
  out << "kernel,size,dims,bound,bytes,flops,simtc_ms,nvcc_ms,simtc_over_nvcc,simtc_rate,nvcc_rate,rate_unit,"
         "ref_name,ref_ms,simtc_pct_of_ref,nvcc_pct_of_ref,copy_GBps,spread_pct,check,peer_name,peer_ms,simtc_over_peer\n";
  for (const Row& r : rows) {
    const bool compute = r.bound == Bound::compute;
    auto rate = [&](double ms) {
      if (ms <= 0) return 0.0;
      return compute ? r.flops / (ms * 1e-3) / 1e12 : r.bytes / (ms * 1e-3) / 1e9;
    };
    auto pct = [&](double ms) {
      if (ms <= 0 || r.bound == Bound::reference) return 0.0;
      return compute ? (r.ref_ms > 0 ? 100.0 * r.ref_ms / ms : 0.0)
                     : 100.0 * (r.bytes / (ms * 1e-3)) / copy_bytes_per_s;
    };
    const char* bound = r.bound == Bound::memory ? "memory" : compute ? "compute" : "reference";
    std::string check = r.check;
    std::replace(check.begin(), check.end(), ',', ';');
    out << r.kernel << ',' << r.size << ',' << '"' << r.dims << '"' << ',' << bound << ',' << fixed(r.bytes, 0) << ','
        << fixed(r.flops, 0) << ',' << fixed(r.simtc_ms, 5) << ',' << fixed(r.nvcc_ms, 5) << ','
        << (r.nvcc_ms > 0 ? fixed(r.simtc_ms / r.nvcc_ms, 4) : "") << ',' << fixed(rate(r.simtc_ms), 2) << ','
        << fixed(rate(r.nvcc_ms), 2) << ',' << (compute ? "TFLOP/s" : "GB/s") << ',' << r.ref_name << ','
        << fixed(r.ref_ms, 5) << ',' << fixed(pct(r.simtc_ms), 2) << ',' << fixed(pct(r.nvcc_ms), 2) << ','
        << fixed(copy_bytes_per_s / 1e9, 1) << ',' << fixed(r.spread_pct, 2) << ',' << '"' << check << '"' << ',' << r.peer_name << ','
        << fixed(r.peer_ms, 5) << ',' << (r.peer_ms > 0 ? fixed(r.simtc_ms / r.peer_ms, 4) : "") << '\n';
  }
}

}  // namespace bench
