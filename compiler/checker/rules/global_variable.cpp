// simt-global-variable: kernel code never writes a variable of static storage (namespace
// scope, static data members): every thread of every block would write the one copy at once.
// Nor does it read a mutable one (another kernel or the host could change it while the kernel
// runs), or a const one whose value is not known at compile time. Reading constexpr tables is
// fine. Not even Tier 2 code may: the GPU has no per-launch copy of such a variable for simtc
// to lower it to. (docs/rules/simt-global-variable.md)
#include <vector>

#include <clang/AST/Decl.h>
#include <clang/AST/RecursiveASTVisitor.h>

#include "checker/rule_context.hpp"

namespace simtc::checker {
namespace {

// The uses of variables of static storage in a function body (lambda bodies are functions of
// their own), with the ranges of the writes already reported.
class ReadVisitor : public clang::RecursiveASTVisitor<ReadVisitor> {
 public:
  ReadVisitor(RuleContext& context, const std::vector<clang::SourceRange>& writes)
      : context_(context), writes_(writes) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool TraverseLambdaExpr(clang::LambdaExpr* lambda) { return traverse_lambda_captures(*this, lambda); }

  bool VisitDeclRefExpr(clang::DeclRefExpr* ref) {
    const auto* var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl());
    if (var == nullptr || var->hasLocalStorage() || llvm::isa<clang::ParmVarDecl>(var)) return true;
    for (const clang::SourceRange& write : writes_)
      if (write.fullyContains(ref->getSourceRange())) return true;  // reported as the write
    std::string name = "'" + var->getQualifiedNameAsString() + "'";
    if (!var->getType().isConstQualified()) {
      context_.error(ref->getLocation(), "kernel code reads mutable variable " + name +
                                             " of static storage: the GPU has no copy of it; pass the value as "
                                             "a kernel parameter, or declare it constexpr")
          << ref->getSourceRange();
    } else if (!var->getType()->isReferenceType() && var->evaluateValue() == nullptr) {
      context_.error(ref->getLocation(), "the value of " + name +
                                             " is not a compile-time constant: kernel code reads only constexpr "
                                             "data of static storage")
          << ref->getSourceRange();
    } else {
      return true;
    }
    context_.note(var->getLocation(), "'" + var->getNameAsString() + "' is declared here");
    return true;
  }

 private:
  RuleContext& context_;
  const std::vector<clang::SourceRange>& writes_;
};

}  // namespace

void check_global_variable(RuleContext& context) {
  for (const clang::FunctionDecl* fn : context.reachable()) {
    if (!fn->hasBody()) continue;
    std::vector<clang::SourceRange> written;
    for (clang::Stmt* code : function_code(*fn))
    for (const Write& write : collect_writes(code)) {
      written.push_back(write.target->getSourceRange());
      LvalueRoot root = root_of(write.target);
      if (root.kind != Root::Global) continue;
      const auto* var = llvm::cast<clang::VarDecl>(root.decl);
      std::string what = var->isStaticDataMember() ? "static data member '"
                         : var->isStaticLocal()    ? "static local variable '"
                                                   : "namespace-scope variable '";
      std::string how;
      switch (write.how) {
        case Write::How::Assign:
        case Write::How::Modify: how = "writes "; break;
        case Write::How::BindReference: how = "takes a non-const reference to "; break;
        case Write::How::CallMutating: how = "calls a non-const member function on "; break;
      }
      context.error(write.site->getExprLoc(), "kernel code " + how + what + var->getQualifiedNameAsString() +
                                                  "': all threads would write its one copy at once; pass values in "
                                                  "as parameters and write results through a DisjointSlice")
          << write.target->getSourceRange();
      context.note(var->getLocation(), "'" + var->getNameAsString() + "' is declared here");
    }
    ReadVisitor reads(context, written);
    for (clang::Stmt* code : function_code(*fn)) reads.TraverseStmt(code);
  }
}

}  // namespace simtc::checker
