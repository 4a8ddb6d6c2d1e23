// simt-global-variable: kernel code never writes a variable of static storage (namespace
// scope, static data members): every thread of every block would write the one copy at once.
// Reading constexpr tables is fine. Not even Tier 2 code may: the GPU has no per-launch copy
// of such a variable for simtc to lower it to. (docs/rules/simt-global-variable.md)
#include <clang/AST/Decl.h>

#include "checker/rule_context.hpp"

namespace simtc::checker {

void check_global_variable(RuleContext& context) {
  for (const clang::FunctionDecl* fn : context.reachable()) {
    if (!fn->hasBody()) continue;
    for (const Write& write : collect_writes(fn->getBody())) {
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
  }
}

}  // namespace simtc::checker
