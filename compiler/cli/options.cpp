#include "cli/options.hpp"

#include <fstream>
#include <iostream>

#include <llvm/Support/CommandLine.h>

#include "cli/commands.hpp"

namespace simtc::cli {
namespace {

namespace cl = llvm::cl;

// The commands that compile a kernel file, each of which takes every option below.
#define SIMTC_COMPILE_COMMANDS cl::sub(build_command()), cl::sub(check_command()), cl::sub(inspect_command()), \
                               cl::sub(pipeline_command())

cl::OptionCategory target_category("Target options");
cl::OptionCategory source_category("Source options");
cl::OptionCategory diagnostic_category("Diagnostic options");
cl::OptionCategory development_category("Compiler development options");

// Values are read as text and checked in read_compile_options(), so that a bad one gets the
// same message from every command (and from simtc new's --arch).
cl::opt<std::string> arch("arch", cl::desc("GPU architecture: sm_80 ... sm_90, sm_90a, sm_100, ... (default sm_90)"),
                          cl::value_desc("SM"), cl::cat(target_category), SIMTC_COMPILE_COMMANDS);
cl::opt<std::string> ptx_version("ptx-version",
                                 cl::desc("PTX ISA version, e.g. 80 for 8.0 (default: 8.0 or the arch's minimum)"),
                                 cl::value_desc("N"), cl::cat(target_category), SIMTC_COMPILE_COMMANDS);
cl::opt<std::string> opt_level("O", cl::desc("optimization level, -O0 ... -O3 (default -O3)"), cl::value_desc("N"),
                               cl::Prefix, cl::cat(target_category), SIMTC_COMPILE_COMMANDS);
cl::opt<std::string> fmad("fmad", cl::desc("contract a*b+c into fused multiply-add: true or false (default true)"),
                          cl::value_desc("true|false"), cl::cat(target_category), SIMTC_COMPILE_COMMANDS);
cl::opt<bool> fast_math("use-fast-math",
                        cl::desc("flush denormals, approximate division, sqrt and transcendentals (also --use_fast_math)"),
                        cl::cat(target_category), SIMTC_COMPILE_COMMANDS);
cl::alias fast_math_nvcc("use_fast_math", cl::desc("Alias for --use-fast-math (nvcc's spelling)"),
                         cl::aliasopt(fast_math));
cl::opt<bool> line_info("lineinfo", cl::desc("source line information in the PTX, for profilers (also --generate-line-info)"),
                        cl::cat(target_category), SIMTC_COMPILE_COMMANDS);
cl::alias line_info_nvcc("generate-line-info", cl::desc("Alias for -lineinfo"), cl::aliasopt(line_info));
cl::opt<bool> debug_info("g", cl::desc("DWARF debug information for cuda-gdb, implies -O0 unless -O is given (also -G, --device-debug)"),
                         cl::cat(target_category), SIMTC_COMPILE_COMMANDS);
cl::alias debug_info_nvcc("G", cl::desc("Alias for -g (nvcc's spelling)"), cl::aliasopt(debug_info));
cl::alias debug_info_long("device-debug", cl::desc("Alias for -g"), cl::aliasopt(debug_info));
cl::opt<bool> unchecked_indexing("unchecked-indexing", cl::desc("no bounds checks on Slice reads and local arrays"),
                                 cl::cat(target_category), SIMTC_COMPILE_COMMANDS);
cl::opt<bool> no_fault_report("no-fault-report",
                              cl::desc("failed checks still trap, but record no site or values for the host"),
                              cl::cat(target_category), SIMTC_COMPILE_COMMANDS);

cl::list<std::string> include_dirs("I", cl::desc("add an include directory"), cl::value_desc("DIR"), cl::Prefix,
                                   cl::cat(source_category), SIMTC_COMPILE_COMMANDS);
cl::list<std::string> defines("D", cl::desc("define a macro"), cl::value_desc("NAME[=VALUE]"), cl::Prefix,
                              cl::cat(source_category), SIMTC_COMPILE_COMMANDS);

cl::opt<bool> no_caret("fno-caret-diagnostics", cl::desc("diagnostics without the source line and caret"),
                       cl::cat(diagnostic_category), SIMTC_COMPILE_COMMANDS);
cl::opt<bool> color("fcolor-diagnostics", cl::desc("colored diagnostics"), cl::cat(diagnostic_category),
                    SIMTC_COMPILE_COMMANDS);
cl::opt<bool> verbose("verbose",
                      cl::desc("print the Clang command line, and each pipeline stage with its time, to stderr (also -v)"),
                      cl::cat(diagnostic_category), SIMTC_COMPILE_COMMANDS);
cl::alias verbose_short("v", cl::desc("Alias for --verbose"), cl::aliasopt(verbose));

cl::opt<bool> verify_each("verify-each", cl::desc("verify the IR after every pass"), cl::cat(development_category),
                          SIMTC_COMPILE_COMMANDS);
cl::opt<bool> print_after_all("print-after-all", cl::desc("print the IR after every pass (to stderr)"),
                              cl::cat(development_category), SIMTC_COMPILE_COMMANDS);
cl::opt<bool> time_passes("time-passes", cl::desc("print the time each pass took (to stderr)"),
                          cl::cat(development_category), SIMTC_COMPILE_COMMANDS);

#undef SIMTC_COMPILE_COMMANDS

bool parse_bool(const std::string& text, bool& out) {
  if (text == "true" || text == "1") return out = true, true;
  if (text == "false" || text == "0") return out = false, true;
  return false;
}

}  // namespace

std::optional<std::string> read_compile_options(driver::CompileOptions& options) {
  if (arch.getNumOccurrences() > 0) options.target.arch = options.checker.arch = arch;
  if (ptx_version.getNumOccurrences() > 0) {
    // Digits only, and few of them: std::stoul takes "-5" (as 2^64 - 5) and numbers past 2^32
    // that a cast would wrap into a valid version.
    const std::string& value = ptx_version;
    if (value.empty() || value.size() > 3 || value.find_first_not_of("0123456789") != std::string::npos)
      return "invalid --ptx-version '" + value + "' (expected a number such as 80 for PTX ISA 8.0)";
    options.target.ptx_version = unsigned(std::stoul(value));
  }
  if (opt_level.getNumOccurrences() > 0) {
    const std::string& value = opt_level;
    if (value.size() != 1 || value[0] < '0' || value[0] > '3')
      return "invalid optimization level '-O" + value + "' (-O0, -O1, -O2 or -O3)";
    options.target.opt_level = value[0] - '0';
  }
  if (fmad.getNumOccurrences() > 0 && !parse_bool(fmad, options.target.fmad))
    return "invalid --fmad value '" + fmad + "' (true or false)";
  if (fast_math) options.target.fast_math = true;
  if (line_info) options.target.line_info = true;
  if (debug_info) {
    options.target.debug_info = true;
    options.irgen.debug_variables = true;
    // -g debugs the code as written (nvcc -G): -O0 unless an -O level is given too.
    if (opt_level.getNumOccurrences() == 0) options.target.opt_level = 0;
  }
  if (unchecked_indexing) options.irgen.unchecked_indexing = true;
  if (no_fault_report) options.target.fault_report = false;
  options.frontend.include_dirs.insert(options.frontend.include_dirs.end(), include_dirs.begin(), include_dirs.end());
  options.frontend.defines.insert(options.frontend.defines.end(), defines.begin(), defines.end());
  if (no_caret) options.frontend.extra_args.push_back("-fno-caret-diagnostics");
  if (color) options.frontend.color = true;
  if (verbose) options.frontend.verbose = true;
  if (verify_each) options.pipeline.verify_each = true;
  if (print_after_all) options.pipeline.print_after_all = true;
  if (time_passes) options.pipeline.time_passes = true;
  // An architecture or PTX version simtc does not know is a usage error for every command.
  if (std::string problem = codegen::check_target(options.target); !problem.empty()) return problem;
  options.checker.ptx_version = codegen::effective_ptx_version(options.target);
  return std::nullopt;
}

bool write_output(const std::string& path, const std::string& text) {
  if (path == "-" || path.empty()) {
    std::cout << text;
    return true;
  }
  std::ofstream out(path, std::ios::binary);
  out << text;
  out.close();
  if (!out) {
    std::cerr << "simtc: error: cannot write '" << path << "'\n";
    return false;
  }
  return true;
}

}  // namespace simtc::cli
