// simt-global-write: safe code writes global memory only through DisjointSlice::get_mut (or
// atomics). The other paths are closed by other rules (raw pointers and casts by
// simt-raw-pointer, variables of static storage by simt-global-variable, unchecked writes by
// simt-unsafe); this rule closes what C++ leaves open through a read-only view: a `mutable`
// member of a simt::Slice<const T> element can still be written.
// (docs/rules/simt-global-write.md)
#include <clang/AST/DeclCXX.h>

#include "checker/rule_context.hpp"

namespace simtc::checker {
namespace {

const char* verb(Write::How how) {
  switch (how) {
    case Write::How::Assign: return "assigns";
    case Write::How::Modify: return "modifies";
    case Write::How::BindReference: return "binds a non-const reference to";
    case Write::How::CallMutating: return "calls a non-const member function on";
  }
  return "writes";
}

}  // namespace

void check_global_write(RuleContext& context) {
  for (const clang::FunctionDecl* fn : context.reachable()) {
    if (!fn->hasBody()) continue;
    for (clang::Stmt* code : function_code(*fn))
    for (const Write& write : collect_writes(code)) {
      clang::SourceLocation loc = write.site->getExprLoc();
      if (context.in_unsafe(loc)) continue;
      LvalueRoot root = root_of(write.target);
      if (root.kind == Root::ReadOnlyElement) {
        std::string slice = root.decl != nullptr ? " '" + root.decl->getNameAsString() + "'" : "";
        std::string member = root.mutable_member != nullptr
                                 ? " (through mutable member '" + root.mutable_member->getNameAsString() + "')"
                                 : "";
        context.error(loc, std::string(verb(write.how)) + " an element of read-only simt::Slice" + slice + member +
                               ": safe code writes global memory only through DisjointSlice::get_mut()")
            << write.target->getSourceRange();
        continue;
      }
      if (root.mutable_member == nullptr || root.kind == Root::Local) continue;
      context.error(loc, std::string(verb(write.how)) + " mutable member '" + root.mutable_member->getNameAsString() +
                             "' of an object this thread may not own: through a read-only simt::Slice element it "
                             "would write global memory")
          << write.target->getSourceRange();
      context.note(root.mutable_member->getLocation(), "'" + root.mutable_member->getNameAsString() +
                                                           "' is declared mutable here");
    }
  }
}

}  // namespace simtc::checker
