// simt-target: a device operation is used only when the target architecture (--arch) has it.
// The operations live in simt's headers as builtins (simt.builtin:<intrinsic>), usually behind
// a small inline function; the rule follows the user's calls into those headers and reports
// each operation the target lacks at the user's call that reaches it. The table of which
// instruction needs which architecture is the IR's (ir::intrinsic_target_error), the same one code
// generation checks. (docs/rules/simt-target.md)
#include <map>
#include <set>

#include <clang/AST/RecursiveASTVisitor.h>

#include "checker/rule_context.hpp"
#include "frontend/contract.hpp"
#include "frontend/frontend.hpp"
#include "ir/intrinsics.hpp"

namespace simtc::checker {
namespace {

// The intrinsic a simt builtin declaration stands for.
std::optional<ir::IntrinsicId> builtin_of(const clang::FunctionDecl* fn) {
  for (const auto* attr : fn->specific_attrs<clang::AnnotateAttr>()) {
    llvm::StringRef note = attr->getAnnotation();
    if (note.consume_front(frontend::kBuiltinAnnotationPrefix)) return ir::intrinsic_from_name(note.str());
  }
  return std::nullopt;
}

// The operations a function of simt's headers performs, through the header functions it calls
// (memoized; cycles end in the empty set).
class HeaderOperations : public clang::RecursiveASTVisitor<HeaderOperations> {
 public:
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitLambdaBody() const { return true; }

  const std::set<ir::IntrinsicId>& of(const clang::FunctionDecl* fn) {
    if (const clang::FunctionDecl* def = fn->getDefinition()) fn = def;
    auto [it, inserted] = memo_.try_emplace(fn);
    if (!inserted) return it->second;
    std::set<ir::IntrinsicId> found;
    if (auto id = builtin_of(fn)) found.insert(*id);
    if (fn->hasBody()) {
      std::swap(found, current_);
      TraverseStmt(fn->getBody());
      std::swap(found, current_);
    }
    return memo_[fn] = std::move(found);
  }
  bool VisitCallExpr(clang::CallExpr* call) {
    if (const clang::FunctionDecl* callee = call->getDirectCallee()) add(callee);
    return true;
  }
  bool VisitCXXConstructExpr(clang::CXXConstructExpr* construct) {
    add(construct->getConstructor());
    return true;
  }

 private:
  void add(const clang::FunctionDecl* callee) {
    std::set<ir::IntrinsicId> saved = current_;
    const std::set<ir::IntrinsicId>& ops = of(callee);
    current_ = std::move(saved);
    current_.insert(ops.begin(), ops.end());
  }
  std::map<const clang::FunctionDecl*, std::set<ir::IntrinsicId>> memo_;
  std::set<ir::IntrinsicId> current_;
};

class CallVisitor : public clang::RecursiveASTVisitor<CallVisitor> {
 public:
  explicit CallVisitor(RuleContext& context) : context_(context) {}
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
    if (callee == nullptr || !in_simt_header(context_.ast().getSourceManager(), callee->getLocation())) return;
    std::set<std::string> reported;
    for (ir::IntrinsicId id : operations_.of(callee)) {
      std::string error = ir::intrinsic_target_error(id, context_.options().arch);
      if (error.empty() || !reported.insert(ir::intrinsic_instruction(id)).second) continue;
      context_.error(loc, error) << range;
    }
  }
  RuleContext& context_;
  HeaderOperations operations_;
};

}  // namespace

void check_target(RuleContext& context) {
  CallVisitor visitor(context);  // an invalid --arch is the command line's error (no diagnostics here)
  const std::string& arch = context.options().arch;
  for (const clang::FunctionDecl* fn : context.reachable()) {
    for (clang::Stmt* code : function_code(*fn)) visitor.TraverseStmt(code);
    // A kernel that runs in thread block clusters (.reqnctapercluster) needs a target that has them.
    const unsigned sm = ir::sm_version(arch);
    for (const auto* attr : fn->specific_attrs<clang::AnnotateAttr>())
      if (attr->getAnnotation() == frontend::kClusterAnnotation && sm != 0 && sm < 90)
        context.error(attr->getLocation(), "kernel '" + fn->getNameAsString() +
                                               "' declares a thread block cluster (simt::cluster), which needs "
                                               "--arch sm_90 or newer (the target is " + arch + ")");
  }
}

}  // namespace simtc::checker
