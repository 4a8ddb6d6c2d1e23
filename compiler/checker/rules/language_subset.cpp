// simt-language-subset: constructs outside the kernel language get one diagnostic each,
// at the construct, naming it (docs/rules/simt-language-subset.md).
#include <clang/AST/Attr.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/AST/StmtCXX.h>

#include "checker/rule_context.hpp"
#include "frontend/frontend.hpp"

namespace simtc::checker {
namespace {

bool is_builtin(const clang::FunctionDecl& fn) {
  for (const auto* attr : fn.specific_attrs<clang::AnnotateAttr>())
    if (attr->getAnnotation().starts_with(frontend::kBuiltinAnnotationPrefix)) return true;
  return false;
}

class SubsetVisitor : public clang::RecursiveASTVisitor<SubsetVisitor> {
 public:
  explicit SubsetVisitor(RuleContext& context) : context_(context) {}

  bool shouldVisitLambdaBody() const { return true; }
  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitCXXThrowExpr(clang::CXXThrowExpr* e) {
    return reject(e->getThrowLoc(), "exceptions are not supported in kernel code: 'throw'");
  }
  bool VisitCXXTryStmt(clang::CXXTryStmt* s) {
    return reject(s->getTryLoc(), "exceptions are not supported in kernel code: 'try'");
  }
  bool VisitCXXTypeidExpr(clang::CXXTypeidExpr* e) {
    return reject(e->getBeginLoc(), "RTTI is not supported in kernel code: 'typeid'");
  }
  bool VisitCXXDynamicCastExpr(clang::CXXDynamicCastExpr* e) {
    return reject(e->getBeginLoc(), "RTTI is not supported in kernel code: 'dynamic_cast'");
  }
  bool VisitCXXNewExpr(clang::CXXNewExpr* e) {
    return reject(e->getBeginLoc(), "heap allocation is not supported in kernel code: 'new'");
  }
  bool VisitCXXDeleteExpr(clang::CXXDeleteExpr* e) {
    return reject(e->getBeginLoc(), "heap allocation is not supported in kernel code: 'delete'");
  }
  bool VisitGotoStmt(clang::GotoStmt* s) {
    return reject(s->getGotoLoc(), "'goto' is not supported in kernel code");
  }
  bool VisitIndirectGotoStmt(clang::IndirectGotoStmt* s) {
    return reject(s->getGotoLoc(), "'goto' is not supported in kernel code");
  }
  bool VisitCXXMemberCallExpr(clang::CXXMemberCallExpr* e) {
    const auto* method = e->getMethodDecl();
    if (method != nullptr && method->isVirtual() && !e->getMethodDecl()->hasAttr<clang::FinalAttr>())
      return reject(e->getExprLoc(), "virtual function calls are not supported in kernel code: '" +
                                         method->getNameAsString() + "'");
    return true;
  }
  bool VisitCallExpr(clang::CallExpr* e) {
    const clang::FunctionDecl* callee = e->getDirectCallee();
    if (callee == nullptr) {
      if (!llvm::isa<clang::CXXPseudoDestructorExpr>(e->getCallee()->IgnoreParens()))
        reject(e->getBeginLoc(), "calls through function pointers are not supported in kernel code");
      return true;
    }
    if (callee->getBuiltinID() != 0 || is_builtin(*callee)) return true;
    if (!callee->isDefined() && !callee->isDeleted() && !callee->isDefaulted()) {
      context_.error(e->getBeginLoc(), "function '" + callee->getNameAsString() +
                                           "' has no definition in this file; kernel code can "
                                           "only call functions defined in the kernel file")
          << e->getSourceRange();
      context_.note(callee->getLocation(), "declared here");
    }
    return true;
  }
  bool VisitVarDecl(clang::VarDecl* var) {
    if (llvm::isa<clang::ParmVarDecl>(var) || !var->isLocalVarDeclOrParm()) return true;
    if (var->getTSCSpec() != clang::TSCS_unspecified || var->getTLSKind() != clang::VarDecl::TLS_None)
      return reject(var->getLocation(), "'thread_local' variables are not supported in kernel code");
    if (var->isStaticLocal() && !var->isConstexpr())
      return reject(var->getLocation(), "static local variables are not supported in kernel code");
    return true;
  }

 private:
  bool reject(clang::SourceLocation loc, const std::string& message) {
    context_.error(loc, message);
    return true;
  }
  RuleContext& context_;
};

}  // namespace

void check_language_subset(RuleContext& context) {
  SubsetVisitor visitor(context);
  for (const clang::FunctionDecl* fn : context.reachable()) {
    if (fn->isVariadic() && !fn->hasAttr<clang::AnnotateAttr>())
      context.error(fn->getLocation(), "variadic functions are not supported in kernel code: '" +
                                           fn->getNameAsString() + "'");
    if (fn->hasBody()) visitor.TraverseStmt(fn->getBody());
  }
}

}  // namespace simtc::checker
