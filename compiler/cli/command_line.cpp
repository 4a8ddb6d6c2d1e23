#include "cli/command_line.hpp"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <regex>

#include <llvm/Support/raw_ostream.h>

#ifndef SIMTC_VERSION
#define SIMTC_VERSION "0.0.0"
#endif

namespace simtc::cli {
namespace {

namespace cl = llvm::cl;

std::vector<std::string>& after_dashes() {
  static std::vector<std::string> args;
  return args;
}

// -h, as --help. LLVM's own -h (a default option, which this one replaces) groups with what
// follows it, so that an unknown option such as --header printed the help instead of an error.
cl::opt<bool> short_help("h", cl::desc("Alias for --help"), cl::sub(cl::SubCommand::getAll()));

// Once per process, before the first parse: --version prints simtc's version instead of
// LLVM's, and `simtc --help` lists only the commands, not the options the LLVM libraries
// linked into simtc register for their own tools.
void set_up() {
  static bool done = false;
  if (done) return;
  done = true;
  cl::SetVersionPrinter([](llvm::raw_ostream& os) { os << "simtc " << SIMTC_VERSION << "\n"; });
  cl::HideUnrelatedOptions(llvm::ArrayRef<const cl::OptionCategory*>{}, cl::SubCommand::getTopLevel());
}

// llvm::cl writes some errors (an option's "requires a value!") to llvm::errs() whatever
// stream it is given: while it parses, stderr goes to a temporary file, read back after.
class StderrCapture {
 public:
  StderrCapture() : file_(std::tmpfile()), saved_(dup(2)) {
    if (file_ != nullptr && saved_ >= 0) dup2(fileno(file_), 2);
  }
  std::string finish() {
    llvm::errs().flush();
    std::string text;
    if (file_ == nullptr || saved_ < 0) return text;
    dup2(saved_, 2);
    close(saved_);
    std::rewind(file_);
    char buffer[512];
    for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, file_)) > 0;) text.append(buffer, n);
    std::fclose(file_);
    file_ = nullptr;
    return text;
  }
  ~StderrCapture() { finish(); }

 private:
  std::FILE* file_;
  int saved_;
};

// llvm::cl reports a problem as "simtc: <what>" lines; a usage error here is one line in the
// form every command uses (docs/cli.md), so the first problem is said again in that form.
std::string describe(const std::string& llvm_errors, const Command& command, const std::string& name) {
  static const std::regex unknown(R"(Unknown command line argument '(.*)'\.  Try:)");
  static const std::regex no_value(R"(for the (\S+) option: requires a value!)");
  static const std::regex bad_value(R"(for the (\S+) option: (.*))");
  std::string first = llvm_errors.substr(0, llvm_errors.find('\n'));
  if (first.rfind("simtc: ", 0) == 0) first = first.substr(7);
  std::smatch match;
  // An unknown option comes with a "Did you mean" line (dropped: it suggests whatever option
  // is nearest, however far).
  if (std::regex_search(llvm_errors, match, unknown)) {
    const std::string arg = match[1];
    const std::string hint = command.unknown_option_hint != nullptr ? command.unknown_option_hint
                                                                    : "try 'simtc " + name + " --help'";
    return (arg.size() > 1 && arg[0] == '-' ? "unknown option '" : "unexpected argument '") + arg + "' (" + hint +
           ")";
  }
  if (std::regex_search(first, match, no_value)) return "missing value after '" + match[1].str() + "'";
  if (std::regex_search(first, match, bad_value)) return "option '" + match[1].str() + "': " + match[2].str();
  return first;
}

}  // namespace

std::optional<int> parse_command_line(const Command& command, const std::vector<std::string>& args) {
  set_up();
  const std::string& name = args.front();
  // argv[0] is "simtc" whatever path runs it: the generated help and errors name the command.
  std::vector<const char*> argv{"simtc"};
  std::size_t i = 0;
  for (; i < args.size(); ++i) {
    if (command.passes_after_dashes && args[i] == "--") break;
    argv.push_back(args[i].c_str());
  }
  if (i < args.size()) after_dashes().assign(args.begin() + long(i) + 1, args.end());
  std::string errors;
  llvm::raw_string_ostream os(errors);
  StderrCapture capture;
  const bool parsed = cl::ParseCommandLineOptions(int(argv.size()), argv.data(), "", &os);
  errors = capture.finish() + errors;
  if (parsed && short_help) {
    cl::PrintHelpMessage(/*Hidden=*/false, /*Categorized=*/true);
    std::exit(0);
  }
  if (parsed) return std::nullopt;
  return usage_error(name, describe(errors, command, name));
}

const std::vector<std::string>& arguments_after_dashes() { return after_dashes(); }

int usage_error(const std::string& command, const std::string& message) {
  std::cerr << "simtc " << command << ": error: " << message << "\n";
  return 2;
}

void print_commands_and_exit() {
  set_up();
  const char* argv[] = {"simtc", "--help"};
  cl::ParseCommandLineOptions(2, argv,
                              "simtc compiles memory-safe C++ GPU kernels ([[kernel]] functions) to PTX.\n");
  std::exit(0);  // not reached: --help exits
}

}  // namespace simtc::cli
