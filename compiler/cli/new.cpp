// simtc new NAME : writes the project driver::scaffold_project() computes.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <system_error>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "cli/tools.hpp"
#include "codegen/codegen.hpp"
#include "driver/scaffold.hpp"

namespace simtc::cli {

llvm::cl::SubCommand& new_command() {
  static llvm::cl::SubCommand command(
      "new",
      "create a CMake project NAME (letters, digits, '_') with a kernel, a host program and a test");
  return command;
}

namespace {

namespace fs = std::filesystem;
namespace cl = llvm::cl;

cl::OptionCategory new_category("New project options");
cl::list<std::string> names_flag(cl::Positional, cl::desc("NAME"), cl::sub(new_command()));
cl::opt<std::string> dir_flag("dir",
                              cl::desc("create the project in PATH instead of ./NAME (it must not exist or be empty)"),
                              cl::value_desc("PATH"), cl::cat(new_category), cl::sub(new_command()));
cl::opt<std::string> arch_flag("arch",
                               cl::desc("GPU architecture for add_gpu_kernels(ARCH ...), e.g. sm_80 (default: the "
                                        "package's SIMTC_DEFAULT_ARCH, sm_90)"),
                               cl::value_desc("SM"), cl::cat(new_category), cl::sub(new_command()));

bool write_file(const fs::path& path, const std::string& contents) {
  std::error_code ec;
  fs::create_directories(path.parent_path(), ec);
  if (ec) {
    std::cerr << "simtc new: error: cannot create '" << path.parent_path().string() << "': " << ec.message()
              << "\n";
    return false;
  }
  std::ofstream out(path, std::ios::binary);
  out << contents;
  out.close();
  if (!out) {
    std::cerr << "simtc new: error: cannot write '" << path.string() << "'\n";
    return false;
  }
  return true;
}

}  // namespace

int run_new() {
  driver::ScaffoldOptions options;
  const std::string dir = dir_flag;
  options.arch = arch_flag;
  if (names_flag.size() > 1)
    return usage_error("new", "one project name expected, got '" + names_flag[0] + "' and '" + names_flag[1] + "'");
  if (!names_flag.empty()) options.name = names_flag.front();
  if (std::string error = driver::validate_project_name(options.name); !error.empty()) {
    return usage_error("new", error);
  }
  if (!options.arch.empty()) {  // the architectures `simtc build --arch` takes
    codegen::TargetOptions target;
    target.arch = options.arch;
    if (std::string error = codegen::check_target(target); !error.empty()) return usage_error("new", error);
  }

  fs::path root = dir.empty() ? fs::path(options.name) : fs::path(dir);
  std::error_code ec;
  if (fs::exists(root, ec)) {
    if (!fs::is_directory(root, ec)) {
      std::cerr << "simtc new: error: '" << root.string() << "' exists and is not a directory\n";
      return 1;
    }
    if (!fs::is_empty(root, ec)) {
      std::cerr << "simtc new: error: '" << root.string()
                << "' already exists and is not empty; choose another name or --dir PATH\n";
      return 1;
    }
  }

  std::vector<driver::ScaffoldFile> files = driver::scaffold_project(options);
  for (const driver::ScaffoldFile& file : files)
    if (!write_file(root / file.path, file.contents)) return 1;

  std::cout << "created " << options.name << " in " << root.string() << ":\n";
  for (const driver::ScaffoldFile& file : files) std::cout << "  " << file.path << "\n";
  std::string prefix = installed_prefix();
  std::cout << "\nnext:\n"
            << "  cd " << root.string() << "\n"
            << "  cmake -S . -B build -G Ninja"
            << (prefix.empty() ? " -DCMAKE_PREFIX_PATH=<simtc's install prefix>" : " -DCMAKE_PREFIX_PATH=" + prefix)
            << "\n"
            << "  cmake --build build && ./build/" << options.name << "\n";
  return 0;
}

}  // namespace simtc::cli
