// simtc sanitize --tool T PROGRAM [ARGS...] : runs a program under compute-sanitizer and names
// each error's kernel source line (driver/sanitizer_report.hpp reads the report).
#include <unistd.h>

#include <filesystem>
#include <iostream>
#include <system_error>

#include "cli/commands.hpp"
#include "cli/tools.hpp"
#include "driver/sanitizer_report.hpp"

namespace simtc::cli {
namespace {

namespace fs = std::filesystem;

void usage(std::ostream& os) {
  os << "usage: simtc sanitize [--tool memcheck|racecheck|synccheck|initcheck] PROGRAM [ARGS...]\n\n"
     << "Runs PROGRAM under compute-sanitizer (--tool T --error-exitcode 1) on GPU 0, prints its\n"
     << "report, then one line per error naming the kernel's source line\n"
     << "  /src/saxpy.cpp:12: error: Invalid __global__ read of size 4 bytes (kernel 'saxpy', ...)\n"
     << "and a summary, 'simtc sanitize: N errors (TOOL)' or 'simtc sanitize: no errors (TOOL)'.\n"
     << "Exits with compute-sanitizer's status: 1 when it found errors, else the program's.\n\n"
     << "The source lines need kernels built with -lineinfo (simtc build -lineinfo, or\n"
     << "add_gpu_kernels(... LINEINFO), or -DSIMTC_LINEINFO=ON); without it a warning says so.\n\n"
     << "  --tool T    memcheck (default: out-of-bounds and misaligned accesses),\n"
     << "              racecheck (shared memory races), synccheck (barrier misuse),\n"
     << "              initcheck (reads of uninitialized global memory)\n\n"
     << "compute-sanitizer is looked for in $CUDA_PATH/bin, beside ptxas, /usr/local/cuda/bin,\n"
     << "/usr/local/cuda/compute-sanitizer, then PATH.\n";
}

}  // namespace

int run_sanitize(const Args& args) {
  std::string tool = "memcheck";
  std::size_t program_at = 0;
  auto option = [&](const std::string& flag, const std::string& value) -> std::optional<std::string> {
    if (flag != "--tool") return "unknown option '" + flag + "' (try 'simtc sanitize --help')";
    if (value != "memcheck" && value != "racecheck" && value != "synccheck" && value != "initcheck")
      return "unknown --tool '" + value + "' (expected memcheck, racecheck, synccheck or initcheck)";
    tool = value;
    return std::nullopt;
  };
  if (std::optional<int> done = parse_program_args("sanitize", args, {"--tool"}, option, usage, program_at))
    return *done;
  std::string program;
  ToolSearch sanitizer;
  if (std::optional<int> failed = find_program_and_tool("sanitize", args, program_at, "compute-sanitizer",
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
  command.insert(command.end(), args.begin() + long(program_at) + 1, args.end());
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
