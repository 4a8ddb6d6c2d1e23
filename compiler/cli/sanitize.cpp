// simtc sanitize --tool T PROGRAM [ARGS...] : runs a program under compute-sanitizer and names
// each error's kernel source line (driver/sanitizer_report.hpp reads the report).
#include <unistd.h>

#include <filesystem>
#include <iostream>
#include <system_error>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "cli/tools.hpp"
#include "driver/sanitizer_report.hpp"

namespace simtc::cli {

llvm::cl::SubCommand& sanitize_command() {
  static llvm::cl::SubCommand command(
      "sanitize",
      "run PROGRAM under compute-sanitizer; each error names its kernel source line (build with -lineinfo)");
  return command;
}

namespace {

namespace fs = std::filesystem;
namespace cl = llvm::cl;


cl::OptionCategory sanitize_category("Sanitize options");
cl::opt<std::string> tool_flag("tool",
                               cl::desc("memcheck (default: out-of-bounds and misaligned accesses), racecheck (shared "
                                        "memory races), synccheck (barrier misuse), initcheck (reads of "
                                        "uninitialized global memory)"),
                               cl::value_desc("T"), cl::init("memcheck"), cl::cat(sanitize_category),
                               cl::sub(sanitize_command()));
cl::opt<std::string> program_flag(cl::Positional, cl::desc("PROGRAM"), cl::sub(sanitize_command()));
cl::list<std::string> program_args_flag(cl::ConsumeAfter, cl::desc("[ARGS...]"), cl::sub(sanitize_command()));

}  // namespace

int run_sanitize() {
  const std::string tool = tool_flag;
  if (tool != "memcheck" && tool != "racecheck" && tool != "synccheck" && tool != "initcheck")
    return usage_error("sanitize",
                       "unknown --tool '" + tool + "' (expected memcheck, racecheck, synccheck or initcheck)");
  std::string program;
  ToolSearch sanitizer;
  if (std::optional<int> failed = find_program_and_tool("sanitize", program_flag, "compute-sanitizer",
                                                        {"/usr/local/cuda/compute-sanitizer"}, program, sanitizer))
    return *failed;
  driver::GpuProbe gpu;
  probe_gpu(gpu);
  if (gpu.state != driver::GpuProbe::State::Found) {
    std::cerr << "simtc sanitize: error: no GPU: compute-sanitizer checks kernels as they run on a GPU ("
              << (gpu.error.empty() ? std::string("the driver reports no device") : gpu.error) << ")\n"
              << "  fix: run it on a machine with an NVIDIA GPU and its driver ('simtc doctor' checks)\n";
    return 1;
  }

  std::error_code ec;
  fs::path log = fs::temp_directory_path(ec) / ("simtc-sanitize-" + std::to_string(getpid()) + ".log");
  std::vector<std::string> command{"--tool", tool, "--error-exitcode", "1", "--log-file", log.string()};
  // racecheck: the analysis report (one error per pair of racing source lines), not each hazard.
  if (tool == "racecheck") command.insert(command.end(), {"--racecheck-report", "analysis"});
  command.push_back(program);
  command.insert(command.end(), program_args_flag.begin(), program_args_flag.end());
  std::string error;
  int status = run_program(sanitizer.path, command, error);
  std::string report = read_file(log.string());
  fs::remove(log, ec);
  std::cout.flush();
  std::cout << report;
  if (status < 0) {
    std::cerr << "simtc sanitize: error: " << error << "\n";
    return 1;
  }
  std::cout << driver::format_sanitizer_digest(driver::parse_sanitizer_report(report), tool);
  return status;
}

}  // namespace simtc::cli
