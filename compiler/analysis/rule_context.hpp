// What an analysis rule sees: one kernel's view and uniformity, and a way to report.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "analysis/rules.hpp"

namespace simtc::analysis {

/// Where a diagnostic about an instruction points. Code inlined from simt's own headers is
/// reported at the user's call that reached it.
struct Place {
  SourceLoc loc;
  bool in_unsafe = false;             // that place is Tier 2 code
  std::vector<SourceLoc> call_chain;  // the user calls it was inlined through, innermost first
};

struct Report {
  SourceLoc loc;
  std::string message;  // without the rule id
  std::vector<std::pair<SourceLoc, std::string>> notes;
};

class RuleContext {
 public:
  RuleContext(const RuleInfo& rule, const KernelView& kernel, const UniformityInfo& uniformity,
              DiagnosticSink& sink)
      : rule_(rule), kernel_(kernel), uniformity_(uniformity), sink_(sink) {}

  const KernelView& kernel() const { return kernel_; }
  const UniformityInfo& uniformity() const { return uniformity_; }
  Place place_of(const ir::Instruction* inst) const;
  /// The note for a branch that makes code divergent: "this branch depends on ...".
  std::string branch_note(const ir::Instruction* branch) const;
  /// Reports an error (once per distinct text and location) with its notes.
  void report(Report report);

 private:
  const RuleInfo& rule_;
  const KernelView& kernel_;
  const UniformityInfo& uniformity_;
  DiagnosticSink& sink_;
  std::set<std::string> seen_;
};

// One function per rule (rules/*.cpp), as listed in rules.def.
#define SIMT_ANALYSIS_RULE(Function, Id, Title, Summary) void Function(RuleContext& context);
#include "analysis/rules.def"
#undef SIMT_ANALYSIS_RULE

/// The thread count of the launch contract's exact block shape (simt::block), or 0 without one.
std::uint64_t exact_block_threads(const ir::Function& kernel);
/// The bound of a contract that only bounds the block (simt::max_threads without simt::block),
/// or 0: such a contract admits blocks of any thread count up to it.
std::uint64_t bounded_block_threads(const ir::Function& kernel);

/// For the rules: the operations that `is_reported` accepts inside the calls left in the view
/// (recursion, or a kernel past the inlining budget), each with the call that reaches it, as
/// "<what> inside a recursive function: <why>" (or "... a function too large to inline: ...").
void report_in_calls_left(RuleContext& context, bool (*is_reported)(const ir::Instruction&),
                          const std::string& what, const std::string& why);

}  // namespace simtc::analysis
