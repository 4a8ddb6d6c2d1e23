#include "cli/project.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <system_error>

#include <llvm/Support/Error.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/JSON.h>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "codegen/codegen.hpp"

namespace simtc::cli {
namespace {

namespace fs = std::filesystem;

// CMake's file API: an empty file here asks the next configure for the codemodel reply.
const char* const kQuery = ".cmake/api/v1/query/codemodel-v2";
const char* const kReply = ".cmake/api/v1/reply";

std::optional<llvm::json::Value> read_json(const fs::path& path, std::string& error) {
  std::string text = read_file(path.string());
  llvm::Expected<llvm::json::Value> value = llvm::json::parse(text);
  if (!value) {
    error = "cannot read " + path.string() + ": " + llvm::toString(value.takeError());
    return std::nullopt;
  }
  return std::move(*value);
}

// The codemodel reply named by the newest index file of `reply_dir`.
std::optional<fs::path> codemodel_file(const fs::path& reply_dir, std::string& error) {
  std::error_code ec;
  std::vector<fs::path> indexes;
  for (const fs::directory_entry& entry : fs::directory_iterator(reply_dir, ec))
    if (entry.path().filename().string().rfind("index-", 0) == 0) indexes.push_back(entry.path());
  if (indexes.empty()) {
    error = "no CMake file API reply in " + reply_dir.string() + " (CMake 3.14 or newer writes one)";
    return std::nullopt;
  }
  std::sort(indexes.begin(), indexes.end());  // index-<timestamp>.json: the last is the newest
  std::optional<llvm::json::Value> index = read_json(indexes.back(), error);
  if (!index) return std::nullopt;
  if (const llvm::json::Object* top = index->getAsObject())
    if (const llvm::json::Array* objects = top->getArray("objects"))
      for (const llvm::json::Value& object : *objects)
        if (const llvm::json::Object* o = object.getAsObject())
          if (o->getString("kind") == "codemodel")
            if (std::optional<llvm::StringRef> file = o->getString("jsonFile")) return reply_dir / file->str();
  error = indexes.back().string() + " names no codemodel reply";
  return std::nullopt;
}

}  // namespace

namespace {

namespace cl = llvm::cl;

cl::OptionCategory project_category("Project options");
cl::list<std::string> run_inputs_flag(cl::Positional, cl::desc("[DIR | FILE...] [-- ARGS...]"),
                                      cl::sub(run_command()));
cl::list<std::string> test_inputs_flag(cl::Positional, cl::desc("[DIR] [-- CTEST_ARGS...]"), cl::sub(test_command()));
cl::opt<std::string> build_dir_flag("build-dir", cl::desc("the build directory"), cl::value_desc("B"),
                                    cl::cat(project_category), cl::sub(run_command()), cl::sub(test_command()));
cl::opt<std::string> arch_flag("arch",
                               cl::desc("the architecture to compile for (default: GPU 0's; sm_90 without a GPU, "
                                        "where the program runs its CPU path, if it has one)"),
                               cl::value_desc("SM"), cl::cat(project_category), cl::sub(run_command()),
                               cl::sub(test_command()));

}  // namespace

std::optional<std::string> read_project_args(const std::string& command, ProjectArgs& out) {
  const cl::list<std::string>& inputs = command == "run" ? run_inputs_flag : test_inputs_flag;
  out.inputs.assign(inputs.begin(), inputs.end());
  out.build_dir = build_dir_flag;
  out.arch = arch_flag;
  out.passed = arguments_after_dashes();
  if (!out.arch.empty()) {
    codegen::TargetOptions target;
    target.arch = out.arch;
    if (std::string problem = codegen::check_target(target); !problem.empty()) return problem;
  }
  return std::nullopt;
}

bool project_dirs(const std::string& command, const std::string& dir, const ProjectArgs& args,
                  std::string& build_dir) {
  std::error_code ec;
  if (!fs::exists(fs::path(dir) / "CMakeLists.txt", ec)) {
    std::cerr << "simtc " << command << ": error: '" << dir << "' has no CMakeLists.txt (try 'simtc " << command
              << " --help')\n";
    return false;
  }
  build_dir = args.build_dir.empty() ? (fs::path(dir) / "build").string() : args.build_dir;
  return true;
}

GpuArch choose_arch(const std::string& command, const std::string& arch) {
  GpuArch chosen = detect_gpu_arch();
  if (!arch.empty()) {
    chosen.arch = arch;
    chosen.note.clear();
  }
  if (!chosen.note.empty()) std::cerr << "simtc " << command << ": note: " << chosen.note << "\n";
  return chosen;
}

std::string find_cmake_program(const std::string& command, const std::string& name) {
  std::string cmake = find_on_path("cmake");
  if (name != "cmake" && !cmake.empty()) {
    fs::path beside = fs::path(cmake).parent_path() / name;
    if (llvm::sys::fs::can_execute(beside.string())) return beside.string();
  }
  std::string found = name == "cmake" ? cmake : find_on_path(name);
  if (found.empty())
    std::cerr << "simtc " << command << ": error: " << name << " not found on PATH\n"
              << "  fix: install CMake 3.20 or newer (it comes with ctest; Debian/Ubuntu: apt install cmake)\n";
  return found;
}

int configure_and_build(const std::string& command, const std::string& dir, const std::string& build_dir,
                        const std::string& arch, const std::string& target) {
  std::string cmake = find_cmake_program(command, "cmake");
  if (cmake.empty()) return 1;
  std::string package = package_dir();
  if (package.empty()) {
    std::cerr << "simtc " << command << ": error: simtc's CMake package (simtcConfig.cmake) is neither installed "
              << "beside " << simtc_executable() << " nor in its build tree\n"
              << "  fix: run the simtc of an install (cmake --install) or of a build tree\n";
    return 1;
  }
  std::error_code ec;
  fs::path query = fs::path(build_dir) / kQuery;
  fs::create_directories(query.parent_path(), ec);
  if (!ec) std::ofstream{query};
  if (ec || !fs::exists(query, ec)) {
    std::cerr << "simtc " << command << ": error: cannot create '" << build_dir << "': " << ec.message() << "\n";
    return 1;
  }
  std::vector<std::string> configure{"-S", dir, "-B", build_dir, "-DSIMTC_DEFAULT_ARCH=" + arch,
                                     "-Dsimtc_DIR=" + package};
  // The generator of an existing build dir cannot change; a new one gets Ninja when found.
  if (!fs::exists(fs::path(build_dir) / "CMakeCache.txt", ec) && !find_on_path("ninja").empty())
    configure.insert(configure.end(), {"-G", "Ninja"});
  std::cerr << "simtc " << command << ": configuring " << dir << " in " << build_dir << " (" << arch << ")\n";
  std::string error;
  int status = run_program(cmake, configure, error);
  if (status != 0) {
    std::cerr << "simtc " << command << ": error: "
              << (status < 0 ? error : "cmake could not configure " + dir + " (see above)") << "\n";
    return 1;
  }
  std::vector<std::string> build{"--build", build_dir};
  if (!target.empty()) build.insert(build.end(), {"--target", target});
  std::cerr << "simtc " << command << ": building " << (target.empty() ? std::string("all") : target) << "\n";
  status = run_program(cmake, build, error);
  if (status != 0) {
    std::cerr << "simtc " << command << ": error: " << (status < 0 ? error : "the build failed (see above)") << "\n";
    return 1;
  }
  return 0;
}

std::vector<Executable> project_executables(const std::string& command, const std::string& build_dir) {
  std::string error;
  std::vector<Executable> executables;
  fs::path reply_dir = fs::path(build_dir) / kReply;
  std::optional<fs::path> codemodel = codemodel_file(reply_dir, error);
  std::optional<llvm::json::Value> model = codemodel ? read_json(*codemodel, error) : std::nullopt;
  const llvm::json::Object* top = model ? model->getAsObject() : nullptr;
  const llvm::json::Array* configurations = top ? top->getArray("configurations") : nullptr;
  if (configurations == nullptr || configurations->empty() || configurations->front().getAsObject() == nullptr) {
    std::cerr << "simtc " << command << ": error: "
              << (error.empty() ? "the codemodel reply in " + reply_dir.string() + " lists no configuration" : error)
              << "\n";
    return executables;
  }
  const llvm::json::Array* targets = configurations->front().getAsObject()->getArray("targets");
  for (const llvm::json::Value& entry : targets ? *targets : llvm::json::Array()) {
    const llvm::json::Object* ref = entry.getAsObject();
    std::optional<llvm::StringRef> file = ref ? ref->getString("jsonFile") : std::nullopt;
    if (!file) continue;
    std::optional<llvm::json::Value> target = read_json(reply_dir / file->str(), error);
    const llvm::json::Object* t = target ? target->getAsObject() : nullptr;
    if (t == nullptr || t->getString("type") != "EXECUTABLE") continue;
    const llvm::json::Array* artifacts = t->getArray("artifacts");
    if (artifacts == nullptr || artifacts->empty() || artifacts->front().getAsObject() == nullptr) continue;
    std::optional<llvm::StringRef> path = artifacts->front().getAsObject()->getString("path");
    if (!path) continue;
    fs::path artifact(path->str());  // relative to the build dir, or absolute
    if (artifact.is_relative()) artifact = fs::absolute(build_dir) / artifact;
    executables.push_back({t->getString("name").value_or("").str(), artifact.lexically_normal().string()});
  }
  if (executables.empty())
    std::cerr << "simtc " << command << ": error: the project in " << build_dir << " has no executable target\n";
  return executables;
}

}  // namespace simtc::cli
