// simtc debug PROGRAM [ARGS...] : runs a program under cuda-gdb, interactively or (--batch)
// to a breakpoint, printing the locals and the backtrace there.
#include <iostream>

#include "cli/commands.hpp"
#include "cli/tools.hpp"

namespace simtc::cli {
namespace {

void usage(std::ostream& os) {
  os << "usage: simtc debug [--break FILE:LINE]... [--batch] [-ex CMD]... PROGRAM [ARGS...]\n\n"
     << "Runs PROGRAM under cuda-gdb. Interactive by default, with the breakpoints set; with\n"
     << "--batch, runs it to the first breakpoint and prints what the -ex commands print\n"
     << "(default: 'info locals' and 'bt'), then exits:\n"
     << "  cuda-gdb -batch -ex 'set breakpoint pending on' -ex 'break FILE:LINE' -ex run\n"
     << "           -ex 'info locals' -ex bt --args PROGRAM ARGS...\n"
     << "Exits with cuda-gdb's status.\n\n"
     << "Kernel breakpoints and locals need kernels built with debug information (simtc build -g,\n"
     << "or add_gpu_kernels(... DEBUG)); the host code needs the host compiler's -g.\n\n"
     << "  --break FILE:LINE   a breakpoint (repeatable; kernel or host source)\n"
     << "  --batch             run without a prompt, as above\n"
     << "  -ex CMD             a cuda-gdb command (repeatable): at the start, or with --batch\n"
     << "                      after 'run' in place of the defaults\n\n"
     << "cuda-gdb is looked for in $CUDA_PATH/bin, beside ptxas, /usr/local/cuda/bin, then PATH.\n";
}

// The shell spelling of `arg`, for the command line printed before the run.
std::string quoted(const std::string& arg) {
  if (!arg.empty() && arg.find_first_of(" '\"\\$`*?;&|<>()") == std::string::npos) return arg;
  std::string out = "'";
  for (char c : arg) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace

int run_debug(const Args& args) {
  std::vector<std::string> breaks, commands;
  bool batch = false;
  std::size_t i = 0;
  for (; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "-h" || arg == "--help") {
      usage(std::cout);
      return 0;
    }
    if (arg == "--") {
      ++i;
      break;
    }
    if (arg == "--batch") {
      batch = true;
    } else if (arg == "--break" || arg == "-ex") {
      if (i + 1 >= args.size()) {
        std::cerr << "simtc debug: error: missing value after '" << arg << "'\n";
        return 2;
      }
      (arg == "-ex" ? commands : breaks).push_back(args[++i]);
    } else if (arg.rfind("--break=", 0) == 0) {
      breaks.push_back(arg.substr(8));
    } else if (arg.size() > 1 && arg[0] == '-') {
      std::cerr << "simtc debug: error: unknown option '" << arg << "' (try 'simtc debug --help')\n";
      return 2;
    } else {
      break;
    }
  }
  for (const std::string& location : breaks)
    if (location.find(':') == std::string::npos || location.back() == ':') {
      std::cerr << "simtc debug: error: --break takes FILE:LINE, got '" << location << "'\n";
      return 2;
    }
  if (batch && breaks.empty()) {
    std::cerr << "simtc debug: error: --batch needs a --break FILE:LINE to stop at\n";
    return 2;
  }
  if (i >= args.size()) {
    std::cerr << "simtc debug: error: no program to run (try 'simtc debug --help')\n";
    return 2;
  }
  std::string program = resolve_program(args[i]);
  if (program.empty()) {
    std::cerr << "simtc debug: error: '" << args[i] << "' is not an executable file\n";
    return 2;
  }
  ToolSearch gdb = find_cuda_tool("cuda-gdb");
  if (gdb.path.empty()) {
    std::cerr << "simtc debug: error: " << not_found_message(gdb) << "\n"
              << "  fix: " << toolkit_fix("cuda-gdb") << "\n";
    return 1;
  }
  driver::GpuProbe gpu;
  probe_gpu(gpu);
  if (gpu.state != driver::GpuProbe::State::Found)
    std::cerr << "simtc debug: note: no GPU: kernel breakpoints are not reached (the program runs its CPU path, "
              << "if it has one)\n";

  std::vector<std::string> command;
  if (batch) command.push_back("-batch");
  // Kernel code is loaded at the first launch: a breakpoint in it is pending until then.
  command.insert(command.end(), {"-ex", "set breakpoint pending on"});
  for (const std::string& location : breaks) command.insert(command.end(), {"-ex", "break " + location});
  if (batch) {
    command.insert(command.end(), {"-ex", "run"});
    if (commands.empty()) commands = {"info locals", "bt"};
  }
  for (const std::string& cmd : commands) command.insert(command.end(), {"-ex", cmd});
  command.push_back("--args");
  command.push_back(program);
  command.insert(command.end(), args.begin() + long(i) + 1, args.end());

  std::string line = "simtc debug: " + quoted(gdb.path);
  for (const std::string& arg : command) line += " " + quoted(arg);
  std::cerr << line << "\n";
  std::string error;
  int status = run_program(gdb.path, command, error);
  if (status < 0) {
    std::cerr << "simtc debug: error: " << error << "\n";
    return 1;
  }
  return status;
}

}  // namespace simtc::cli
