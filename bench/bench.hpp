// The benchmark harness: what each kernel's benchmark (bench/kernels/<name>.cpp) uses to
// time its simtc version against its CUDA C++ twin and the references, check their outputs
// and report one row per size.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <random>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <simt/half.hpp>

#include <simt/runtime.hpp>

#include "cub.hpp"
#include "cublas.hpp"
#include "ptxas_log.hpp"

namespace bench {

/// What bounds a kernel: the bytes it must move, or its arithmetic (GEMM); `reference` marks
/// the rows of the copy-bandwidth measurement itself.
enum class Bound { memory, compute, reference };

/// One line of the result table (and of the CSV).
struct Row {
  std::string kernel;
  std::string size;    ///< for people, e.g. "2^28" or "4096^3"
  std::string dims;    ///< for scripts, e.g. "n=268435456" or "M=4096,N=4096,K=4096"
  Bound bound = Bound::memory;
  double bytes = 0;    ///< fewest bytes the kernel must move (inputs read once, outputs written once)
  double flops = 0;    ///< floating-point operations (compute-bound kernels)
  double simtc_ms = 0, nvcc_ms = 0;
  std::string ref_name;  ///< "copy" (measured copy bandwidth) or "cuBLAS ..." (measured in the same run)
  double ref_ms = 0;     ///< the reference's time for this size (compute-bound rows)
  std::string peer_name;  ///< a library doing the same job, timed in the same run (e.g. "CUB"), or ""
  double peer_ms = 0;     ///< its time for this size
  double spread_pct = 0;  ///< largest difference between two timing rounds of one version
  std::string check;      ///< "ok", or what failed

  /// A memory-bound row moving `bytes`.
  static Row memory(std::string kernel, std::string size, std::string dims, double bytes) {
    Row r;
    r.kernel = std::move(kernel), r.size = std::move(size), r.dims = std::move(dims), r.bytes = bytes;
    return r;
  }
  /// A compute-bound row doing `flops`, compared with the reference `ref_name`.
  static Row compute(std::string kernel, std::string size, std::string dims, double flops, double bytes,
                     std::string ref_name) {
    Row r = memory(std::move(kernel), std::move(size), std::move(dims), bytes);
    r.bound = Bound::compute, r.flops = flops, r.ref_name = std::move(ref_name);
    return r;
  }
};

/// Timing and sizing options from the command line.
struct Options {
  int reps = 30;     ///< timed launches per version and round (the median is over all rounds)
  int rounds = 2;    ///< rounds per version, interleaved with the other versions
  int warmup = 3;    ///< untimed launches per version before timing
  bool quick = false;  ///< smaller sizes (a smoke test of the benchmark itself)
};

/// The relative error ||got - want|| / ||want|| (2-norm), the largest element-wise absolute
/// difference and the number of elements that are NaN/inf in one but not the other.
struct Difference {
  double rel_norm = 0;
  double max_abs = 0;
  std::size_t first_bad = 0;     ///< first index where the two differ (exact comparisons)
  std::size_t mismatches = 0;    ///< elements that differ at all
  std::size_t non_finite = 0;    ///< got is NaN/inf where want is finite (unwritten output)
};
Difference compare(std::span<const float> got, std::span<const float> want);
Difference compare(std::span<const double> got, std::span<const double> want);

/// An accumulated verdict: "ok" unless some comparison failed.
class Verdict {
 public:
  /// Exact equality of every element; records what differs under `what`.
  template <class T>
  void equal(std::string_view what, std::span<const T> got, std::span<const T> want) {
    std::size_t bad = 0, first = 0;
    for (std::size_t i = 0; i < got.size() && i < want.size(); ++i)
      if (!(got[i] == want[i]) && bad++ == 0) first = i;
    if (got.size() != want.size()) fail(std::string(what) + ": sizes differ");
    else if (bad != 0) fail(std::string(what) + ": " + std::to_string(bad) + " elements differ, first at " + std::to_string(first));
  }
  /// ||got - want|| / ||want|| <= tolerance and no non-finite element where want is finite.
  void close(std::string_view what, std::span<const float> got, std::span<const float> want, double tolerance);
  void close(std::string_view what, std::span<const double> got, std::span<const double> want, double tolerance);
  void fail(std::string message);
  bool ok() const { return failures_.empty(); }
  std::string text() const;

