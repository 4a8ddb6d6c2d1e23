// simt-global-variable: kernel code never writes a variable of static storage (namespace
// scope, static data members): every thread of every block would write the one copy at once.
// Nor does it read a mutable one (another kernel or the host could change it while the kernel
// runs), or a const one whose value is not known at compile time. Reading constexpr tables is
// fine, and so is reading a simt::Constant at namespace scope: constant memory the host fills
// between launches, which kernel code reads only (its class has no member that writes; a
// non-const reference to it is a write here). Declared anywhere else (a local, a parameter, a
// static member, an array element or a member of a struct) it is an error. Not even Tier 2 code
// may write: the GPU has no per-launch copy of such a variable for simtc to lower it to.
// (docs/rules/simt-global-variable.md)
#include <algorithm>
#include <vector>

#include <clang/AST/Decl.h>
#include <clang/AST/RecursiveASTVisitor.h>

#include "checker/rule_context.hpp"
#include "frontend/param_kinds.hpp"

namespace simtc::checker {
namespace {

constexpr const char* kConstantHome =
    ": constant memory is declared on its own at namespace scope, where the host fills it";

// Where `type` holds a simt::Constant other than being one: "an array", "a struct"; null if not.
const char* constant_inside(clang::QualType type, bool top = true) {
  type = type.getCanonicalType();
  if (const auto* array = llvm::dyn_cast<clang::ArrayType>(type.getTypePtr()))
    return constant_inside(array->getElementType(), false) != nullptr ||
                   frontend::is_simt_template(array->getElementType(), "Constant")
               ? "an array"
               : nullptr;
  if (frontend::is_simt_template(type, "Constant")) return top ? nullptr : "a struct";
  const auto* record = type->getAsCXXRecordDecl();
  if (record == nullptr || !record->hasDefinition() || record->isLambda()) return nullptr;
  for (const clang::FieldDecl* field : record->fields())
    if (constant_inside(field->getType(), false) != nullptr) return "a struct";
  for (const clang::CXXBaseSpecifier& base : record->bases())
    if (constant_inside(base.getType(), false) != nullptr) return "a struct";
  return nullptr;
}

// A simt::Constant (or a struct or array holding one) declared where constant memory cannot be:
// the message, or empty if `var` is not one or is a plain Constant at namespace scope.
std::string misplaced_constant(const clang::VarDecl* var) {
  clang::QualType type = var->getType();
  if (type->isReferenceType()) return "";  // a reference to a constant reads it where it is
  const std::string name = "'" + var->getQualifiedNameAsString() + "'";
  if (const char* holder = constant_inside(type))
    return name + " holds a simt::Constant inside " + holder + kConstantHome;
  if (!frontend::is_simt_template(type, "Constant")) return "";
  const char* what = llvm::isa<clang::ParmVarDecl>(var) ? "a parameter"
                     : var->isStaticDataMember()       ? "a static data member"
                     : var->isStaticLocal()            ? "a static local variable"
                     : var->hasLocalStorage()          ? "a local variable"
                                                       : nullptr;
  if (what == nullptr) return "";  // namespace scope
  return "simt::Constant " + name + " is declared as " + what + kConstantHome;
}

// The uses of variables of static storage in a function body (lambda bodies are functions of
// their own), with the ranges of the writes already reported.
class ReadVisitor : public clang::RecursiveASTVisitor<ReadVisitor> {
 public:
  ReadVisitor(RuleContext& context, const std::vector<clang::SourceRange>& writes)
      : context_(context), writes_(writes) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool TraverseLambdaExpr(clang::LambdaExpr* lambda) { return traverse_lambda_captures(*this, lambda); }

  // Constants declared in the code itself (locals, static locals).
  bool VisitVarDecl(clang::VarDecl* var) {
    if (llvm::isa<clang::ParmVarDecl>(var)) return true;  // the function's own: check_global_variable
    if (std::string message = misplaced_constant(var); !message.empty())
      context_.error(var->getLocation(), message) << var->getSourceRange();
    return true;
  }

  bool VisitDeclRefExpr(clang::DeclRefExpr* ref) {
    check_use(llvm::dyn_cast<clang::VarDecl>(ref->getDecl()), ref->getLocation(), ref->getSourceRange());
    return true;
  }
  // A static data member named through an object: `config.mode`, `p->table`.
  bool VisitMemberExpr(clang::MemberExpr* member) {
    check_use(llvm::dyn_cast<clang::VarDecl>(member->getMemberDecl()), member->getMemberLoc(),
              member->getSourceRange());
    return true;
  }

 private:
  void check_use(const clang::VarDecl* var, clang::SourceLocation loc, clang::SourceRange range) {
    if (var == nullptr || var->hasLocalStorage() || llvm::isa<clang::ParmVarDecl>(var)) return;
    for (const clang::SourceRange& write : writes_)
      if (write.fullyContains(range)) return;  // reported as the write
    std::string name = "'" + var->getQualifiedNameAsString() + "'";
    if (var->isStaticLocal() && !misplaced_constant(var).empty()) return;  // reported at its declaration
    if (std::string message = misplaced_constant(var); !message.empty()) {
      context_.error(loc, message) << range;
    } else if (frontend::is_simt_template(var->getType(), "Constant")) {
      return;  // constant memory at namespace scope: read-only
    } else if (!var->getType().isConstQualified()) {
      context_.error(loc, "kernel code reads mutable variable " + name +
                              " of static storage: the GPU has no copy of it; pass the value as "
                              "a kernel parameter, or declare it constexpr")
          << range;
    } else if (!var->getType()->isReferenceType() && var->evaluateValue() == nullptr) {
      context_.error(loc, "the value of " + name +
                              " is not a compile-time constant: kernel code reads only constexpr "
                              "data of static storage")
          << range;
    } else {
      return;
    }
    context_.note(var->getLocation(), "'" + var->getNameAsString() + "' is declared here");
  }

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
    const bool kernel = std::find(context.kernels().begin(), context.kernels().end(), fn) != context.kernels().end();
    for (const clang::ParmVarDecl* param : fn->parameters())
      // A kernel's parameters are simt-kernel-signature's.
      if (std::string message = kernel ? "" : misplaced_constant(param); !message.empty())
        context.error(param->getLocation(), message) << param->getSourceRange();
    ReadVisitor reads(context, written);
    for (clang::Stmt* code : function_code(*fn)) reads.TraverseStmt(code);
  }
}

}  // namespace simtc::checker
