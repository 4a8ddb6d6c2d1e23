// The analysis rules (rules.def) and the entry point that runs them on a module: it builds the
// analysis view, runs the uniformity analysis on each kernel and each enabled rule on the
// result. Diagnostics go to a DiagnosticSink in the checker's format
// (`file:line:col: error: message [rule-id]`, then notes).
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "analysis/uniformity.hpp"
#include "analysis/view.hpp"
#include "ir/module.hpp"
#include "support/diagnostics.hpp"
#include "support/rule_info.hpp"

namespace simtc::analysis {

using RuleInfo = simtc::RuleInfo;

/// Every analysis rule, in the order they run.
const std::vector<RuleInfo>& rule_table();
const RuleInfo* find_rule(const std::string& id);

struct RuleOptions {
  std::vector<std::string> disabled_rules;  // ids of rules not to run (the checker's may be here too)
  ViewOptions view;
  UniformityOptions uniformity;
  /// When set, run_rules adds the wall time of each stage to it, summed over the kernels:
  /// "view", "uniformity", then each rule's id, in that order (`--time-passes`).
  std::vector<std::pair<std::string, double>>* timings = nullptr;
};

/// Runs every enabled rule on the kernels of `module` (unchanged). Returns true when no rule
/// reported an error.
bool run_rules(const ir::Module& module, DiagnosticSink& sink, const RuleOptions& options = {});

}  // namespace simtc::analysis
