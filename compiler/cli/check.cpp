// simtc check FILE... : the checker only (fast; for editors and CI).
#include <iostream>

#include "analysis/rules.hpp"
#include "checker/allowlist/listing.hpp"
#include "checker/checker.hpp"
#include "cli/commands.hpp"
#include "cli/options.hpp"

namespace simtc::cli {

int run_check(const Args& args) {
  CompileFlags flags;
  if (auto error = parse_compile_flags(args, flags, {"--list-rules", "--list-allowlist", "--explain", "--disable"})) {
    std::cerr << "simtc check: error: " << *error << "\n";
    return 2;
  }
  // check writes nothing: an output option is a command line meant for build.
  for (const auto& [given, name] : {std::pair{!flags.output.empty(), "-o"}, std::pair{!flags.header.empty(), "--header"},
                                    std::pair{flags.ptxas, "--ptxas"}})
    if (given) {
      std::cerr << "simtc check: error: '" << name << "' is an option of simtc build; check writes nothing\n";
      return 2;
    }
  if (flags.help) {
    std::cout << "usage: simtc check FILE... [options]\n"
              << "       simtc check --list-rules\n"
              << "       simtc check --list-allowlist\n"
              << "       simtc check --explain RULE\n\n"
              << "Runs simt's rules on kernel files without generating code. Exits 0 when no\n"
              << "rule reports an error.\n\n"
              << "  --disable=RULE        do not run RULE\n"
              << "  --list-rules          print every rule's id and title\n"
              << "  --list-allowlist      print how safe code may use each Clang construct, cast kind\n"
              << "                        and builtin (safe, checked, unsafe, unsupported, ...)\n"
              << "  --explain RULE        print a rule's page (what it checks, why, each diagnostic)\n"
              << compile_flags_help();
    return 0;
  }
  for (std::size_t i = 0; i < flags.rest.size(); ++i) {
    const std::string& arg = flags.rest[i];
    if (arg == "--list-rules") {
      for (const checker::RuleInfo& rule : checker::rule_table())
        std::cout << rule.id << "  " << rule.title << "\n";
      for (const analysis::RuleInfo& rule : analysis::rule_table())
        std::cout << rule.id << "  " << rule.title << "\n";
      return 0;
    }
    if (arg == "--list-allowlist") {
      for (const checker::AllowlistRow& row : checker::allowlist_rows())
        std::cout << row.table << " " << row.name << " " << checker::verdict_name(row.classification.verdict)
                  << (*row.classification.reason ? std::string(": ") + row.classification.reason : "") << "\n";
      for (const std::string& stale : checker::allowlist_stale_names())
        std::cout << stale << " stale: classified by simtc but unknown to clang\n";
      return 0;
    }
    std::string value = arg.find('=') != std::string::npos ? arg.substr(arg.find('=') + 1) : "";
    std::string name = arg.substr(0, arg.find('='));
    if (name == "--explain" && value.empty() && !flags.inputs.empty()) {  // `--explain RULE`
      value = flags.inputs.front();
      flags.inputs.erase(flags.inputs.begin());
    }
    if (value.empty()) {
      std::cerr << "simtc check: error: " << name << " needs a rule id (" << name << "=RULE)\n";
      return 2;
    }
    // The checker's rules (on the AST) and the analysis rules (on the IR) share one namespace.
    const checker::RuleInfo* rule = checker::find_rule(value);
    const analysis::RuleInfo* ir_rule = rule == nullptr ? analysis::find_rule(value) : nullptr;
    if (rule == nullptr && ir_rule == nullptr) {
      std::cerr << "simtc check: error: unknown rule '" << value << "' (see simtc check --list-rules)\n";
      return 2;
    }
    if (name == "--explain") {
      // The rule's page, the same text as docs/rules/<id>.md.
      const char* id = rule != nullptr ? rule->id : ir_rule->id;
      if (const char* doc = checker::rule_doc(id))
        std::cout << doc;
      else
        std::cout << id << ": " << (rule != nullptr ? rule->title : ir_rule->title) << "\n\n"
                  << (rule != nullptr ? rule->summary : ir_rule->summary) << "\n";
      return 0;
    }
    flags.options.checker.disabled_rules.push_back(value);
    flags.options.analysis.disabled_rules.push_back(value);
  }
  if (flags.inputs.empty()) {
    std::cerr << "simtc check: error: no input file (try 'simtc check --help')\n";
    return 2;
  }
  int status = 0;
  for (const std::string& input : flags.inputs)
    if (!driver::check_file(input, flags.options)) status = 1;
  return status;
}

}  // namespace simtc::cli
