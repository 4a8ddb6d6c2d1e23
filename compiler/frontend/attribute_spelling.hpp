// Misspelt simt attributes are errors, not Clang's "unknown attribute ignored" warning: a
// misspelt contract attribute would silently drop the contract (and the host's checks), a
// misspelt [[kernel]] the kernel.  [Clang]
//
// The check reads the token stream the parser sees (after macro expansion and conditional
// compilation) and parses each [[...]] attribute list itself, so that it does not depend on
// Clang's warning being enabled: a `#pragma clang diagnostic ignored "-Wunknown-attributes"`
// in the kernel file silences the warning, not the error. Clang's own warning for an
// attribute the check reported is dropped (AttributeWarningFilter), so each appears once.
#pragma once

#include "frontend/forwarding_consumer.hpp"
#include <memory>
#include <set>
#include <string>
#include <vector>

#include <clang/Basic/Diagnostic.h>
#include <clang/Basic/SourceLocation.h>

namespace clang {
class Preprocessor;
class Token;
}  // namespace clang

namespace simtc::frontend {

/// Parses the [[...]] attribute lists in the token stream and reports, as errors with the
/// rule id simt-launch-contract:
///  - an attribute in namespace simt that simtc does not define (`simt::requries`);
///  - an unknown attribute without a namespace spelled close to one of simt's
///    (`kernal`, `Kernel`, `unsafe`: did you mean 'kernel' / 'simt::unsafe'?);
///  - an unknown attribute whose namespace is spelled close to simt and whose name is one of
///    simt's (`smit::block`).
/// Every other unknown attribute is left to Clang (a warning).
class AttributeSpellingCheck {
 public:
  explicit AttributeSpellingCheck(clang::Preprocessor& pp);

  /// Feeds one token of the parser's token stream (Preprocessor::setTokenWatcher).
  void on_token(const clang::Token& token);

  /// True if an error was reported for the attribute written at `loc` (its namespace or,
  /// without one, its name).
  bool reported_at(clang::SourceLocation loc) const { return reported_.count(loc.getRawEncoding()) != 0; }

 private:
  enum class State { Idle, OneBracket, ListStart, Using, UsingScope, List, Name, ScopedName, Args, AfterAttr, Close };

  void attribute_done();
  void reset() { state_ = State::Idle; }

  clang::Preprocessor& pp_;
  std::vector<std::string> simt_names_;  // "kernel", "block", ... (spellings after "simt::")
  State state_ = State::Idle;
  std::string using_scope_;  // [[using NS: ...]]
  clang::SourceLocation using_loc_;
  clang::SourceLocation scope_loc_, name_loc_, name_end_;
  std::string scope_, name_;
  unsigned depth_ = 0;  // parentheses open in the arguments
  std::set<clang::SourceLocation::UIntTy> reported_;
};

/// A diagnostic consumer in front of Clang's printer that drops Clang's "unknown attribute
/// ignored" warning for the attributes `check` reported as errors.
class AttributeWarningFilter : public ForwardingConsumer {
 public:
  /// `owned` is `inner` when the filter takes ownership of it, else null.
  AttributeWarningFilter(clang::DiagnosticConsumer* inner, std::unique_ptr<clang::DiagnosticConsumer> owned,
                         std::shared_ptr<const AttributeSpellingCheck> check);

  void HandleDiagnostic(clang::DiagnosticsEngine::Level level, const clang::Diagnostic& info) override;

 private:
  std::shared_ptr<const AttributeSpellingCheck> check_;
};

}  // namespace simtc::frontend