 private:
  std::vector<std::string> failures_;
};

/// The result table, and the same rows as CSV (`copy_bytes_per_s`: the copy-bandwidth reference).
void print_table(const std::vector<Row>& rows, double copy_bytes_per_s);
void write_csv(const std::string& path, const std::vector<Row>& rows, double copy_bytes_per_s);

/// A kernel loaded from a CUDA C++ twin's cubin (nvcc -O3 -arch=sm_90, built with the bench).
struct Twin {
  simt::Module module;
  simt::Kernel kernel(const char* name) const { return module.kernel(name); }
};

/// Everything a kernel's benchmark needs: the device, timing, checks, references, the table.
class Bench {
 public:
  Bench(simt::Context context, Options options);
  ~Bench();

  const simt::Context& context() const { return context_; }
  const simt::Stream& stream() const { return stream_; }
  const Options& options() const { return options_; }
  /// The device's L2 size in bytes.
  std::size_t l2_bytes() const { return l2_bytes_; }

  /// How many input sets to rotate through so that the sets together are at least four
  /// times the L2 (at least 2, at most 8): consecutive launches never find their inputs in L2.
  int sets_for(double bytes_per_set) const;

  /// Loads a twin's cubin (embedded at build time).
  Twin load_twin(std::string_view name, std::span<const unsigned char> cubin) const;

  /// Fills with uniform random values in [lo, hi) on the device (seeded, so reproducible).
  void fill_uniform(simt::DeviceView<float> out, std::uint64_t seed, float lo, float hi);
  /// Fills 16-bit halves with uniform random values in [lo, hi) (rounded to nearest).
  void fill_uniform_half(simt::DeviceView<std::uint16_t> out, std::uint64_t seed, float lo, float hi);
  /// Fills with uniform random integers in [0, bound), or any 32-bit value when bound is 0.
  void fill_uniform_u32(simt::DeviceView<std::uint32_t> out, std::uint64_t seed, std::uint32_t bound);
  /// Fills each byte of the words with a geometrically distributed value (success probability
  /// p), clamped to 255.
  void fill_bytes_geometric(simt::DeviceView<std::uint32_t> out, std::uint64_t seed, float p);

  /// Launches a twin kernel; each argument is passed by address, in order (pointers as
  /// std::uint64_t device addresses, sizes as the twin's integer type).
  template <class... Args>
  void launch(const simt::Kernel& kernel, const simt::LaunchShape& shape, const Args&... args) {
    void* pointers[] = {const_cast<void*>(static_cast<const void*>(&args))...};
    kernel.launch(stream_, shape, pointers, sizeof...(Args));
  }

  /// Times `run(set)` for each version given (the launches of a round take the input sets in turn),
  /// the versions taking turns launch by launch; returns each version's median in ms and sets
  /// `spread_pct` to the largest difference between two round medians of one version.
  std::vector<double> time(std::vector<std::function<void(int set)>> versions, int sets, double* spread_pct);

  /// One version of a kernel: launches it on input set `set`.
  using Version = std::function<void(int set)>;

  /// Times the two versions over `sets` input sets (see time()) and adds `row`, whose check is
  /// the verdict `v` of their outputs.
  void add_timed_row(Row row, const Verdict& v, const Version& simtc, const Version& nvcc, int sets) {
    const std::vector<double> ms = time({simtc, nvcc}, sets, &row.spread_pct);
    row.simtc_ms = ms[0], row.nvcc_ms = ms[1], row.check = v.text();
    add_row(std::move(row));
  }

  /// As add_timed_row, with a library doing the same job (`peer_name`, e.g. "CUB") timed as a
  /// third version in the same rounds.
  void add_timed_row(Row row, const Verdict& v, const Version& simtc, const Version& nvcc, std::string peer_name,
                     const Version& peer, int sets) {
    const std::vector<double> ms = time({simtc, nvcc, peer}, sets, &row.spread_pct);
    row.simtc_ms = ms[0], row.nvcc_ms = ms[1], row.peer_ms = ms[2], row.check = v.text();
    row.peer_name = std::move(peer_name);
    add_row(std::move(row));
  }

  /// A library doing the same job as a kernel (e.g. CUB), run beside its two versions: how to
  /// run it on an input set, and its output on set 0.
  template <class T>
  struct Peer {
    std::string name;
    Version run;
    std::vector<T> output;
  };

