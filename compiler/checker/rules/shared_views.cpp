// Part of simt-index-space: the slots of dynamic shared memory. A thread owns slot
// `index_in_block()` of a SharedSpan<T>, that is bytes [i * sizeof(T), (i + 1) * sizeof(T)) of the
// launch's dynamic shared memory. Two views of it with different element types would hand
// overlapping bytes to different threads (thread 1's float slot is half of thread 0's double
// slot), so when a kernel views it with more than one element type, no safe write goes through a
// slot of it. (docs/rules/simt-index-space.md)
#include <map>
#include <set>

#include <clang/AST/DeclCXX.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/RecursiveASTVisitor.h>

#include "checker/rule_context.hpp"
#include "frontend/kernel_names.hpp"

namespace simtc::checker {
namespace {

bool is_simt_function(const clang::FunctionDecl* fn, llvm::StringRef name) {
  return fn != nullptr && fn->getIdentifier() != nullptr && fn->getName() == name && in_simt_namespace(fn);
}

// Walks one kernel and the user functions it calls, collecting the element types it asks
// dynamic_shared<T>() for and the safe SharedSpan::get_mut calls.
class ViewCollector : public clang::RecursiveASTVisitor<ViewCollector> {
 public:
  ViewCollector(RuleContext& context) : context_(context) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitLambdaBody() const { return true; }

  void walk(const clang::FunctionDecl* fn) {
    if (fn == nullptr) return;
    if (const clang::FunctionDecl* def = fn->getDefinition()) fn = def;
    if (!fn->hasBody() || in_simt_header(context_.ast().getSourceManager(), fn->getLocation())) return;
    if (!seen_.insert(fn).second) return;
    TraverseStmt(fn->getBody());
  }
  bool VisitCallExpr(clang::CallExpr* call) {
    const clang::FunctionDecl* callee = call->getDirectCallee();
    if (is_simt_function(callee, "dynamic_shared")) {
      if (const clang::TemplateArgumentList* args = callee->getTemplateSpecializationArgs(); args != nullptr && args->size() == 1)
        views_.try_emplace(args->get(0).getAsType().getCanonicalType().getAsString(), call);
    } else if (const auto* method = llvm::dyn_cast_or_null<clang::CXXMethodDecl>(callee);
               method != nullptr && method->getName() == "get_mut" && method->getParent()->getName() == "SharedSpan" &&
               in_simt_namespace(method->getParent())) {
      if (!context_.in_unsafe(call->getExprLoc())) slot_writes_.push_back(call);
    } else {
      walk(callee);
    }
    return true;
  }
  bool VisitCXXConstructExpr(clang::CXXConstructExpr* construct) {
    walk(construct->getConstructor());
    return true;
  }

  std::map<std::string, const clang::CallExpr*> views_;  // element type -> first dynamic_shared<T>()
  std::vector<const clang::CallExpr*> slot_writes_;

 private:
  RuleContext& context_;
  std::set<const clang::FunctionDecl*> seen_;
};

}  // namespace

void check_shared_views(RuleContext& context) {
  std::set<const clang::CallExpr*> reported;
  for (const clang::FunctionDecl* kernel : context.kernels()) {
    ViewCollector views(context);
    views.walk(kernel);
    if (views.views_.size() < 2) continue;
    auto first = views.views_.begin(), second = std::next(first);
    for (const clang::CallExpr* write : views.slot_writes_) {
      if (!reported.insert(write).second) continue;
      context.error(write->getExprLoc(), "kernel '" + frontend::kernel_display_name(*kernel) +
                                             "' views its dynamic shared memory as both '" + first->first + "' and '" +
                                             second->first + "': a thread's slot in one view overlaps other threads' "
                                             "slots in the other, so no slot of it is the thread's own")
          << write->getSourceRange();
      context.note(first->second->getExprLoc(), "viewed as '" + first->first + "' here");
      context.note(second->second->getExprLoc(), "viewed as '" + second->first + "' here");
      context.note(write->getExprLoc(), "use one element type for the launch's dynamic shared memory, or write "
                                        "with at_mut(), whose bytes simt-shared-race checks");
    }
  }
}

}  // namespace simtc::checker
