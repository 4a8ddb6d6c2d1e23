// What a rule sees: the AST, the code to check, and a way to report.  [Clang]
#pragma once

#include <set>
#include <string>
#include <utility>
#include <vector>

#include <clang/AST/ASTContext.h>
#include <clang/Basic/Diagnostic.h>

#include "checker/checker.hpp"
#include "checker/safety.hpp"

namespace simtc::checker {

/// The errors reported so far (location and text): a template's code is checked once per
/// instantiation, and the same error in two of them is shown once, with its notes.
using ReportedErrors = std::set<std::pair<clang::SourceLocation::UIntTy, std::string>>;

class RuleContext {
 public:
  RuleContext(clang::ASTContext& context, const RuleInfo& rule,
              const std::vector<const clang::FunctionDecl*>& kernels,
              const std::vector<const clang::FunctionDecl*>& reachable, const UnsafeRegions& unsafe,
              const CheckOptions& options, ReportedErrors& reported)
      : context_(context), rule_(rule), kernels_(kernels), reachable_(reachable), unsafe_(unsafe),
        options_(options), reported_(reported) {}

  clang::ASTContext& ast() const { return context_; }
  const RuleInfo& rule() const { return rule_; }
  const CheckOptions& options() const { return options_; }
  /// The kernels of the file.
  const std::vector<const clang::FunctionDecl*>& kernels() const { return kernels_; }
  /// The kernels plus every user function they call, directly or not (not simt's headers).
  const std::vector<const clang::FunctionDecl*>& reachable() const { return reachable_; }
  /// True if `loc` is in Tier 2 code: a [[simt::unsafe]] block or a SIMT_REQUIRES_UNSAFE
  /// function. Rules whose operations an unsafe block permits skip what it contains.
  bool in_unsafe(clang::SourceLocation loc) const { return unsafe_.contains(loc); }

  /// An error ending in this rule's id; stream ranges into the result for underlines.
  clang::DiagnosticBuilder error(clang::SourceLocation loc, const std::string& message) const;
  /// A note (a related location or a suggested fix) attached to the last error.
  clang::DiagnosticBuilder note(clang::SourceLocation loc, const std::string& message) const;

 private:
  clang::DiagnosticBuilder report(clang::SourceLocation loc, bool is_error,
                                  const std::string& message) const;
  clang::ASTContext& context_;
  const RuleInfo& rule_;
  const std::vector<const clang::FunctionDecl*>& kernels_;
  const std::vector<const clang::FunctionDecl*>& reachable_;
  const UnsafeRegions& unsafe_;
  const CheckOptions& options_;
  ReportedErrors& reported_;
};

/// True if `loc` is inside one of simt's own headers (trusted code the rules skip).
bool in_simt_header(const clang::SourceManager& sm, clang::SourceLocation loc);

// One function per rule (rules/*.cpp), as listed in rules.def.
#define SIMT_RULE(Function, Id, Title, Summary) void Function(RuleContext& context);
#include "checker/rules.def"
#undef SIMT_RULE

}  // namespace simtc::checker
