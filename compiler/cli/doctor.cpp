// simtc doctor : probes this machine, then prints driver::doctor_checks() as a checklist.
// The probing lives here; what counts as a failure and how the report reads are pure
// functions in driver/doctor_checks.hpp.
#include <dlfcn.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <regex>
#include <sstream>
#include <system_error>

#include "cli/commands.hpp"
#include "cli/tools.hpp"
#include "codegen/codegen.hpp"
#include "codegen/toolchain_info.hpp"
#include "driver/compiler.hpp"
#include "driver/doctor_checks.hpp"
#include "frontend/frontend.hpp"
#include "frontend/toolchain_info.hpp"

#ifndef SIMTC_VERSION
#define SIMTC_VERSION "0.0.0"
#endif

namespace simtc::cli {
namespace {

namespace fs = std::filesystem;

bool path_exists(const fs::path& path) {
  std::error_code ec;
  return fs::exists(path, ec);
}

driver::PathProbe probe_path(const std::string& path) {
  return {path, path_exists(path), ""};
}

// The toolkit's include/cuda.h: $CUDA_PATH, then beside the ptxas in use, then /usr/local/cuda.
driver::PathProbe probe_cuda_h(const std::string& ptxas) {
  std::vector<fs::path> candidates;
  if (const char* cuda = std::getenv("CUDA_PATH"); cuda && cuda[0] != '\0')
    candidates.push_back(fs::path(cuda) / "include" / "cuda.h");
  candidates.push_back(fs::path(ptxas).parent_path().parent_path() / "include" / "cuda.h");
  candidates.push_back("/usr/local/cuda/include/cuda.h");
  driver::PathProbe probe;
  for (const fs::path& candidate : candidates) {
    probe.path = candidate.lexically_normal().string();
    if (!path_exists(candidate)) continue;
    probe.found = true;
    std::ifstream in(candidate);
    std::string line;
    static const std::regex define(R"(^\s*#\s*define\s+CUDA_VERSION\s+(\d+))");
    std::smatch match;
    while (std::getline(in, line))
      if (std::regex_search(line, match, define)) {
        probe.version = match[1];
        break;
      }
    break;
  }
  return probe;
}

// "release 13.0, V13.0.88" from `ptxas --version`; empty when ptxas does not answer.
std::string ptxas_release(const std::string& ptxas) {
  std::string quoted = "'";
  for (char c : ptxas) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  quoted += "'";
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen((quoted + " --version 2>&1").c_str(), "r"), pclose);
  if (!pipe) return "";
  std::string output;
  char buffer[256];
  while (std::fgets(buffer, sizeof buffer, pipe.get())) output += buffer;
  std::istringstream lines(output);
  std::string line;
  while (std::getline(lines, line))
    if (auto at = line.find("release "); at != std::string::npos) return line.substr(at);
  return "";
}

void probe_driver(driver::DoctorFacts& facts) {
  const char* configured = std::getenv("SIMT_CUDA_DRIVER");
  facts.libcuda_name = configured && configured[0] != '\0' ? configured : "libcuda.so.1";
  dlerror();
  if (void* handle = dlopen(facts.libcuda_name.c_str(), RTLD_NOW | RTLD_LOCAL)) {
    facts.libcuda_loadable = true;
    dlclose(handle);
  } else {
    const char* error = dlerror();
    facts.libcuda_error = error ? error : "dlopen failed";
  }

  probe_gpu(facts.gpu);
}

// Compiles the built-in kernel from a scratch file and assembles its PTX with ptxas.
driver::SelfTestProbe run_self_test() {
  driver::SelfTestProbe test;
  std::error_code ec;
  fs::path dir = fs::temp_directory_path(ec) / ("simtc-doctor-" + std::to_string(getpid()));
  fs::create_directories(dir, ec);
  if (ec) {
    test.compile_error = "cannot create " + dir.string() + ": " + ec.message();
    return test;
  }
  fs::path source = dir / "doctor_self_test.cpp";
  {
    std::ofstream out(source);
    out << driver::doctor_self_test_kernel();
  }
  driver::CompileOptions options;
  std::string ptx;
  test.compiled = driver::compile_to_ptx(source.string(), options, ptx);
  if (!test.compiled) {
    test.compile_error = "see the diagnostics above";
  } else {
    codegen::PtxasResult result = codegen::run_ptxas(ptx, options.target.arch);
    test.ptxas_ran = result.ran;
    test.ptxas_ok = result.ran && result.exit_code == 0;
    test.ptxas_output = result.output;
  }
  fs::remove_all(dir, ec);
  return test;
}

driver::DoctorFacts probe_machine() {
  driver::DoctorFacts facts;
  facts.simtc_version = SIMTC_VERSION;
  facts.llvm_version = codegen::llvm_version();
  facts.clang_version = frontend::clang_version();
  facts.nvptx_registered = codegen::nvptx_registered(facts.nvptx_error);
  facts.simt_headers = probe_path((fs::path(frontend::default_simt_include_dir()) / "simt" / "kernel.hpp").string());
  facts.resource_dir = probe_path(frontend::default_resource_dir());
  facts.ptxas = probe_path(codegen::default_ptxas_path());
  if (facts.ptxas.found) facts.ptxas.version = ptxas_release(facts.ptxas.path);
  facts.cuda_h = probe_cuda_h(facts.ptxas.path);
  facts.libdevice = probe_path(codegen::default_libdevice_path());
  probe_driver(facts);
  facts.self_test = run_self_test();
  return facts;
}

}  // namespace

llvm::cl::SubCommand& doctor_command() {
  static llvm::cl::SubCommand command(
      "doctor",
      "check the toolchain and the GPU, one line per check; exits 1 when a check failed");
  return command;
}

int run_doctor() {
  std::vector<driver::CheckResult> results = driver::doctor_checks(probe_machine());
  std::cout << driver::format_report(results);
  return driver::doctor_exit_code(results);
}

}  // namespace simtc::cli
