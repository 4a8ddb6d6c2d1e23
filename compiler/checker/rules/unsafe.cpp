// simt-unsafe: a function marked SIMT_REQUIRES_UNSAFE (raw pointers, unchecked writes, ...)
// is called only from Tier 2 code: inside [[simt::unsafe]] { ... } or from another such
// function. (docs/rules/simt-unsafe.md)
#include <clang/AST/DeclCXX.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/RecursiveASTVisitor.h>

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

  bool VisitCallExpr(clang::CallExpr* call) {
    check(call->getDirectCallee(), call->getExprLoc(), call->getSourceRange());
    return true;
  }
  bool VisitCXXConstructExpr(clang::CXXConstructExpr* construct) {
    check(construct->getConstructor(), construct->getExprLoc(), construct->getSourceRange());
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
  RuleContext& context_;
};

}  // namespace

void check_unsafe(RuleContext& context) {
  UnsafeCallVisitor visitor(context);
  for (const clang::FunctionDecl* fn : context.reachable())
    if (fn->hasBody()) visitor.TraverseStmt(fn->getBody());
}

}  // namespace simtc::checker
