// simtc test [DIR] : builds a project as `simtc run` does, then runs its tests with ctest;
// tests labelled `gpu` only where there is a GPU.
#include <iostream>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "cli/project.hpp"

namespace simtc::cli {

llvm::cl::SubCommand& test_command() {
  static llvm::cl::SubCommand command(
      "test",
      "build a project as 'simtc run' does and run its tests with ctest (-LE gpu without a GPU)");
  return command;
}

int run_test() {
  ProjectArgs args;
  if (std::optional<std::string> error = read_project_args("test", args)) return usage_error("test", *error);
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
