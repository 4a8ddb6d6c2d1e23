// What `simtc run` and `simtc test` share: their command line, and configuring and building a
// CMake project that uses add_gpu_kernels() against this simtc's package.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "cli/tools.hpp"

namespace simtc::cli {

struct ProjectArgs {
  std::vector<std::string> inputs;  // a directory, or kernel and host files (run)
  std::string build_dir;            // --build-dir
  std::string arch;                 // --arch; empty: the GPU's (detect_gpu_arch)
  std::string target;               // --target (run)
  std::vector<std::string> passed;  // after "--": the program's (run) or ctest's (test) arguments
};

/// The options of `command` (run or test) as given (--target aside: run's own); what follows
/// "--" goes to `passed`. Returns a usage error message for an unknown --arch, or nothing.
std::optional<std::string> read_project_args(const std::string& command, ProjectArgs& out);

/// The project directory `dir` and its build directory (--build-dir, else DIR/build); false,
/// with the usage error printed, when `dir` has no CMakeLists.txt.
bool project_dirs(const std::string& command, const std::string& dir, const ProjectArgs& args,
                  std::string& build_dir);

/// The architecture to build for: --arch when given, else GPU 0's; prints the note of
/// detect_gpu_arch() ("simtc <command>: note: no GPU found ...") when there is one.
GpuArch choose_arch(const std::string& command, const std::string& arch);

/// Configures `dir` (which has a CMakeLists.txt) into `build_dir` with cmake (Ninja when
/// found, for a new build dir), passing -DSIMTC_DEFAULT_ARCH=<arch> and simtc's package as
/// simtc_DIR, then builds `target` (all when empty). Progress lines and errors are printed
/// as "simtc <command>: ...". Returns 0, else the exit status for the command.
int configure_and_build(const std::string& command, const std::string& dir, const std::string& build_dir,
                        const std::string& arch, const std::string& target);

struct Executable {
  std::string name;  // the CMake target's name
  std::string path;  // absolute
};

/// The executable targets of the project configured in `build_dir`, from CMake's file API
/// (the codemodel-v2 reply that configure_and_build() asks for). Empty on error, which is
/// printed.
std::vector<Executable> project_executables(const std::string& command, const std::string& build_dir);

/// cmake, or ctest from cmake's directory (else PATH): "" with the error printed when absent.
std::string find_cmake_program(const std::string& command, const std::string& name);

}  // namespace simtc::cli
