// simtc debug PROGRAM [ARGS...] : runs a program under cuda-gdb, interactively or (--batch)
// to a breakpoint, printing the locals and the backtrace there.
#include <iostream>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "cli/tools.hpp"

namespace simtc::cli {

llvm::cl::SubCommand& debug_command() {
  static llvm::cl::SubCommand command(
      "debug",
      "run PROGRAM under cuda-gdb, interactively or (--batch) to a breakpoint; kernels built with -g");
  return command;
}

namespace {

namespace cl = llvm::cl;

cl::OptionCategory debug_category("Debug options");
cl::list<std::string> break_flag("break", cl::desc("a breakpoint (repeatable; kernel or host source)"),
                                 cl::value_desc("FILE:LINE"), cl::cat(debug_category), cl::sub(debug_command()));
cl::opt<bool> batch_flag("batch",
                         cl::desc("run without a prompt to the first breakpoint, print what the -ex commands print "
                                  "(default: 'info locals' and 'bt'), then exit"),
                         cl::cat(debug_category), cl::sub(debug_command()));
cl::list<std::string> ex_flag("ex",
                              cl::desc("a cuda-gdb command (repeatable): at the start, or with --batch after 'run' "
                                       "in place of the defaults"),
                              cl::value_desc("CMD"), cl::cat(debug_category), cl::sub(debug_command()));
cl::opt<std::string> program_flag(cl::Positional, cl::desc("PROGRAM"), cl::sub(debug_command()));
cl::list<std::string> program_args_flag(cl::ConsumeAfter, cl::desc("[ARGS...]"), cl::sub(debug_command()));

// The shell spelling of `arg`, for the command line printed before the run.
std::string quoted(const std::string& arg) {
  if (!arg.empty() && arg.find_first_of(" '\"\\$`*?;&|<>()") == std::string::npos) return arg;
  std::string out = "'";
  for (char c : arg) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace

int run_debug() {
  std::vector<std::string> breaks(break_flag.begin(), break_flag.end());
  std::vector<std::string> commands(ex_flag.begin(), ex_flag.end());
  const bool batch = batch_flag;
  for (const std::string& location : breaks)
    if (location.find(':') == std::string::npos || location.back() == ':')
      return usage_error("debug", "--break takes FILE:LINE, got '" + location + "'");
  if (batch && breaks.empty()) return usage_error("debug", "--batch needs a --break FILE:LINE to stop at");
  std::string program;
  ToolSearch gdb;
  if (std::optional<int> failed = find_program_and_tool("debug", program_flag, "cuda-gdb", {}, program, gdb))
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
  command.insert(command.end(), program_args_flag.begin(), program_args_flag.end());

  std::string line = "simtc debug: " + quoted(gdb.path);
  for (const std::string& arg : command) line += " " + quoted(arg);
  std::cerr << line << "\n";
  return run_for_status("debug", gdb.path, command);
}

}  // namespace simtc::cli
