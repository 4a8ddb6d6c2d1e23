// simtc new NAME : writes the project driver::scaffold_project() computes.
#include <filesystem>
#include <fstream>
#include <iostream>
#include <system_error>

#include "cli/commands.hpp"
#include "cli/tools.hpp"
#include "codegen/codegen.hpp"
#include "driver/scaffold.hpp"

namespace simtc::cli {
namespace {

namespace fs = std::filesystem;

void usage(std::ostream& os) {
  os << "usage: simtc new NAME [--dir PATH] [--arch SM]\n\n"
     << "Creates a CMake project NAME: a vecadd kernel (kernels/NAME.cpp), a host program that\n"
     << "runs it and checks the result against the CPU (src/main.cpp), and a ctest that skips\n"
     << "without a GPU. It builds against the installed simtc package (find_package(simtc)).\n\n"
     << "  NAME          letters, digits and '_', starting with a letter; it names the\n"
     << "                executable, the kernel file and the generated C++ namespace\n"
     << "  --dir PATH    create the project in PATH instead of ./NAME (it must not exist or\n"
     << "                be empty)\n"
     << "  --arch SM     GPU architecture for add_gpu_kernels(ARCH ...), e.g. sm_80\n"
     << "                (default: the package's SIMTC_DEFAULT_ARCH, sm_90)\n";
}

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

int run_new(const Args& args) {
  driver::ScaffoldOptions options;
  std::string dir;
  bool have_name = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    auto value = [&](const std::string& flag, std::string& out) {
      if (arg == flag) {
        if (i + 1 >= args.size()) {
          std::cerr << "simtc new: error: missing value after '" << flag << "'\n";
          return false;
        }
        out = args[++i];
        return true;
      }
      if (arg.rfind(flag + "=", 0) == 0) {
        out = arg.substr(flag.size() + 1);
        return true;
      }
      return false;
    };
    if (arg == "-h" || arg == "--help") {
      usage(std::cout);
      return 0;
    } else if (arg == "--dir" || arg.rfind("--dir=", 0) == 0) {
      if (!value("--dir", dir)) return 2;
    } else if (arg == "--arch" || arg.rfind("--arch=", 0) == 0) {
      if (!value("--arch", options.arch)) return 2;
    } else if (arg.size() > 1 && arg[0] == '-') {
      std::cerr << "simtc new: error: unknown option '" << arg << "' (try 'simtc new --help')\n";
      return 2;
    } else if (have_name) {
      std::cerr << "simtc new: error: one project name expected, got '" << options.name << "' and '" << arg
                << "'\n";
      return 2;
    } else {
      options.name = arg;
      have_name = true;
    }
  }
  if (std::string error = driver::validate_project_name(options.name); !error.empty()) {
    std::cerr << "simtc new: error: " << error << "\n";
    return 2;
  }
  if (!options.arch.empty()) {  // the architectures `simtc build --arch` takes
    codegen::TargetOptions target;
    target.arch = options.arch;
    if (std::string error = codegen::check_target(target); !error.empty()) {
      std::cerr << "simtc new: error: " << error << "\n";
      return 2;
    }
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
