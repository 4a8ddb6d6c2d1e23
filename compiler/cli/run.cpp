// simtc run [DIR | FILE...] : builds a project (or a kernel file and its host program) for this
// machine's GPU and runs it; the exit status is the program's.
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <regex>
#include <system_error>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "cli/project.hpp"
#include "frontend/frontend.hpp"

namespace simtc::cli {

llvm::cl::SubCommand& run_command() {
  static llvm::cl::SubCommand command(
      "run",
      "build a project (or kernel and host files) for this machine's GPU and run it with ARGS; exits with its status");
  return command;
}

namespace {

namespace fs = std::filesystem;
namespace cl = llvm::cl;

cl::OptionCategory run_category("Run options");

cl::opt<std::string> target_flag("target", cl::desc("the executable target to run, when the project has several"),
                                 cl::value_desc("NAME"), cl::cat(run_category), cl::sub(run_command()));

bool is_kernel_file(const std::string& path) {
  static const std::regex include(R"(#\s*include\s*<simt/kernel\.hpp>)");
  return std::regex_search(read_file(path), include);
}

// Runs `program` with `args` and returns its exit status (1 when it could not be run).
int run_executable(const std::string& program, const std::vector<std::string>& args) {
  std::cerr << "simtc run: running " << program << "\n";
  return run_for_status("run", program, args);
}

int run_files(const ProjectArgs& args) {
  std::vector<std::string> kernels;
  for (const std::string& input : args.inputs) {
    std::error_code ec;
    if (!fs::is_regular_file(input, ec)) {
      std::cerr << "simtc run: error: '" << input << "' is not a file (give one project directory, or C++ files)\n";
      return 2;
    }
    if (is_kernel_file(input)) kernels.push_back(input);
  }
  if (kernels.empty()) {
    std::cerr << "simtc run: error: none of the files includes <simt/kernel.hpp>; give the kernel file too\n";
    return 2;
  }
  std::string cxx;
  for (const char* candidate : {static_cast<const char*>(std::getenv("CXX")), "c++", "g++", "clang++"})
    if (candidate != nullptr && candidate[0] != '\0' && !(cxx = find_on_path(candidate)).empty()) break;
  if (cxx.empty()) {
    std::cerr << "simtc run: error: no C++ compiler found ($CXX, c++, g++ or clang++ on PATH)\n"
              << "  fix: install one (Debian/Ubuntu: apt install g++) or set CXX\n";
    return 1;
  }
  std::string runtime = runtime_library();
  if (runtime.empty()) {
    std::cerr << "simtc run: error: simt's runtime library (libsimt_runtime.a) is neither installed beside "
              << simtc_executable() << " nor in its build tree\n"
              << "  fix: run the simtc of an install (cmake --install) or of a build tree\n";
    return 1;
  }
  GpuArch arch = choose_arch("run", args.arch);

  const bool temporary = args.build_dir.empty();
  std::error_code ec;
  fs::path dir = temporary ? fs::temp_directory_path(ec) / ("simtc-run-" + std::to_string(getpid()))
                           : fs::path(args.build_dir);
  fs::create_directories(dir, ec);
  if (ec) {
    std::cerr << "simtc run: error: cannot create '" << dir.string() << "': " << ec.message() << "\n";
    return 1;
  }
  struct Cleanup {
    fs::path dir;
    ~Cleanup() {
      std::error_code ignored;
      if (!dir.empty()) fs::remove_all(dir, ignored);
    }
  } cleanup{temporary ? dir : fs::path()};

  for (const std::string& kernel : kernels) {
    std::string stem = fs::path(kernel).stem().string();
    BuildRequest build;
    build.options.target.arch = build.options.checker.arch = arch.arch;
    build.options.checker.ptx_version = codegen::effective_ptx_version(build.options.target);
    build.inputs = {kernel};
    build.output = (dir / (stem + ".ptx")).string();
    build.header = (dir / (stem + ".simt.hpp")).string();
    if (int status = build_files(std::move(build)); status != 0) return 1;
  }
  fs::path program = fs::absolute(dir / fs::path(args.inputs.front()).stem());
  std::vector<std::string> compile{"-std=c++20", "-O2", "-I" + dir.string(),
                                   "-I" + frontend::default_simt_include_dir()};
  compile.insert(compile.end(), args.inputs.begin(), args.inputs.end());
  compile.insert(compile.end(), {"-o", program.string(), runtime, "-ldl"});
  std::cerr << "simtc run: compiling " << args.inputs.size() << (args.inputs.size() == 1 ? " file" : " files")
            << " with " << cxx << "\n";
  std::string error;
  int status = run_program(cxx, compile, error);
  if (status != 0) {
    std::cerr << "simtc run: error: " << (status < 0 ? error : "the C++ compiler failed (see above)") << "\n";
    return 1;
  }
  return run_executable(program.string(), args.passed);
}

int run_project(const ProjectArgs& args) {
  const std::string dir = args.inputs.empty() ? "." : args.inputs.front();
  std::string build_dir;
  if (!project_dirs("run", dir, args, build_dir)) return 2;
  GpuArch arch = choose_arch("run", args.arch);
  if (int status = configure_and_build("run", dir, build_dir, arch.arch, args.target); status != 0) return status;
  std::vector<Executable> executables = project_executables("run", build_dir);
  if (executables.empty()) return 1;
  const Executable* chosen = nullptr;
  std::string names;
  for (const Executable& exe : executables) {
    names += (names.empty() ? "" : ", ") + exe.name;
    if (exe.name == args.target) chosen = &exe;
  }
  if (!args.target.empty() && chosen == nullptr) {
    std::cerr << "simtc run: error: no executable target '" << args.target << "' (the project has: " << names << ")\n";
    return 2;
  }
  if (chosen == nullptr && executables.size() > 1) {
    std::cerr << "simtc run: error: the project has " << executables.size() << " executables (" << names
              << "); choose one with --target NAME\n";
    return 2;
  }
  return run_executable((chosen ? *chosen : executables.front()).path, args.passed);
}

}  // namespace

int run_run() {
  ProjectArgs args;
  if (std::optional<std::string> error = read_project_args("run", args)) return usage_error("run", *error);
  args.target = target_flag;
  std::error_code ec;
  if (args.inputs.size() <= 1 && (args.inputs.empty() || fs::is_directory(args.inputs.front(), ec)))
    return run_project(args);
  if (!args.target.empty()) {
    return usage_error("run", "--target is for a project directory, not for files");
  }
  return run_files(args);
}

}  // namespace simtc::cli
