// The replay driver: runs a fuzz target (its LLVMFuzzerTestOneInput) without libFuzzer, over
// every file of the given corpus directories and then over seeded mutations of them. The
// normal build links it with each target (fuzz_<target>_replay) and ctest runs it as a smoke
// test; tests/fuzz/README.md has the options. A crash, an abort, an exit from inside the
// target, a timeout or a resident set over the limit fails the run: the input that did it is
// written to <artifact-prefix>crash-<hash> (or timeout-, oom-) and the driver exits non-zero.
#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "mutator.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

namespace fs = std::filesystem;

struct Options {
  std::vector<std::string> corpus;  // directories or files
  std::size_t mutations = 0;
  std::uint64_t seed = 1;
  std::string dictionary;
  unsigned timeout_s = 20;
  double max_total_time_s = 0;  // 0: no limit
  std::size_t rss_limit_mb = 2048;
  std::size_t max_len = 64 * 1024;
  std::string artifact_prefix;
  std::string emit_mutants;  // write the mutants here instead of running them
  bool verbose = false;
};

// What the signal and exit handlers report; set before each run.
int real_stderr = 2;
int captured_stderr = -1;
std::string current_input;
std::string current_origin;
const char* artifact_prefix = "";
volatile sig_atomic_t in_target = 0;

std::uint64_t fnv1a(const std::string& text) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (unsigned char c : text) h = (h ^ c) * 0x100000001b3ull;
  return h;
}

void say(const std::string& text) {
  for (std::size_t done = 0; done < text.size();) {
    ssize_t n = ::write(real_stderr, text.data() + done, text.size() - done);
    if (n <= 0) return;
    done += std::size_t(n);
  }
}

// The failure report: what the target printed (its tail), the origin and the saved input.
// Called from signal handlers; it allocates, which is good enough for a test driver whose
// next step is to die.
void report_failure(const char* kind) {
  if (captured_stderr >= 0) {
    off_t size = ::lseek(captured_stderr, 0, SEEK_END);
    off_t from = size > 4096 ? size - 4096 : 0;
    char buf[4096];
    ssize_t n = ::pread(captured_stderr, buf, sizeof buf, from);
    if (n > 0) {
      say("--- the target's output (last 4 KiB) ---\n");
      say(std::string(buf, std::size_t(n)));
      say("\n---\n");
    }
  }
  char name[4096];
  std::snprintf(name, sizeof name, "%s%s-%016llx", artifact_prefix, kind,
                static_cast<unsigned long long>(fnv1a(current_input)));
  int fd = ::open(name, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd >= 0) {
    ssize_t ignored = ::write(fd, current_input.data(), current_input.size());
    (void)ignored;
    ::close(fd);
  }
  say(std::string("fuzz replay: ") + kind + " on " + current_origin + "; input saved to " + name + "\n");
}

void on_signal(int sig) {
  if (!in_target) {
    signal(sig, SIG_DFL);
    raise(sig);
    return;
  }
  in_target = 0;
  report_failure(sig == SIGALRM ? "timeout" : "crash");
  if (sig != SIGALRM) say(std::string("fuzz replay: signal ") + std::to_string(sig) + " (" + strsignal(sig) + ")\n");
  _exit(1);  // as libFuzzer does: a status, not a death by signal (ctest reads the output then)
}

void on_exit() {
  if (!in_target) return;
  in_target = 0;
  report_failure("crash");
  say("fuzz replay: the target called exit() (LLVM's fatal errors do)\n");
  _exit(1);
}

bool read_file(const fs::path& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  out.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return true;
}

// Runs the target on `input`; false (after the report) when it left the resident set over
// the limit. Crashes, exits and timeouts do not return.
bool run_one(const std::string& input, const std::string& origin, const Options& options) {
  current_input = input;
  current_origin = origin;
  if (captured_stderr >= 0) {
    if (::ftruncate(captured_stderr, 0) != 0) return true;
    ::lseek(captured_stderr, 0, SEEK_SET);
  }
  itimerval timer{};
  timer.it_value.tv_sec = options.timeout_s;
  setitimer(ITIMER_REAL, &timer, nullptr);
  in_target = 1;
  LLVMFuzzerTestOneInput(reinterpret_cast<const std::uint8_t*>(input.data()), input.size());
  in_target = 0;
  timer.it_value.tv_sec = 0;
  setitimer(ITIMER_REAL, &timer, nullptr);
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  if (std::size_t(usage.ru_maxrss) / 1024 > options.rss_limit_mb) {
    report_failure("oom");
    say("fuzz replay: resident set " + std::to_string(usage.ru_maxrss / 1024) + " MiB, over the limit of " +
        std::to_string(options.rss_limit_mb) + " MiB\n");
    return false;
  }
  return true;
}

