#include "checker/checker.hpp"

#include <algorithm>
#include <set>
#include <map>
#include <string>

#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/DiagnosticIDs.h>
#include <clang/Basic/SourceManager.h>
#include <llvm/Support/FileSystem.h>

#include "checker/rule_context.hpp"
#include "frontend/diagnostic.hpp"

namespace simtc::checker {

const std::vector<RuleInfo>& rule_table() {
  static const std::vector<RuleInfo> table = {
#define SIMT_RULE(Function, Id, Title, Summary) {Id, Title, Summary},
#include "checker/rules.def"
#undef SIMT_RULE
  };
  return table;
}

const RuleInfo* find_rule(const std::string& id) {
  for (const RuleInfo& rule : rule_table())
    if (id == rule.id) return &rule;
  return nullptr;
}

bool in_simt_header(const clang::SourceManager& sm, clang::SourceLocation loc) {
  if (loc.isInvalid()) return false;
  loc = sm.getExpansionLoc(loc);
  llvm::StringRef file = sm.getFilename(loc);
  // simt's headers live in <dir>/simt/ next to <dir>/simt/kernel.hpp (the source tree's
  // include/ or an installed one); a user folder that happens to be called simt has no
  // kernel.hpp of simt's in it. Answers are cached per directory.
  static std::map<std::string, bool> trusted_dirs;
  size_t at = file.rfind("/simt/");
  if (at == llvm::StringRef::npos) return false;
  std::string dir = file.substr(0, at).str();
  auto [it, inserted] = trusted_dirs.try_emplace(dir, false);
  if (inserted) it->second = llvm::sys::fs::exists(dir + "/simt/kernel.hpp");
  return it->second;
}

clang::DiagnosticBuilder RuleContext::report(clang::SourceLocation loc, bool is_error,
                                             const std::string& message) const {
  if (!is_error) return frontend::report(context_.getDiagnostics(), loc, false, message);
  std::string text = message + " [" + rule_.id + "]";
  // A repeat (the same code in another instantiation): not shown, and its notes neither.
  if (!reported_.insert({loc.getRawEncoding(), text}).second) return frontend::ignore(context_.getDiagnostics(), loc);
  return frontend::report(context_.getDiagnostics(), loc, true, text);
}

clang::DiagnosticBuilder RuleContext::error(clang::SourceLocation loc,
                                            const std::string& message) const {
  return report(loc, true, message);
}

clang::DiagnosticBuilder RuleContext::note(clang::SourceLocation loc,
                                           const std::string& message) const {
  return report(loc, false, message);
}

namespace {

// Collects the user functions reachable from the kernels through calls and constructions.
// Functions the compiler defines implicitly (a struct's copy assignment, say) are walked for
// the user functions they call but not listed: their bodies are Clang's, not the user's
// (an implicit copy of an array member is a __builtin_memcpy the rules must not report).
class CallCollector : public clang::RecursiveASTVisitor<CallCollector> {
 public:
  CallCollector(const clang::SourceManager& sm, std::vector<const clang::FunctionDecl*>& out)
      : sm_(sm), out_(out) {}

  void add(const clang::FunctionDecl* fn) {
    if (fn == nullptr) return;
    if (const clang::FunctionDecl* def = fn->getDefinition()) fn = def;
    if (in_simt_header(sm_, fn->getLocation())) return;
    if (!seen_.insert(fn).second) return;
    // An implicit default constructor runs the user's in-class member initialisers: listed,
    // so that the rules see those (its body is empty).
    if (!fn->isImplicit() || runs_user_initializers(fn)) out_.push_back(fn);
    for (clang::Stmt* code : function_code(*fn)) TraverseStmt(code);
  }
  static bool runs_user_initializers(const clang::FunctionDecl* fn) {
    const auto* ctor = llvm::dyn_cast<clang::CXXConstructorDecl>(fn);
    if (ctor == nullptr || !ctor->isDefaultConstructor()) return false;
    for (const clang::CXXCtorInitializer* init : ctor->inits())
      if (init->getInit() != nullptr && llvm::isa<clang::CXXDefaultInitExpr>(init->getInit())) return true;
    return false;
  }
  bool VisitCallExpr(clang::CallExpr* call) {
    add(call->getDirectCallee());
    return true;
  }
  bool VisitCXXConstructExpr(clang::CXXConstructExpr* construct) {
    add(construct->getConstructor());
    return true;
  }
  bool shouldVisitLambdaBody() const { return true; }

 private:
  const clang::SourceManager& sm_;
  std::vector<const clang::FunctionDecl*>& out_;
  std::set<const clang::FunctionDecl*> seen_;
};

}  // namespace

std::vector<const clang::FunctionDecl*> reachable_functions(clang::ASTContext& context,
                                                            const std::vector<const clang::FunctionDecl*>& kernels) {
  std::vector<const clang::FunctionDecl*> reachable;
  CallCollector collector(context.getSourceManager(), reachable);
  for (const auto* kernel : kernels) collector.add(kernel);
  return reachable;
}

bool check(clang::ASTContext& context, const std::vector<const clang::FunctionDecl*>& kernels,
           const CheckOptions& options) {
  std::vector<const clang::FunctionDecl*> reachable = reachable_functions(context, kernels);

  const UnsafeRegions unsafe(context.getSourceManager(), reachable);
  unsigned errors_before = context.getDiagnostics().getNumErrors();
  const auto& table = rule_table();
  ReportedErrors reported;
  unsigned index = 0;
#define SIMT_RULE(Function, Id, Title, Summary)                                          \
  if (std::find(options.disabled_rules.begin(), options.disabled_rules.end(), Id) ==     \
      options.disabled_rules.end()) {                                                    \
    RuleContext rule_context(context, table[index], kernels, reachable, unsafe, options, reported);\
    Function(rule_context);                                                              \
  }                                                                                      \
  ++index;
#include "checker/rules.def"
#undef SIMT_RULE
  return context.getDiagnostics().getNumErrors() == errors_before;
}

}  // namespace simtc::checker
