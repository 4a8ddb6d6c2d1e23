// simtc test [DIR] : builds a project as `simtc run` does, then runs its tests with ctest;
// tests labelled `gpu` only where there is a GPU.
#include <iostream>

#include "cli/commands.hpp"
#include "cli/project.hpp"

namespace simtc::cli {
namespace {

void usage(std::ostream& os) {
  os << "usage: simtc test [DIR] [--build-dir B] [--arch SM] [-- CTEST_ARGS...]\n\n"
     << "Configures and builds the CMake project DIR (default: the current directory) as\n"
     << "'simtc run' does, into B (default DIR/build), then runs its tests:\n"
     << "  ctest --test-dir B --output-on-failure [-LE gpu] CTEST_ARGS...\n"
     << "Without a GPU, the tests labelled 'gpu' are left out (-LE gpu), and a note says so.\n"
     << "Exits with ctest's status.\n\n"
     << "  --build-dir B   the build directory\n"
     << "  --arch SM       the architecture to compile for (default: GPU 0's, else sm_90)\n";
}

}  // namespace

int run_test(const Args& raw) {
  ProjectArgs args;
  if (std::optional<int> done = parse_project_args("test", raw, /*allow_target=*/false, usage, args)) return *done;
  if (args.inputs.size() > 1) {
    std::cerr << "simtc test: error: expected one project directory, got " << args.inputs.size() << "\n";
    return 2;
  }
  const std::string dir = args.inputs.empty() ? "." : args.inputs.front();
  std::string build_dir;
  if (!project_dirs("test", dir, args, build_dir)) return 2;
  std::string ctest = find_cmake_program("test", "ctest");
  if (ctest.empty()) return 1;
  GpuArch arch = choose_arch("test", args.arch);
  if (int status = configure_and_build("test", dir, build_dir, arch.arch, ""); status != 0) return status;

  std::vector<std::string> ctest_args{"--test-dir", build_dir, "--output-on-failure"};
  if (!arch.gpu) {
    std::cerr << "simtc test: note: no GPU: the tests labelled 'gpu' are left out (ctest -LE gpu)\n";
    ctest_args.insert(ctest_args.end(), {"-LE", "gpu"});
  }
  ctest_args.insert(ctest_args.end(), args.passed.begin(), args.passed.end());
  return run_for_status("test", ctest, ctest_args);
}

}  // namespace simtc::cli
