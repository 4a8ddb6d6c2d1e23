// `simtc new NAME`: the files of a new CMake project (a vecadd kernel, a host program that
// checks it against the CPU, a ctest that skips without a GPU). Computed by a pure function
// and written by the cli, so tests assert the contents without touching the disk.
#pragma once

#include <string>
#include <vector>

namespace simtc::driver {

struct ScaffoldOptions {
  std::string name;  // the project, its executable, its kernel file and the generated namespace
  std::string arch;  // passed as add_gpu_kernels(... ARCH <arch>); empty: the package's default
};

struct ScaffoldFile {
  std::string path;      // relative to the project root, '/'-separated
  std::string contents;
};

/// "" when `name` can name the project; otherwise why not, e.g. "invalid project name
/// 'my-app': use letters, digits and '_' (try 'my_app')". The name becomes a CMake target, a
/// file name and a C++ namespace, so it must be an identifier that is not a C++ keyword, not
/// reserved by CMake and not 'simt', 'std' or 'main'.
std::string validate_project_name(const std::string& name);

/// The project's files, in a fixed order: CMakeLists.txt, kernels/NAME.cpp, src/main.cpp,
/// README.md, .gitignore. `options.name` must be valid (validate_project_name).
std::vector<ScaffoldFile> scaffold_project(const ScaffoldOptions& options);

}  // namespace simtc::driver
