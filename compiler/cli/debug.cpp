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
  std::size_t program_at = 0;
  auto option = [&](const std::string& flag, const std::string& value) -> std::optional<std::string> {
    if (flag == "--batch") {
      batch = true;
    } else if (flag == "-ex") {
      commands.push_back(value);
    } else if (flag == "--break") {
      if (value.find(':') == std::string::npos || value.back() == ':')
        return "--break takes FILE:LINE, got '" + value + "'";
      breaks.push_back(value);
    } else {
      return "unknown option '" + flag + "' (try 'simtc debug --help')";
    }
    return std::nullopt;
  };
  std::optional<int> done = parse_program_args("debug", args, {"--break", "-ex"}, option, usage, program_at);
  if (!done && batch && breaks.empty()) {
    std::cerr << "simtc debug: error: --batch needs a --break FILE:LINE to stop at\n";
    done = 2;
  }
  if (done) return *done;
  std::string program;
  ToolSearch gdb;
  if (std::optional<int> failed = find_program_and_tool("debug", args, program_at, "cuda-gdb", {}, program, gdb))
    return *failed;
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
  command.insert(command.end(), args.begin() + long(program_at) + 1, args.end());

  std::string line = "simtc debug: " + quoted(gdb.path);
  for (const std::string& arg : command) line += " " + quoted(arg);
  std::cerr << line << "\n";
  return run_for_status("debug", gdb.path, command);
}

}  // namespace simtc::cli
