// simtc check FILE... : the checker only (fast; for editors and CI). With --host, the FILEs
// are host C++ sources and the host rules run on them instead (host/host_check.hpp).
#include <iostream>
#include <optional>

#include <llvm/Support/FileSystem.h>

#include "analysis/rules.hpp"
#include "checker/allowlist/listing.hpp"
#include "checker/checker.hpp"
#include "host/host_check.hpp"
#include "cli/check_format.hpp"
#include "cli/command_line.hpp"
#include "cli/commands.hpp"
#include "cli/options.hpp"
#include "support/diagnostic_record.hpp"

#ifndef SIMTC_VERSION
#define SIMTC_VERSION "0.0.0"
#endif

namespace simtc::cli {

llvm::cl::SubCommand& check_command() {
  static llvm::cl::SubCommand command(
      "check", "run simt's rules on kernel files (on host files with --host) without generating code; exits 0 "
               "when no rule reports an error");
  return command;
}

namespace {

namespace cl = llvm::cl;

cl::OptionCategory check_category("Check options");
cl::list<std::string> inputs_flag(cl::Positional, cl::desc("FILE..."), cl::sub(check_command()));
cl::opt<std::string> format_flag("format",
                                 cl::desc("how to print the diagnostics: text (as a compiler does, the default), "
                                          "json or sarif (SARIF 2.1.0, for code scanning)"),
                                 cl::value_desc("text|json|sarif"), cl::init("text"), cl::cat(check_category),
                                 cl::sub(check_command()));
cl::list<std::string> disable_flag("disable", cl::desc("do not run RULE (repeatable)"), cl::value_desc("RULE"),
                                   cl::cat(check_category), cl::sub(check_command()));
cl::opt<bool> list_rules_flag("list-rules", cl::desc("print every rule's id and title"), cl::cat(check_category),
                              cl::sub(check_command()));
cl::opt<bool> list_allowlist_flag("list-allowlist",
                                  cl::desc("print how safe code may use each Clang construct, cast kind and builtin "
                                           "(safe, checked, unsafe, unsupported, ...)"),
                                  cl::cat(check_category), cl::sub(check_command()));
cl::opt<bool> host_flag("host",
                        cl::desc("the FILEs are host C++ sources: report launches that pass one buffer as a "
                                 "kernel's output and as another argument (simt-launch-alias); Clang arguments "
                                 "go after '--'"),
                        cl::cat(check_category), cl::sub(check_command()));
cl::opt<std::string> explain_flag("explain", cl::desc("print a rule's page (what it checks, why, each diagnostic)"),
                                  cl::value_desc("RULE"), cl::cat(check_category), cl::sub(check_command()));
// build's output options: check writes nothing, so a command line with one of them was meant
// for build, which the error says (rather than llvm::cl's "unknown option").
cl::opt<std::string> misplaced_output("o", cl::ReallyHidden, cl::sub(check_command()));
cl::opt<std::string> misplaced_header("header", cl::ReallyHidden, cl::sub(check_command()));
cl::opt<bool> misplaced_ptxas("ptxas", cl::ReallyHidden, cl::sub(check_command()));

struct RuleText {
  const char* title;
  const char* summary;
};

// The rule `id` of either table (the checker's on the AST, the analysis rules' on the IR: one
// namespace), or nothing.
std::optional<RuleText> find_rule(const std::string& id) {
  if (const checker::RuleInfo* rule = checker::find_rule(id)) return RuleText{rule->title, rule->summary};
  if (const analysis::RuleInfo* rule = analysis::find_rule(id)) return RuleText{rule->title, rule->summary};
  if (const host::RuleInfo* rule = host::find_rule(id)) return RuleText{rule->title, rule->summary};
  return std::nullopt;
}

int unknown_rule(const std::string& id) {
  return usage_error("check", "unknown rule '" + id + "' (see simtc check --list-rules)");
}

}  // namespace

int run_check() {
  for (const auto& [given, name] : {std::pair{misplaced_output.getNumOccurrences() > 0, "-o"},
                                    std::pair{misplaced_header.getNumOccurrences() > 0, "--header"},
                                    std::pair{misplaced_ptxas.getNumOccurrences() > 0, "--ptxas"}})
    if (given) return usage_error("check", std::string("'") + name + "' is an option of simtc build; check writes nothing");
  driver::CompileOptions options;
  if (std::optional<std::string> error = read_compile_options(options)) return usage_error("check", *error);
  const std::string format = format_flag;
  if (format != "text" && format != "json" && format != "sarif")
    return usage_error("check", "unknown --format '" + format + "' (expected text, json or sarif)");
  if (list_rules_flag) {
    for (const checker::RuleInfo& rule : checker::rule_table()) std::cout << rule.id << "  " << rule.title << "\n";
    for (const analysis::RuleInfo& rule : analysis::rule_table()) std::cout << rule.id << "  " << rule.title << "\n";
    for (const host::RuleInfo& rule : host::rule_table()) std::cout << rule.id << "  " << rule.title << "\n";
    return 0;
  }
  if (list_allowlist_flag) {
    for (const checker::AllowlistRow& row : checker::allowlist_rows())
      std::cout << row.table << " " << row.name << " " << checker::verdict_name(row.classification.verdict)
                << (*row.classification.reason ? std::string(": ") + row.classification.reason : "") << "\n";
    for (const std::string& stale : checker::allowlist_stale_names())
      std::cout << stale << " stale: classified by simtc but unknown to clang\n";
    return 0;
  }
  if (explain_flag.getNumOccurrences() > 0) {
    const std::string id = explain_flag;
    std::optional<RuleText> rule = find_rule(id);
    if (!rule) return unknown_rule(id);
    // The rule's page, the same text as docs/rules/<id>.md.
    if (const char* doc = checker::rule_doc(id)) std::cout << doc;
    else std::cout << id << ": " << rule->title << "\n\n" << rule->summary << "\n";
    return 0;
  }
  host::HostCheckOptions host_options;
  for (const std::string& id : disable_flag) {
    if (!find_rule(id)) return unknown_rule(id);
    options.checker.disabled_rules.push_back(id);
    options.analysis.disabled_rules.push_back(id);
    host_options.disabled_rules.push_back(id);
  }
  if (inputs_flag.empty()) return usage_error("check", "no input file (try 'simtc check --help')");
  // After "--": Clang's own arguments, as they are.
  const std::vector<std::string>& clang_args = arguments_after_dashes();
  options.frontend.extra_args.insert(options.frontend.extra_args.end(), clang_args.begin(), clang_args.end());

  DiagnosticRecords records;
  records.is_rule = driver::is_rule_id;
  if (format != "text") options.frontend.records = &records;
  host_options.frontend = options.frontend;
  int status = 0;
  for (const std::string& input : inputs_flag)
    if (!(host_flag ? host::check_host_file(input, host_options) : driver::check_file(input, options))) status = 1;
  if (format == "json") std::cout << diagnostics_json(records);
  if (format == "sarif") {
    llvm::SmallString<256> cwd;
    if (llvm::sys::fs::current_path(cwd)) cwd = ".";
    std::cout << diagnostics_sarif(records, SIMTC_VERSION, std::string(cwd));
  }
  return status;
}

}  // namespace simtc::cli
