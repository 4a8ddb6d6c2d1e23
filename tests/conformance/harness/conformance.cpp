// The conformance runner: turns every registered kernel into two GoogleTest tests,
//   CPU_<file>.<kernel>  the host build run twice with differently poisoned outputs (every
//                        element written, deterministically) and, for kernels with a
//                        reference, compared with it;
//   GPU_<file>.<kernel>  simtc's build on the GPU against the host build (or the reference),
//                        same inputs, outputs poisoned before the launch, every element
//                        compared; skipped without a CUDA device.
// Sizes are non-round (1, 31, 257..456, 3001..7000, scaled by Check::more), and each kernel and
// size draws its own inputs from a seed derived from their names, so a failure reproduces.
#include "conformance.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <sstream>

namespace conformance {

std::vector<Entry>& registry() {
  static std::vector<Entry> entries;
  return entries;
}

std::string stem_of(const char* path) {
  std::string name = path;
  if (auto slash = name.find_last_of('/'); slash != std::string::npos) name = name.substr(slash + 1);
  if (auto dot = name.rfind('.'); dot != std::string::npos) name.resize(dot);
  return name;
}

std::string describe_bytes(const unsigned char* bytes, std::size_t size) {
  // Little-endian: the value of an integer element, most significant byte first.
  static const char* kHex = "0123456789abcdef";
  std::string hex = "0x";
  for (std::size_t i = size; i-- > 0;) {
    hex += kHex[bytes[i] >> 4];
    hex += kHex[bytes[i] & 15];
  }
  return hex;
}

std::string describe_float(long double value, const unsigned char* bytes, std::size_t size) {
  char text[64];
  std::snprintf(text, sizeof(text), "%.17Lg", value);
  return std::string(text) + " [" + describe_bytes(bytes, size) + "]";
}

namespace {

std::uint64_t seed_of(const Entry& entry, std::size_t round) {
  std::uint64_t h = 1469598103934665603ull;  // FNV-1a of "file.kernel"
  for (char c : entry.file + "." + entry.name) h = (h ^ std::uint8_t(c)) * 1099511628211ull;
  return h ^ (round * 0x9e3779b97f4a7c15ull);
}

std::vector<std::size_t> sizes_of(const Entry& entry) {
  Rng rng(seed_of(entry, 1000));
  const std::size_t m = entry.check.scale;
  return {1, 31, (257 + rng() % 200) * m, (3001 + rng() % 4000) * m};
}

// Compares every element of every output of `got` with `want`; "" when all agree.
std::string compare_outputs(const Entry& entry, void* got, void* want, const Check& check) {
  std::vector<Bytes*> got_slices = entry.slices(got);
  std::vector<Bytes*> want_slices = entry.slices(want);
  std::ostringstream report;
  for (const OutputInfo& output : entry.outputs) {
    const Bytes& g = *got_slices[output.param];
    const Bytes& w = *want_slices[output.param];
    std::size_t bad = 0;
    for (std::size_t i = 0; i < g.count; ++i) {
      std::string diff = output.compare(g.data.data() + i * g.element, w.data.data() + i * w.element, check);
      if (diff.empty()) continue;
      if (bad++ < 5) report << "  parameter " << output.param << ", element " << i << ": " << diff << "\n";
    }
    if (bad > 5) report << "  ... " << bad << " of " << g.count << " elements differ\n";
  }
  return report.str();
}

void run_cpu(const Entry& entry) {
  for (std::size_t round = 0; const std::size_t n : sizes_of(entry)) {
    const std::uint64_t seed = seed_of(entry, round++);
    Rng rng_a(seed), rng_b(seed);
    std::shared_ptr<void> a = entry.make(rng_a, Mode::HostSafe, n, 0xFF);
    std::shared_ptr<void> b = entry.make(rng_b, Mode::HostSafe, n, 0x5A);
    entry.run_host(a.get(), n);
    entry.run_host(b.get(), n);
    std::string diff = compare_outputs(entry, a.get(), b.get(), exact());
    EXPECT_EQ(diff, "") << "n = " << n << ": outputs of two host runs differ (an element left unwritten?)";
    if (entry.reference == Reference::HostBuild) continue;
    Rng rng_r(seed), rng_s(seed);
    std::shared_ptr<void> r = entry.make(rng_r, Mode::HostSafe, n, 0xFF);
    entry.run_reference(r.get(), n);
    if (entry.reference == Reference::Defines) {
      diff = compare_outputs(entry, a.get(), r.get(), exact());
      EXPECT_EQ(diff, "") << "n = " << n << ": the reference disagrees with the host build";
    } else {
      std::shared_ptr<void> s = entry.make(rng_s, Mode::HostSafe, n, 0x5A);
      entry.run_reference(s.get(), n);
      diff = compare_outputs(entry, r.get(), s.get(), exact());
      EXPECT_EQ(diff, "") << "n = " << n << ": outputs of two reference runs differ (an element left unwritten?)";
    }
  }
}

}  // namespace

const simt::Context* gpu_context(std::string& why) {
  // Kept to the end of the process, like the loaded modules (see loaded()).
  static std::optional<simt::Context>& context = *new std::optional<simt::Context>();
  static std::string error;
  static bool tried = false;
  if (!tried) {
    tried = true;
    try {
      context.emplace(simt::Context::primary());
    } catch (const simt::DriverNotFound& e) {
      error = std::string("no CUDA driver here: ") + e.what();
    } catch (const simt::NoDevice& e) {
      error = std::string("no CUDA device here: ") + e.what();
    }
  }
  why = error;
  return context ? &*context : nullptr;
}

namespace {

void run_gpu(const Entry& entry) {
  std::string why;
  const simt::Context* context = gpu_context(why);
  if (context == nullptr) GTEST_SKIP() << why;
  const Mode mode = entry.reference == Reference::Defines ? Mode::WithEdges : Mode::HostSafe;
  const bool host_build = entry.reference == Reference::HostBuild;
  for (std::size_t round = 0; const std::size_t n : sizes_of(entry)) {
    const std::uint64_t seed = seed_of(entry, round++);
    Rng rng_want(seed), rng_got(seed);
    std::shared_ptr<void> want = entry.make(rng_want, mode, n, 0xFF);
    std::shared_ptr<void> got = entry.make(rng_got, mode, n, 0xFF);
    if (host_build)
      entry.run_host(want.get(), n);
    else
      entry.run_reference(want.get(), n);
    try {
      entry.run_gpu(*context, got.get(), n);
    } catch (const simt::Error& e) {
      FAIL() << "n = " << n << ": the launch failed: " << e.what();
    }
    std::string diff = compare_outputs(entry, got.get(), want.get(), entry.check);
    EXPECT_EQ(diff, "") << "n = " << n << ": the GPU disagrees with the " << (host_build ? "host build" : "reference");
  }
}

class EntryTest : public ::testing::Test {
 public:
  EntryTest(const Entry& entry, bool gpu) : entry_(entry), gpu_(gpu) {}
  void TestBody() override { gpu_ ? run_gpu(entry_) : run_cpu(entry_); }

 private:
  const Entry& entry_;
  bool gpu_;
};

}  // namespace

void register_tests() {
  for (const Entry& entry : registry()) {
    for (bool gpu : {false, true}) {
      std::string suite = (gpu ? "GPU_" : "CPU_") + entry.file;
      ::testing::RegisterTest(suite.c_str(), entry.name.c_str(), nullptr, nullptr, __FILE__, __LINE__,
                              [&entry, gpu]() -> ::testing::Test* { return new EntryTest(entry, gpu); });
    }
  }
}

}  // namespace conformance

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  conformance::register_tests();
  return RUN_ALL_TESTS();
}
