// What the safety rules share: where an lvalue lives (its "root"), every place a function
// writes, simt's own declarations, and the Tier 2 regions ([[simt::unsafe]] blocks and
// SIMT_REQUIRES_UNSAFE functions).  [Clang]
#pragma once

#include <vector>

#include <clang/AST/ASTContext.h>
#include <clang/AST/Expr.h>
#include <clang/AST/ExprCXX.h>

namespace simtc::checker {

/// True if `decl` is declared inside namespace simt, at any depth.
bool in_simt_namespace(const clang::Decl* decl);
/// True if `decl` is declared inside simt::detail (simt's internals), at any depth.
bool in_simt_detail(const clang::Decl* decl);
/// True if `decl` carries __attribute__((annotate(`annotation`))).
bool has_annotation(const clang::Decl* decl, llvm::StringRef annotation);
/// The name of the simt class (ThreadIndex, ElementRef, TileRef, LocalIndex, SlotRef) whose
/// objects belong to the thread that received them, if `type` is or holds one (as an array
/// element, a member of a user struct or the element type of a simt container such as
/// SharedArray); null otherwise.
const char* thread_handle_in(clang::QualType type);

/// Where the object an lvalue designates lives, as far as the checker can tell.
enum class Root {
  Local,            // a local variable or by-value parameter of this thread (or a part of one)
  OwnElement,       // the element an ElementRef / TileRef of this thread hands out
  ReadOnlyElement,  // an element of a simt::Slice<const T>
  Global,           // a variable of static storage (namespace scope, static member)
  Reference,        // whatever a reference variable or parameter is bound to
  This,             // the object a member function was called on
  Pointer,          // whatever a raw pointer points to
  Other,            // anything else: a call's result, a conditional, ...
};

struct LvalueRoot {
  Root kind = Root::Other;
  const clang::ValueDecl* decl = nullptr;             // the variable (Local, Global, Reference, ReadOnlyElement's slice)
  const clang::FieldDecl* mutable_member = nullptr;   // the outermost `mutable` member on the way, if any
};

/// Follows members, array elements of local arrays and simt's element accessors down to what
/// `lvalue` is a part of.
LvalueRoot root_of(const clang::Expr* lvalue);

/// One place a function writes to (or lets something write to).
struct Write {
  enum class How { Assign, Modify, BindReference, CallMutating };
  How how;
  const clang::Expr* target;      // the lvalue written
  const clang::Expr* site;        // the expression or initializer doing it
  const clang::FunctionDecl* callee = nullptr;  // BindReference into a call / CallMutating: the function
};

/// The code a function runs, for the rules to look at: a constructor's member initialisers (the
/// written ones, and the in-class initialisers of the members it leaves to them), then its body.
std::vector<clang::Stmt*> function_code(const clang::FunctionDecl& fn);

/// Every write in `body` (lambda bodies excluded: each called lambda is checked on its own):
/// assignments, compound assignments, ++/--, non-const lvalue references bound to an object
/// (variables, call and constructor arguments) and non-const member function calls.
std::vector<Write> collect_writes(const clang::Stmt* body);

/// For the rules' AST visitors, as their TraverseLambdaExpr: visits what a lambda expression
/// evaluates where it appears (its captures' initialisers) and not its body, which is checked
/// as a function of its own when it is called. (Clang's visitor walks a lambda's body from the
/// expression whatever shouldVisitLambdaBody says, which would report everything in it twice.)
template <class Visitor>
bool traverse_lambda_captures(Visitor& visitor, clang::LambdaExpr* lambda) {
  for (clang::Expr* init : lambda->capture_inits())
    if (init != nullptr && !visitor.TraverseStmt(init)) return false;
  return true;
}

/// The source ranges of Tier 2 code among the functions the kernels reach: every
/// [[simt::unsafe]] block, and the bodies of functions marked SIMT_REQUIRES_UNSAFE. Template
/// instantiations and lambdas share their locations with the code they come from, so a range
/// covers them too.
class UnsafeRegions {
 public:
  UnsafeRegions(const clang::SourceManager& sm, const std::vector<const clang::FunctionDecl*>& functions);
  /// True if `loc` lies in Tier 2 code.
  bool contains(clang::SourceLocation loc) const;
  bool empty() const { return ranges_.empty(); }

 private:
  const clang::SourceManager& sm_;
  std::vector<clang::SourceRange> ranges_;
};

}  // namespace simtc::checker
