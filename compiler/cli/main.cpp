// simtc: the command line. Each command lives in its own file (commands.hpp) with its
// options; command_line.cpp reads them with llvm::cl.
#include <iostream>
#include <map>

#include "cli/command_line.hpp"
#include "cli/commands.hpp"

#ifndef SIMTC_VERSION
#define SIMTC_VERSION "0.0.0"
#endif

namespace {

using simtc::cli::Command;

int print_version() {
  std::cout << "simtc " << SIMTC_VERSION << "\n";
  return 0;
}

llvm::cl::SubCommand& version_command() {
  static llvm::cl::SubCommand command("version", "print the version");
  return command;
}

const std::map<std::string, Command>& commands() {
  using namespace simtc::cli;
  const char* program_arguments = "program arguments go after '--'";
  static const std::map<std::string, Command> table{
      {"build", {build_command, run_build}},
      {"check", {check_command, run_check, /*passes_after_dashes=*/true}},  // Clang arguments after '--'
      {"inspect", {inspect_command, run_inspect}},
      {"pipeline", {pipeline_command, run_pipeline}},
      {"doctor", {doctor_command, run_doctor}},
      {"new", {new_command, run_new}},
      {"run", {run_command, run_run, /*passes_after_dashes=*/true, program_arguments}},
      {"test", {test_command, run_test, /*passes_after_dashes=*/true, program_arguments}},
      {"sanitize", {sanitize_command, run_sanitize}},
      {"debug", {debug_command, run_debug}},
      {"version", {version_command, print_version}},
  };
  return table;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty()) {
    std::cerr << "simtc: error: no command (try 'simtc --help')\n";
    return 2;
  }
  const std::string& name = args.front();
  // The subcommands register on first use: make them all exist first, so that the parser (and
  // the list of commands --help prints) knows every one.
  for (const auto& [_, each] : commands()) each.subcommand();
  if (name == "--version") return print_version();
  if (name == "help" || name == "--help" || name == "-h") simtc::cli::print_commands_and_exit();
  auto command = commands().find(name);
  if (command == commands().end()) {
    std::cerr << "simtc: error: unknown command '" << name << "' (try 'simtc --help')\n";
    return 2;
  }
  if (std::optional<int> done = simtc::cli::parse_command_line(command->second, args)) return *done;
  return command->second.run();
}
