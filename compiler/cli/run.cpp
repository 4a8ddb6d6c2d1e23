// simtc run [DIR | FILE...] : builds a project (or a kernel file and its host program) for this
// machine's GPU and runs it; the exit status is the program's.
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <regex>
#include <system_error>

#include "cli/commands.hpp"
#include "cli/project.hpp"
#include "frontend/frontend.hpp"

namespace simtc::cli {
namespace {

namespace fs = std::filesystem;

void usage(std::ostream& os) {
  os << "usage: simtc run [DIR] [--build-dir B] [--target NAME] [--arch SM] [-- ARGS...]\n"
     << "       simtc run FILE... [--build-dir B] [--arch SM] [-- ARGS...]\n\n"
     << "Builds a program for this machine's GPU and runs it with ARGS; exits with its status.\n\n"
     << "DIR (default: the current directory) is a CMake project that uses add_gpu_kernels(),\n"
     << "such as one made by 'simtc new': it is configured into B (default DIR/build) against\n"
     << "this simtc's package, with Ninja when found and -DSIMTC_DEFAULT_ARCH set to the GPU's\n"
     << "architecture, built, and its executable run: the only executable target, or NAME.\n\n"
     << "FILE... are C++ files: each that includes <simt/kernel.hpp> is compiled with\n"
     << "'simtc build --header' (its header is <stem>.simt.hpp), and all of them (kernel files\n"
     << "too, for the CPU fallback the examples use) with the C++ compiler ($CXX, else c++) and\n"
     << "linked with simt's runtime, in B (default: a temporary directory, removed afterwards).\n\n"
     << "  --build-dir B   the build directory\n"
     << "  --target NAME   the executable target to run, when the project has several\n"
     << "  --arch SM       the architecture to compile for (default: GPU 0's; sm_90 without a\n"
     << "                  GPU, where the program runs its CPU path, if it has one)\n";
}

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
    Args build{kernel, "--arch", arch.arch, "-o", (dir / (stem + ".ptx")).string(), "--header",
               (dir / (stem + ".simt.hpp")).string()};
    if (int status = run_build(build); status != 0) return 1;
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

int run_run(const Args& raw) {
  ProjectArgs args;
  if (std::optional<int> done = parse_project_args("run", raw, /*allow_target=*/true, usage, args)) return *done;
  std::error_code ec;
  if (args.inputs.size() <= 1 && (args.inputs.empty() || fs::is_directory(args.inputs.front(), ec)))
    return run_project(args);
  if (!args.target.empty()) {
    std::cerr << "simtc run: error: --target is for a project directory, not for files\n";
    return 2;
  }
  return run_files(args);
}

}  // namespace simtc::cli
