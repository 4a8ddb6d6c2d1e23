#include "cli/options.hpp"

#include <algorithm>
#include <fstream>
#include <iostream>

namespace simtc::cli {
namespace {

// Accepts "--flag value" and "--flag=value"; returns true when `arg` is `name`.
bool take_value(const std::vector<std::string>& args, std::size_t& i, const std::string& name,
                std::string& value, std::string& error) {
  const std::string& arg = args[i];
  if (arg == name) {
    if (i + 1 >= args.size()) {
      error = "missing value after '" + name + "'";
      return true;
    }
    value = args[++i];
    return true;
  }
  if (arg.rfind(name + "=", 0) == 0) {
    value = arg.substr(name.size() + 1);
    return true;
  }
  return false;
}

bool parse_bool(const std::string& text, bool& out) {
  if (text == "true" || text == "1") return out = true, true;
  if (text == "false" || text == "0") return out = false, true;
  return false;
}

}  // namespace

const char* compile_flags_help() {
  return "  -o FILE               output file ('-' for stdout)\n"
         "  --header FILE         also write the generated C++ header\n"
         "  --arch SM             GPU architecture (default sm_90)\n"
         "  --ptx-version N       PTX ISA version, e.g. 80 for 8.0 (default: 8.0 or the arch's minimum)\n"
         "  -I DIR                add an include directory\n"
         "  -D NAME[=VALUE]       define a macro\n"
         "  -O0 .. -O3            optimization level (default -O3)\n"
         "  --fmad=true|false     contract a*b+c into fused multiply-add (default true)\n"
         "  --use-fast-math       flush denormals, approximate division, sqrt and transcendentals\n"
         "  -lineinfo             source line information in the PTX (for profilers)\n"
         "  -g                    DWARF debug information for cuda-gdb (implies -O0 unless -O is given)\n"
         "  --unchecked-indexing  no bounds checks on Slice reads and local arrays\n"
         "  --no-fault-report     failed checks still trap, but record no site or values for the host\n"
         "  --ptxas               assemble the PTX with ptxas to validate it\n"
         "  --verify-each         verify the IR after every pass\n"
         "  --print-after-all     print the IR after every pass (to stderr)\n"
         "  --time-passes         print the time each pass took (to stderr)\n"
         "  -fno-caret-diagnostics  diagnostics without the source line and caret\n"
         "  --verbose             print the Clang command line\n";
}

std::optional<std::string> parse_compile_flags(const std::vector<std::string>& args, CompileFlags& flags,
                                               const std::vector<std::string>& extra_flags) {
  auto& options = flags.options;
  bool explicit_opt = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& arg = args[i];
    std::string value, error;
    if (arg == "-h" || arg == "--help") {
      flags.help = true;
    } else if (take_value(args, i, "-o", value, error)) {
      flags.output = value;
    } else if (take_value(args, i, "--header", value, error)) {
      flags.header = value;
    } else if (take_value(args, i, "--arch", value, error) || take_value(args, i, "-arch", value, error)) {
      options.target.arch = value;
      options.checker.arch = value;
    } else if (take_value(args, i, "--ptx-version", value, error)) {
      // Digits only, and few of them: std::stoul takes "-5" (as 2^64 - 5) and numbers past 2^32
      // that a cast would wrap into a valid version.
      if (!error.empty()) return error;
      if (value.empty() || value.size() > 3 || value.find_first_not_of("0123456789") != std::string::npos)
        return "invalid --ptx-version '" + value + "' (expected a number such as 80 for PTX ISA 8.0)";
      options.target.ptx_version = unsigned(std::stoul(value));
    } else if (take_value(args, i, "--emit", value, error)) {
      flags.emit = value;
    } else if (arg.rfind("-I", 0) == 0) {
      if (arg.size() > 2) options.frontend.include_dirs.push_back(arg.substr(2));
      else if (i + 1 < args.size()) options.frontend.include_dirs.push_back(args[++i]);
      else return std::string("missing directory after '-I'");
    } else if (arg.rfind("-D", 0) == 0) {
      if (arg.size() > 2) options.frontend.defines.push_back(arg.substr(2));
      else if (i + 1 < args.size()) options.frontend.defines.push_back(args[++i]);
      else return std::string("missing macro after '-D'");
    } else if (arg == "-O0" || arg == "-O1" || arg == "-O2" || arg == "-O3") {
      options.target.opt_level = arg[2] - '0';
      explicit_opt = true;
    } else if (arg == "-g" || arg == "-G" || arg == "--device-debug") {
      options.target.debug_info = true;
      options.irgen.debug_variables = true;
    } else if (take_value(args, i, "--fmad", value, error) || take_value(args, i, "-fmad", value, error)) {
      if (!parse_bool(value, options.target.fmad)) return "invalid --fmad value '" + value + "' (true or false)";
    } else if (arg == "--use-fast-math" || arg == "--use_fast_math" || arg == "-use_fast_math") {
      options.target.fast_math = true;
    } else if (arg == "-lineinfo" || arg == "--lineinfo" || arg == "--generate-line-info") {
      options.target.line_info = true;
    } else if (arg == "--no-fault-report") {
      options.target.fault_report = false;
    } else if (arg == "--unchecked-indexing") {
      options.irgen.unchecked_indexing = true;
    } else if (arg == "--ptxas") {
      flags.ptxas = true;
    } else if (arg == "--verify-each") {
      options.pipeline.verify_each = true;
    } else if (arg == "--print-after-all") {
      options.pipeline.print_after_all = true;
    } else if (arg == "--time-passes") {
      options.pipeline.time_passes = true;
    } else if (arg == "--verbose" || arg == "-v") {
      options.frontend.verbose = true;
    } else if (arg == "-fcolor-diagnostics") {
      options.frontend.color = true;
    } else if (arg == "-fno-caret-diagnostics") {
      options.frontend.extra_args.push_back(arg);
    } else if (arg.size() > 1 && arg[0] == '-') {
      std::string name = arg.substr(0, arg.find('='));
      if (std::find(extra_flags.begin(), extra_flags.end(), name) == extra_flags.end())
        return "unknown option '" + arg + "'";
      flags.rest.push_back(arg);
    } else {
      flags.inputs.push_back(arg);
    }
    if (!error.empty()) return error;
  }
  // -g debugs the code as written (nvcc -G): -O0 unless an -O level is given too.
  if (options.target.debug_info && !explicit_opt) options.target.opt_level = 0;
  // An architecture or PTX version simtc does not know is a usage error for every command.
  if (!flags.help)
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
