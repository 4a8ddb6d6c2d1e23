// simt-unsafe: Tier 2 operations appear only in Tier 2 code (inside [[simt::unsafe]] { ... } or
// a SIMT_REQUIRES_UNSAFE function): calls to functions marked SIMT_REQUIRES_UNSAFE (raw
// pointers, unchecked writes, ...), and the constructs, cast kinds and builtins the allowlist
// classifies as unsafe (checker/allowlist). (docs/rules/simt-unsafe.md)
#include <clang/AST/DeclCXX.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/RecursiveASTVisitor.h>

#include "checker/allowlist/allowlist.hpp"
#include "checker/rule_context.hpp"

namespace simtc::checker {
namespace {

bool requires_unsafe(const clang::FunctionDecl* fn) {
  if (fn == nullptr) return false;
  if (has_annotation(fn, "simt.requires_unsafe")) return true;
  const clang::FunctionDecl* pattern = fn->getTemplateInstantiationPattern();
  if (pattern != nullptr && has_annotation(pattern, "simt.requires_unsafe")) return true;
  // A member of a class template specialisation: the annotation sits on the member of the pattern.
  if (const auto* method = llvm::dyn_cast<clang::CXXMethodDecl>(fn))
    if (const clang::FunctionDecl* member = method->getInstantiatedFromMemberFunction())
      return has_annotation(member, "simt.requires_unsafe");
  return false;
}

class UnsafeCallVisitor : public clang::RecursiveASTVisitor<UnsafeCallVisitor> {
 public:
  explicit UnsafeCallVisitor(RuleContext& context) : context_(context) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitLambdaBody() const { return false; }
  bool TraverseLambdaExpr(clang::LambdaExpr* lambda) { return traverse_lambda_captures(*this, lambda); }

  bool VisitCXXConstructExpr(clang::CXXConstructExpr* construct) {
    check(construct->getConstructor(), construct->getExprLoc(), construct->getSourceRange());
    return true;
  }

  // The allowlist's Tier 2 entries.
  bool VisitStmt(clang::Stmt* stmt) {
    Classification c = classify_stmt(stmt->getStmtClass());
    if (c.verdict == Verdict::Unsafe) tier2(stmt->getBeginLoc(), c.reason, stmt->getSourceRange());
    return true;
  }
  bool VisitCastExpr(clang::CastExpr* cast) {
    Classification c = classify_cast(cast->getCastKind());
    // Casts to and from pointers are simt-raw-pointer's, which names the pointer.
    if (c.verdict == Verdict::Unsafe && !cast->getType()->isPointerType())
      tier2(cast->getExprLoc(), c.reason, cast->getSourceRange());
    return true;
  }
  bool VisitCallExpr(clang::CallExpr* call) {
    check(call->getDirectCallee(), call->getExprLoc(), call->getSourceRange());
    const clang::FunctionDecl* callee = call->getDirectCallee();
    if (callee == nullptr || callee->getBuiltinID() == 0) return true;
    std::string name = context_.ast().BuiltinInfo.getName(callee->getBuiltinID());
    Classification c = classify_builtin(name);
    if (c.verdict == Verdict::Unsafe)
      tier2(call->getBeginLoc(), "'" + name + "' " + c.reason, call->getSourceRange());
    return true;
  }

 private:
  void check(const clang::FunctionDecl* callee, clang::SourceLocation loc, clang::SourceRange range) {
    if (!requires_unsafe(callee) || context_.in_unsafe(loc)) return;
    context_.error(loc, "'" + callee->getQualifiedNameAsString() +
                            "' requires an unsafe block: call it inside [[simt::unsafe]] { ... } with a comment "
                            "saying why it is safe")
        << range;
    if (!in_simt_namespace(callee)) context_.note(callee->getLocation(), "marked SIMT_REQUIRES_UNSAFE here");
  }
  void tier2(clang::SourceLocation loc, const std::string& what, clang::SourceRange range) {
    if (context_.in_unsafe(loc)) return;
    context_.error(loc, what + ": it needs a [[simt::unsafe]] block with a comment saying why it is safe") << range;
  }
  RuleContext& context_;
};

}  // namespace

void check_unsafe(RuleContext& context) {
  UnsafeCallVisitor visitor(context);
  for (const clang::FunctionDecl* fn : context.reachable())
    for (clang::Stmt* code : function_code(*fn)) visitor.TraverseStmt(code);
}

}  // namespace simtc::checker
