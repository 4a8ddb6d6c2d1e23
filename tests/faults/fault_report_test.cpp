// A failed bounds check or SIMT_ASSERT is reported with the kernel's source location, the
// view, the index and size, and the block and thread: on the GPU as a DeviceFault after the
// failed synchronize, on the CPU (host reference) on stderr before abort(). Each case runs in
// a child process: a trap leaves the CUDA context unusable, and the CPU path aborts.
//
//   fault_report_test --cpu   the host reference's reports (no GPU needed)
//   fault_report_test --gpu   the GPU's; exit status 77 (skipped) without a GPU
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstdio>
#include <cstring>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <simt/host.hpp>

#include "fault_kernels.simt.hpp"

void shifted(simt::Slice<const float> in, simt::DisjointSlice<float> out, unsigned shift);
void through_helper(simt::Slice<const float> in, simt::DisjointSlice<float> out, unsigned shift);
void local_table(simt::Slice<const unsigned> keys, simt::DisjointSlice<float> out);
void asserting(simt::Slice<const float> in, simt::DisjointSlice<float> out, float limit);

namespace {

const std::string kFile = SIMT_FAULT_KERNELS;  // the kernel file's path, as simtc saw it

struct Case {
  const char* name;
  std::string expected;  // the report's first line (the GPU's what() up to "; ")
  std::size_t n;         // elements
  unsigned block;
  std::function<void(std::size_t n, unsigned block)> cpu;
  std::function<void(const simt::Context&, std::size_t n, unsigned block)> gpu;
};

std::vector<float> ramp(std::size_t n) {
  std::vector<float> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = float(i) * 0.5f;
  return v;
}

std::vector<unsigned> keys(std::size_t n, std::size_t bad_at) {
  std::vector<unsigned> k(n);
  for (std::size_t i = 0; i < n; ++i) k[i] = unsigned(i % 4);
  k[bad_at] = 7;
  return k;
}

std::uint32_t blocks(std::size_t n, unsigned block) { return std::uint32_t((n + block - 1) / block); }

// The shift kernels (in, out, shift 1) on ramp(n): on the CPU through the host reference, on
// the GPU through the generated launcher `launch` picks.
void shift_on_cpu(std::size_t n, unsigned block,
                  void (*kernel)(simt::Slice<const float>, simt::DisjointSlice<float>, unsigned)) {
  std::vector<float> in = ramp(n), o(n, -1.0f);
  simt::host::launch_1d(blocks(n, block), block, kernel, simt::host::slice(in), simt::host::disjoint(o), 1u);
}

template <class Launch>
void shift_on_gpu(const simt::Context& c, std::size_t n, unsigned block, Launch launch) {
  auto k = fault_kernels_kernels::load(c);
  simt::Stream s(c);
  auto in = simt::DeviceBuffer<float>::from_host(c, ramp(n));
  auto o = simt::DeviceBuffer<float>::from_host(c, std::vector<float>(n, -1.0f));
  launch(k, s, simt::LaunchConfig1D{blocks(n, block), block}, in, o);
  s.synchronize();
}

std::vector<Case> cases() {
  std::vector<Case> out;
  // 1237 elements, 256 per block: the thread of element 1236 (block 4, thread 212) reads in[1237].
  out.push_back({"slice read past the end", kFile + ":13:37: index 1237 out of range for 'in' (size 1237) in block (4,0,0) thread (212,0,0)",
                 1237, 256, [](std::size_t n, unsigned block) { shift_on_cpu(n, block, shifted); },
                 [](const simt::Context& c, std::size_t n, unsigned block) {
                   shift_on_gpu(c, n, block, [](auto& k, auto& s, simt::LaunchConfig1D config, auto& in, auto& o) {
                     k.shifted(s, k.prepare_shifted(config), in, o, 1u);
                   });
                 }});
  // Through a helper: reported at the helper's subscript, under the helper's name for the view.
  out.push_back({"through a helper", kFile + ":7:10: index 999 out of range for 'values' (size 999) in block (7,0,0) thread (102,0,0)",
                 999, 128, [](std::size_t n, unsigned block) { shift_on_cpu(n, block, through_helper); },
                 [](const simt::Context& c, std::size_t n, unsigned block) {
                   shift_on_gpu(c, n, block, [](auto& k, auto& s, simt::LaunchConfig1D config, auto& in, auto& o) {
                     k.through_helper(s, k.prepare_through_helper(config), in, o, 1u);
                   });
                 }});
  // A local array (GPU only: the host reference's C arrays are not checked): key 7 at
  // element 500 (block 1, thread 244).
  out.push_back({"local array", kFile + ":26:37: index 7 out of range for 'table' (size 4) in block (1,0,0) thread (244,0,0)",
                 613, 256, {},
                 [](const simt::Context& c, std::size_t n, unsigned block) {
                   auto k = fault_kernels_kernels::load(c);
                   simt::Stream s(c);
                   auto d_keys = simt::DeviceBuffer<unsigned>::from_host(c, keys(n, 500));
                   auto o = simt::DeviceBuffer<float>::from_host(c, std::vector<float>(n, -1.0f));
                   k.local_table(s, k.prepare_local_table(simt::LaunchConfig1D{blocks(n, block), block}), d_keys, o);
                   s.synchronize();
                 }});
  return out;
}

// The GPU's assert (the CPU's SIMT_ASSERT has its own text, tests/conformance/printing.cpp).
Case assert_case() {
  // Element 777 alone is at or above the limit: block 3, thread 9.
  return {"SIMT_ASSERT", kFile + ":34:5: assertion 'v < limit' failed in block (3,0,0) thread (9,0,0)", 1000, 256, {},
          [](const simt::Context& c, std::size_t n, unsigned block) {
            auto k = fault_kernels_kernels::load(c);
            simt::Stream s(c);
            std::vector<float> values = ramp(n);
            values[777] = 1000.0f;
            auto in = simt::DeviceBuffer<float>::from_host(c, values);
            auto o = simt::DeviceBuffer<float>::from_host(c, std::vector<float>(n, -1.0f));
            k.asserting(s, k.prepare_asserting(simt::LaunchConfig1D{blocks(n, block), block}), in, o, 999.0f);
            s.synchronize();
          }};
}

// Runs `body` in a child; returns its exit status and what it wrote to stderr.
std::pair<int, std::string> in_child(const std::function<int()>& body) {
  int pipe_fds[2];
  if (pipe(pipe_fds) != 0) return {-1, "pipe failed"};
  std::fflush(nullptr);
  pid_t pid = fork();
  if (pid == 0) {
    close(pipe_fds[0]);
    dup2(pipe_fds[1], 2);
    std::_Exit(body());
  }
  close(pipe_fds[1]);
  std::string err;
  char buf[4096];
  for (ssize_t got; (got = read(pipe_fds[0], buf, sizeof buf)) > 0;) err.append(buf, std::size_t(got));
  close(pipe_fds[0]);
  int status = 0;
  waitpid(pid, &status, 0);
  if (WIFSIGNALED(status)) return {128 + WTERMSIG(status), err};
  return {WEXITSTATUS(status), err};
}

int run_cpu() {
  int failed = 0;
  for (const Case& c : cases()) {
    if (!c.cpu) continue;
    auto [status, err] = in_child([&] {
      c.cpu(c.n, c.block);
      return 0;
    });
    const std::string first = err.substr(0, err.find('\n'));
    const bool ok = status == 128 + SIGABRT && first == c.expected;
    std::printf("%s cpu: %s\n    got (status %d): %s\n", ok ? "PASS" : "FAIL", c.name, status, first.c_str());
    if (!ok) std::printf("    want (abort): %s\n", c.expected.c_str()), ++failed;
  }
  std::printf("%d failed\n", failed);
  return failed == 0 ? 0 : 1;
}

int run_gpu() {
  std::vector<Case> all = cases();
  all.push_back(assert_case());
  int failed = 0, skipped = 0;
  for (const Case& c : all) {
    auto [status, err] = in_child([&]() -> int {
      std::optional<simt::Context> context;
      try {
        context.emplace(simt::Context::primary());
      } catch (const simt::Error& e) {
        std::fprintf(stderr, "no GPU: %s\n", e.what());
        return 77;
      }
      try {
        c.gpu(*context, c.n, c.block);
        std::fprintf(stderr, "the launch succeeded\n");
        return 1;
      } catch (const simt::DeviceFault& e) {
        const std::string what = e.what();
        const simt::DeviceFault::Info& f = e.fault();
        std::fprintf(stderr, "%s\n", what.c_str());
        if (what.rfind(c.expected + "; ", 0) != 0 || f.text != c.expected || f.file != kFile) return 2;
        // Later calls on the dead context report the same fault.
        try {
          context->synchronize();
          return 3;
        } catch (const simt::DeviceFault& again) {
          return again.fault().text == c.expected ? 0 : 4;
        }
      } catch (const simt::Error& e) {
        std::fprintf(stderr, "not a DeviceFault: %s\n", e.what());
        return 5;
      }
    });
    if (status == 77) {
      ++skipped;
      continue;
    }
    std::printf("%s gpu: %s (status %d)\n    got: %s", status == 0 ? "PASS" : "FAIL", c.name, status, err.c_str());
    if (status != 0) std::printf("    want: %s; ...\n", c.expected.c_str()), ++failed;
  }
  if (skipped == int(all.size())) {
    std::printf("SKIPPED: no GPU\n");
    return 77;
  }
  std::printf("%d failed\n", failed);
  return failed == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 2 && std::strcmp(argv[1], "--cpu") == 0) return run_cpu();
  if (argc == 2 && std::strcmp(argv[1], "--gpu") == 0) return run_gpu();
  std::fprintf(stderr, "usage: fault_report_test --cpu|--gpu\n");
  return 2;
}
