// What the commands that drive other programs share (run, test, sanitize, debug, pipeline,
// doctor, new): finding the CUDA toolkit's programs and simtc's own package, running a
// program, and the architecture of GPU 0.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "driver/doctor_checks.hpp"

namespace simtc::cli {

/// Where a program was looked for, and where it was found ("" when it was not).
struct ToolSearch {
  std::string name;
  std::string path;
  std::vector<std::string> looked;  // directories, in search order; "PATH" for the search path
};

/// A CUDA toolkit program: $CUDA_PATH/bin, the directory of the ptxas in use,
/// /usr/local/cuda/bin, each of `extra_dirs` (e.g. /usr/local/cuda/compute-sanitizer), then PATH.
ToolSearch find_cuda_tool(const std::string& name, const std::vector<std::string>& extra_dirs = {});

/// "nvdisasm not found (looked in /opt/cuda/bin, /usr/local/cuda/bin and PATH)".
std::string not_found_message(const ToolSearch& search);

/// The fix line of a missing CUDA toolkit program.
std::string toolkit_fix(const std::string& name);

/// A program on PATH ("" when there is none).
std::string find_on_path(const std::string& name);

/// The program a command line names: a path that is an executable file, or a name found on
/// PATH; "" when neither (sanitize, debug).
std::string resolve_program(const std::string& program);

/// The program `given` on the command line of sanitize or debug (resolve_program) and the CUDA
/// toolkit program `tool` (find_cuda_tool) that runs it. Returns the exit status after a
/// printed error: 2 for no program or one that is not executable, 1 (with a fix line) for a
/// missing tool.
std::optional<int> find_program_and_tool(const std::string& command, const std::string& given,
                                         const std::string& tool, const std::vector<std::string>& extra_dirs,
                                         std::string& program, ToolSearch& found);

/// Runs `program` with `args` (argv[0] not included) and waits. Standard input and output are
/// this process's, unless `log_file` is given: then stdout and stderr go to that file. Returns
/// the exit status; -1 with `error` set when the program could not be started or was killed.
int run_program(const std::string& program, const std::vector<std::string>& args, std::string& error,
                const std::string& log_file = "");

/// run_program() for a command whose exit status is the program's: prints
/// "simtc <command>: error: ..." and returns 1 when the program could not be run.
int run_for_status(const std::string& command, const std::string& program, const std::vector<std::string>& args);

/// The contents of a file ("" when it cannot be read).
std::string read_file(const std::string& path);

/// Queries the driver for GPU 0 (through simt's runtime); fills state, name, compute
/// capability, memory and the driver version.
void probe_gpu(driver::GpuProbe& gpu);

/// The architecture to build for on this machine: GPU 0's, or sm_90 (with `note` saying why)
/// when there is no GPU or simtc does not compile for its architecture.
struct GpuArch {
  bool gpu = false;  // a GPU was found
  std::string arch;  // "sm_90"
  std::string note;  // non-empty when `arch` is not GPU 0's
};
GpuArch detect_gpu_arch();

/// The path of the running simtc ("" when /proc/self/exe cannot be read).
std::string simtc_executable();

/// The install prefix this simtc runs from, when the CMake package sits beside it; else "".
std::string installed_prefix();

/// Where find_package(simtc) finds the package of this simtc: <prefix>/lib/cmake/simtc when
/// installed, the top of the build tree when it runs from one; "" when neither.
std::string package_dir();

/// simt's runtime library (libsimt_runtime.a) of this simtc, installed or in its build tree;
/// "" when not found.
std::string runtime_library();

}  // namespace simtc::cli