bool parse_options(int argc, char** argv, Options& options) {
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    auto value = [&](const char* name, std::string& out) {
      std::string prefix = std::string(name) + "=";
      if (arg.rfind(prefix, 0) != 0) return false;
      out = arg.substr(prefix.size());
      return true;
    };
    std::string v;
    if (value("--mutations", v)) options.mutations = std::stoull(v);
    else if (value("--seed", v)) options.seed = std::stoull(v);
    else if (value("--dict", v)) options.dictionary = v;
    else if (value("--timeout", v)) options.timeout_s = unsigned(std::stoul(v));
    else if (value("--max-total-time", v)) options.max_total_time_s = std::stod(v);
    else if (value("--rss-limit-mb", v)) options.rss_limit_mb = std::stoull(v);
    else if (value("--max-len", v)) options.max_len = std::stoull(v);
    else if (value("--artifact-prefix", v)) options.artifact_prefix = v;
    else if (value("--emit-mutants", v)) options.emit_mutants = v;
    else if (arg == "--verbose") options.verbose = true;
    else if (arg.rfind("--", 0) == 0) {
      std::fprintf(stderr, "fuzz replay: unknown option '%s'\n", arg.c_str());
      return false;
    } else {
      options.corpus.push_back(arg);
    }
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  Options options;
  if (!parse_options(argc, argv, options) || options.corpus.empty()) {
    std::fprintf(stderr,
                 "usage: %s CORPUS_DIR_OR_FILE... [--mutations=N] [--seed=S] [--dict=FILE] [--timeout=S]\n"
                 "       [--max-total-time=S] [--rss-limit-mb=MB] [--max-len=BYTES] [--artifact-prefix=P]\n"
                 "       [--emit-mutants=DIR] [--verbose]\n",
                 argv[0]);
    return 2;
  }
  // The inputs, in a fixed order: the same seed gives the same mutants everywhere.
  std::vector<std::pair<std::string, std::string>> inputs;  // origin, text
  for (const std::string& entry : options.corpus) {
    std::vector<fs::path> files;
    std::error_code ec;
    if (fs::is_directory(entry, ec)) {
      for (const auto& file : fs::recursive_directory_iterator(entry, ec))
        if (file.is_regular_file() && file.path().filename().string()[0] != '.') files.push_back(file.path());
      std::sort(files.begin(), files.end());
    } else if (fs::is_regular_file(entry, ec)) {
      files.push_back(entry);
    } else {
      std::fprintf(stderr, "fuzz replay: warning: no such corpus '%s'\n", entry.c_str());
    }
    for (const fs::path& file : files) {
      std::string text;
      if (!read_file(file, text)) {
        std::fprintf(stderr, "fuzz replay: cannot read %s\n", file.c_str());
        return 2;
      }
      inputs.emplace_back(file.string(), std::move(text));
    }
  }
  std::vector<std::string> dictionary;
  if (!options.dictionary.empty()) {
    std::string error;
    if (!simtc::fuzz::read_dictionary(options.dictionary, dictionary, error)) {
      std::fprintf(stderr, "fuzz replay: %s\n", error.c_str());
      return 2;
    }
  }
  std::vector<std::string> texts;
  for (const auto& input : inputs) texts.push_back(input.second);
  simtc::fuzz::Mutator mutator(options.seed, dictionary, options.max_len);

  if (!options.emit_mutants.empty()) {
    fs::create_directories(options.emit_mutants);
    for (std::size_t i = 0; i < options.mutations && !texts.empty(); ++i) {
      const std::size_t base = i % texts.size();
      // Named after the input they came from, extension included (simtc reads a .cpp as C++).
      const std::string name = "mutant-" + std::to_string(i) + fs::path(inputs[base].first).extension().string();
      std::ofstream(fs::path(options.emit_mutants) / name, std::ios::binary) << mutator.mutate(texts[base], texts);
    }
    return 0;
  }

  artifact_prefix = options.artifact_prefix.c_str();
  real_stderr = ::dup(2);
  if (!options.verbose) {
    // The target's own output (diagnostics, mostly) goes to a scratch file, shown on failure.
    FILE* scratch = std::tmpfile();
    if (scratch) {
      captured_stderr = ::dup(fileno(scratch));
      ::dup2(captured_stderr, 2);
    }
  }
  for (int sig : {SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL, SIGALRM, SIGTRAP}) signal(sig, on_signal);
  std::atexit(on_exit);

  const auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  for (const auto& [origin, text] : inputs)
    if (!run_one(text, origin, options)) return 1;
  std::size_t done = 0;
  for (; done < options.mutations && !texts.empty(); ++done) {
    if (options.max_total_time_s > 0 && elapsed() > options.max_total_time_s) break;
    const std::size_t base = done % texts.size();
    std::string mutant = mutator.mutate(texts[base], texts);
    if (!run_one(mutant, "mutation " + std::to_string(done) + " (seed " + std::to_string(options.seed) +
                             ") of " + inputs[base].first, options))
      return 1;
  }
  char line[256];
  std::snprintf(line, sizeof line, "fuzz replay: %zu corpus inputs, %zu mutations, 0 failures, %.1f s\n",
                inputs.size(), done, elapsed());
  say(line);
  return 0;
}
