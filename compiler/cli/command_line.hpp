// The `simtc` command line, read with LLVM's CommandLine library (llvm::cl): one
// llvm::cl::SubCommand per command, each command's options defined beside its code, and
// --help generated from those definitions.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <llvm/Support/CommandLine.h>

namespace simtc::cli {

/// A command: its SubCommand (the options it takes), and the code that runs it once its
/// options are parsed.
struct Command {
  llvm::cl::SubCommand& (*subcommand)();
  int (*run)();
  /// Arguments after "--" are not options but go through as they are (run, test); llvm::cl
  /// would take them as more positional arguments.
  bool passes_after_dashes = false;
  /// What an unknown option's error suggests instead of --help.
  const char* unknown_option_hint = nullptr;
};

/// Parses `args` (the command name first) into the command's options. Returns the exit
/// status when the command is done: 2 after a usage error, printed as one line
/// "simtc <command>: error: ..."; --help and --version print and exit 0 from inside.
std::optional<int> parse_command_line(const Command& command, const std::vector<std::string>& args);

/// The arguments after "--" of a command with `passes_after_dashes`.
const std::vector<std::string>& arguments_after_dashes();

/// Prints "simtc <command>: error: <message>" and returns 2, the status of a usage error.
int usage_error(const std::string& command, const std::string& message);

/// Prints `simtc --help` (the commands) and exits 0.
[[noreturn]] void print_commands_and_exit();

}  // namespace simtc::cli