  /// The end of one size for a kernel whose two versions (and `peer`, when given) must agree
  /// exactly. At the check size (`against_cpu`) the outputs are compared with the CPU's
  /// `reference()` and the verdict is kept in `cpu` for every later row; otherwise they are
  /// compared with each other, timed, and `row` is added.
  template <class T>
  void finish_exact(Verdict& cpu, bool against_cpu, const std::vector<T>& got_simtc, const std::vector<T>& got_nvcc,
                    const std::function<std::vector<T>()>& reference, Row row, const Version& simtc,
                    const Version& nvcc, int sets, const Peer<T>* peer = nullptr) {
    if (against_cpu) {
      const std::vector<T> want = reference();
      cpu.equal<T>("simtc vs CPU", got_simtc, want);
      cpu.equal<T>("nvcc vs CPU", got_nvcc, want);
      if (peer) cpu.equal<T>(peer->name + " vs CPU", peer->output, want);
      return;
    }
    Verdict v = cpu;
    v.equal<T>("simtc vs nvcc", got_simtc, got_nvcc);
    if (!peer) return add_timed_row(std::move(row), v, simtc, nvcc, sets);
    v.equal<T>(peer->name + " vs simtc", peer->output, got_simtc);
    add_timed_row(std::move(row), v, simtc, nvcc, peer->name, peer->run, sets);
  }

  /// Poisons `out` (every byte 0xFF: NaN for floats), runs `run` and returns `out`'s contents.
  template <class T>
  std::vector<T> output_of(simt::DeviceBuffer<T>& out, const std::function<void()>& run) {
    out.fill_bytes(0xFF);
    run();
    stream_.synchronize();
    return out.to_host();
  }

  /// The measured copy bandwidth (bytes read + written per second), measured at start-up.
  double copy_bytes_per_s() const { return copy_bytes_per_s_; }

  /// cuBLAS, loaded on first use; throws when libcublas is not found.
  Cublas& cublas();
  /// CUB (libbench_cub.so beside the executable), loaded on first use; throws when it is missing.
  Cub& cub();

  /// The resource report of one kernel for both compilers (from the embedded ptxas -v logs)
  /// and what the driver reports for the loaded kernels.
  void add_resources(const std::string& kernel, const char* simtc_log, const char* nvcc_log, const simt::Kernel& simtc,
                     const simt::Kernel& nvcc);

  void add_row(Row row);
  const std::vector<Row>& rows() const { return rows_; }
  /// Failed checks so far.
  int failures() const { return failures_; }

  void print_table() const { bench::print_table(rows_, copy_bytes_per_s_); }
  void print_resources() const;
  void write_csv(const std::string& path) const { bench::write_csv(path, rows_, copy_bytes_per_s_); }

 private:
  void measure_copy();

  simt::Context context_;
  simt::Stream stream_;
  Options options_;
  std::size_t l2_bytes_ = 0;
  struct Support {
    simt::Kernel fill_f32, fill_f16, fill_u32, fill_bytes_geometric, copy_f4;
  };
  std::optional<Support> support_;
  double copy_bytes_per_s_ = 0;
  std::unique_ptr<Cublas> cublas_;
  std::unique_ptr<Cub> cub_;
  std::vector<Row> rows_;
  struct ResourceRow {
    std::string kernel, compiler;
    std::optional<PtxasEntry> built;
    simt::KernelAttributes loaded;
  };
  std::vector<ResourceRow> resources_;
  int failures_ = 0;
};

/// One kernel's benchmark: the GPU run and the CPU-side check of its reference.
struct Entry {
  const char* name;
  /// Times every size on the GPU and adds its rows.
  void (*run)(Bench& bench);
  /// Without a GPU: runs the simt kernel on the CPU (simt/host.hpp) at a small size and
  /// compares it with the CPU reference the GPU run checks against; returns "" or what failed.
  /// Null for a device-only kernel (wgmma, TMA), which its GPU run checks against the CPU.
  std::string (*cpu_check)();
  /// The ptxas -v logs embedded at build time (simtc's PTX, the twin).
  const char* simtc_ptxas_log;
  const char* nvcc_ptxas_log;
  /// Entry points that must appear in both logs.
  std::vector<const char*> entries;
};

/// Random host data for CPU checks.
std::vector<float> random_floats(std::size_t n, std::uint32_t seed, float lo = -1.0f, float hi = 1.0f);
/// Uniform values in [-1, 1) rounded to T (simt::bfloat16 or simt::half), as their bits (the
/// device buffers' element).
template <class T>
std::vector<std::uint16_t> random_bits16(std::size_t n, std::uint32_t seed) {
  std::vector<std::uint16_t> out;
  out.reserve(n);
  for (float f : random_floats(n, seed)) out.push_back(T(f).bits());
  return out;
}
/// T's bits as the floats they stand for (exactly).
template <class T>
std::vector<float> widen_bits16(const std::vector<std::uint16_t>& bits) {
  std::vector<float> out;
  out.reserve(bits.size());
  for (std::uint16_t b : bits) out.push_back(float(T::from_bits(b)));
  return out;
}

/// "2^28" for powers of two, else the number.
std::string size_label(std::size_t n);

}  // namespace bench
