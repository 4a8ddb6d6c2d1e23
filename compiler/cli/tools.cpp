#include "cli/tools.hpp"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <system_error>

#include <llvm/ADT/StringRef.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/Program.h>

#include <simt/runtime.hpp>

#include "codegen/codegen.hpp"

namespace simtc::cli {
namespace {

namespace fs = std::filesystem;

// Where an install puts libraries and the CMake package, under the prefix.
constexpr const char* kLibDirs[] = {"lib", "lib64", "lib/x86_64-linux-gnu", "lib/aarch64-linux-gnu"};

bool is_executable(const fs::path& path) {
  std::error_code ec;
  return fs::is_regular_file(path, ec) && llvm::sys::fs::can_execute(path.string());
}

fs::path exe_path() {
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  return ec ? fs::path() : exe;
}

// The build tree simtc runs from: <build>/compiler/cli/simtc, with simtcConfig.cmake in <build>.
fs::path build_tree() {
  fs::path exe = exe_path();
  if (exe.empty()) return {};
  fs::path top = exe.parent_path().parent_path().parent_path();
  std::error_code ec;
  return fs::exists(top / "simtcConfig.cmake", ec) && fs::exists(top / "CMakeCache.txt", ec) ? top : fs::path();
}

}  // namespace

ToolSearch find_cuda_tool(const std::string& name, const std::vector<std::string>& extra_dirs) {
  ToolSearch search;
  search.name = name;
  std::vector<std::string> dirs;
  if (const char* cuda = std::getenv("CUDA_PATH"); cuda && cuda[0] != '\0') dirs.push_back(std::string(cuda) + "/bin");
  std::string ptxas = codegen::default_ptxas_path();
  if (is_executable(ptxas)) dirs.push_back(fs::path(ptxas).parent_path().string());
  dirs.push_back("/usr/local/cuda/bin");
  for (const std::string& dir : extra_dirs) dirs.push_back(dir);
  for (const std::string& dir : dirs) {
    if (std::find(search.looked.begin(), search.looked.end(), dir) != search.looked.end()) continue;
    search.looked.push_back(dir);
    if (is_executable(fs::path(dir) / name)) {
      search.path = (fs::path(dir) / name).string();
      return search;
    }
  }
  search.looked.push_back("PATH");
  search.path = find_on_path(name);
  return search;
}

std::string not_found_message(const ToolSearch& search) {
  std::string text = search.name + " not found (looked in ";
  for (std::size_t i = 0; i < search.looked.size(); ++i) {
    if (i > 0) text += i + 1 == search.looked.size() ? " and " : ", ";
    text += search.looked[i];
  }
  return text + ")";
}

std::string toolkit_fix(const std::string& name) {
  return "install the CUDA toolkit's " + name + ", or set CUDA_PATH to the toolkit's root";
}

std::string find_on_path(const std::string& name) {
  llvm::ErrorOr<std::string> found = llvm::sys::findProgramByName(name);
  return found ? *found : "";
}

std::string resolve_program(const std::string& program) {
  if (program.find('/') != std::string::npos) return is_executable(program) ? program : "";
  return find_on_path(program);
}

std::optional<int> find_program_and_tool(const std::string& command, const std::string& given,
                                         const std::string& tool, const std::vector<std::string>& extra_dirs,
                                         std::string& program, ToolSearch& found) {
  if (given.empty()) {
    std::cerr << "simtc " << command << ": error: no program to run (try 'simtc " << command << " --help')\n";
    return 2;
  }
  program = resolve_program(given);
  if (program.empty()) {
    std::cerr << "simtc " << command << ": error: '" << given << "' is not an executable file\n";
    return 2;
  }
  found = find_cuda_tool(tool, extra_dirs);
  if (found.path.empty()) {
    std::cerr << "simtc " << command << ": error: " << not_found_message(found) << "\n"
              << "  fix: " << toolkit_fix(tool) << "\n";
    return 1;
  }
  return std::nullopt;
}

int run_program(const std::string& program, const std::vector<std::string>& args, std::string& error,
                const std::string& log_file) {
  std::vector<llvm::StringRef> argv{program};
  for (const std::string& arg : args) argv.push_back(arg);
  std::optional<llvm::StringRef> redirects[] = {std::nullopt, std::nullopt, std::nullopt};
  if (!log_file.empty()) redirects[1] = redirects[2] = llvm::StringRef(log_file);
  bool failed_to_start = false;
  int status = llvm::sys::ExecuteAndWait(program, argv, std::nullopt, redirects, 0, 0, &error, &failed_to_start);
  if (failed_to_start) {
    error = "cannot run '" + program + "': " + error;
    return -1;
  }
  if (status < 0) {  // -2: killed by a signal (`error` names it)
    error = program + ": " + (error.empty() ? std::string("did not exit normally") : error);
    return -1;
  }
  return status;
}

int run_for_status(const std::string& command, const std::string& program, const std::vector<std::string>& args) {
  std::string error;
  int status = run_program(program, args, error);
  if (status < 0) {
    std::cerr << "simtc " << command << ": error: " << error << "\n";
    return 1;
  }
  return status;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

void probe_gpu(driver::GpuProbe& gpu) {
  try {
    gpu.driver_version = simt::driver_version();
    gpu.device_count = simt::device_count();
    if (gpu.device_count == 0) {
      gpu.state = driver::GpuProbe::State::NoDevice;
      return;
    }
    simt::Context context = simt::Context::primary(0);
    gpu.name = context.device_name();
    gpu.compute_capability = context.compute_capability();
    gpu.memory_bytes = context.limits().total_memory;
    gpu.state = driver::GpuProbe::State::Found;
  } catch (const simt::DriverNotFound& e) {
    gpu.state = driver::GpuProbe::State::NoDriver;
    gpu.error = e.what();
  } catch (const simt::NoDevice& e) {
    gpu.state = driver::GpuProbe::State::NoDevice;
    gpu.error = e.what();
  } catch (const std::exception& e) {
    gpu.state = driver::GpuProbe::State::Error;
    gpu.error = e.what();
  }
}

GpuArch detect_gpu_arch() {
  driver::GpuProbe gpu;
  probe_gpu(gpu);
  GpuArch result;
  codegen::TargetOptions target;  // its default architecture, sm_90
  result.arch = target.arch;
  if (gpu.state != driver::GpuProbe::State::Found) {
    result.note = "no GPU found (" + (gpu.error.empty() ? std::string("the driver reports no device") : gpu.error) +
                  "): building for " + result.arch + "; the program runs its CPU path, if it has one";
    return result;
  }
  result.gpu = true;
  target.arch = "sm_" + std::to_string(gpu.compute_capability);
  if (!codegen::check_target(target).empty()) {
    result.note = "GPU 0 (" + gpu.name + ") is " + target.arch + ", which simtc does not compile for: building for " +
                  result.arch;
    return result;
  }
  result.arch = target.arch;
  return result;
}

std::string simtc_executable() { return exe_path().string(); }

std::string installed_prefix() {
  fs::path exe = exe_path();
  if (exe.empty()) return "";
  fs::path prefix = exe.parent_path().parent_path();
  std::error_code ec;
  for (const char* libdir : kLibDirs)
    if (fs::exists(prefix / libdir / "cmake" / "simtc" / "simtcConfig.cmake", ec)) return prefix.string();
  return "";
}

std::string package_dir() {
  if (std::string prefix = installed_prefix(); !prefix.empty()) {
    std::error_code ec;
    for (const char* libdir : kLibDirs)
      if (fs::path dir = fs::path(prefix) / libdir / "cmake" / "simtc"; fs::exists(dir / "simtcConfig.cmake", ec))
        return dir.string();
  }
  return build_tree().string();
}

std::string runtime_library() {
  std::error_code ec;
  if (std::string prefix = installed_prefix(); !prefix.empty())
    for (const char* libdir : kLibDirs)
      if (fs::path lib = fs::path(prefix) / libdir / "libsimt_runtime.a"; fs::exists(lib, ec)) return lib.string();
  if (fs::path top = build_tree(); !top.empty())
    if (fs::path lib = top / "runtime" / "libsimt_runtime.a"; fs::exists(lib, ec)) return lib.string();
  return "";
}

}  // namespace simtc::cli
