// simt-raw-pointer: safe code holds no raw pointers: no pointer-typed variables, parameters or
// results, no address of memory the thread does not own, no pointer arithmetic or subscripting,
// no reinterpret_cast / const_cast / pointer casts, no unions. All of it is allowed in Tier 2
// code ([[simt::unsafe]] blocks, SIMT_REQUIRES_UNSAFE functions).
// (docs/rules/simt-raw-pointer.md)
#include <clang/AST/DeclCXX.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/RecursiveASTVisitor.h>

#include "checker/rule_context.hpp"

namespace simtc::checker {
namespace {

constexpr const char* kNeedsUnsafe = "; raw pointers need a [[simt::unsafe]] block";

std::string quoted(clang::QualType type) { return "'" + type.getAsString() + "'"; }

// Data pointers. Function pointers are simt-language-subset's: it rejects every call through one.
bool is_pointer_like(clang::QualType type) {
  type = type.getCanonicalType();
  return (type->isPointerType() && !type->isFunctionPointerType()) ||
         (type->isMemberPointerType() && !type->isMemberFunctionPointerType());
}

// Constructs simt-language-subset rejects: one diagnostic for them is enough.
bool outside_subset(const clang::Expr* e) {
  if (e == nullptr) return false;
  e = e->IgnoreParenImpCasts();
  return llvm::isa<clang::CXXNewExpr>(e) || llvm::isa<clang::CXXDynamicCastExpr>(e);
}

// What in `type` is a raw pointer or a union: itself, an array element, a member of a user
// struct. Fills `member` with the member that holds it (null when it is `type` itself).
enum class Holds { Nothing, Pointer, Union };
Holds holds(clang::QualType type, const clang::FieldDecl** member, const clang::CXXRecordDecl** owner) {
  type = type.getCanonicalType();
  while (const auto* array = llvm::dyn_cast<clang::ArrayType>(type.getTypePtr())) type = array->getElementType().getCanonicalType();
  if (is_pointer_like(type)) return Holds::Pointer;
  const auto* record = type->getAsCXXRecordDecl();
  if (record == nullptr || !record->hasDefinition() || record->isLambda() || in_simt_namespace(record)) return Holds::Nothing;
  if (record->isUnion()) return Holds::Union;
  for (const clang::FieldDecl* field : record->fields()) {
    Holds inner = holds(field->getType(), member, owner);
    if (inner == Holds::Nothing) continue;
    if (*member == nullptr) {
      *member = field;
      *owner = record;
    }
    return inner;
  }
  return Holds::Nothing;
}

// Why a value of `type` is not plain data (numbers, and arrays and structs of them) and so may
// not be made from bytes in safe code; empty when it is.
std::string spelled(clang::QualType type) {
  clang::PrintingPolicy policy{clang::LangOptions()};
  policy.SuppressTagKeyword = true;
  return "'" + type.getAsString(policy) + "'";
}
std::string not_plain_data(clang::QualType type, int depth = 0) {
  type = type.getCanonicalType();
  while (const auto* array = llvm::dyn_cast<clang::ArrayType>(type.getTypePtr())) type = array->getElementType().getCanonicalType();
  if (type->isPointerType() || type->isMemberPointerType()) return spelled(type) + " is a pointer";
  if (type->isReferenceType()) return spelled(type) + " is a reference";
  const auto* record = type->getAsCXXRecordDecl();
  if (record == nullptr) return "";
  if (depth > 16) return spelled(type) + " nests too deeply to inspect";
  if (record->isUnion()) return spelled(type) + " is a union";
  if (in_simt_namespace(record) && !has_annotation(record, "simt.plain_data"))
    return spelled(type) + " is one of simt's views or handles, whose values only simt makes";
  if (!record->hasDefinition()) return "";
  for (const clang::CXXBaseSpecifier& base : record->bases())
    if (std::string why = not_plain_data(base.getType(), depth + 1); !why.empty()) return why;
  for (const clang::FieldDecl* field : record->fields())
    if (std::string why = not_plain_data(field->getType(), depth + 1); !why.empty())
      return in_simt_namespace(record) ? why : spelled(type) + " holds member '" + field->getNameAsString() + "': " + why;
  return "";
}

// A call into simt's device API: what it hands out is the API's to vouch for.
bool from_device_api(const clang::Expr* init) {
  if (init == nullptr) return false;
  const auto* call = llvm::dyn_cast<clang::CallExpr>(init->IgnoreParenImpCasts());
  return call != nullptr && call->getDirectCallee() != nullptr && in_simt_namespace(call->getDirectCallee());
}

class PointerVisitor : public clang::RecursiveASTVisitor<PointerVisitor> {
 public:
  explicit PointerVisitor(RuleContext& context) : context_(context) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitLambdaBody() const { return false; }  // each called lambda is reachable itself
  bool TraverseLambdaExpr(clang::LambdaExpr* lambda) { return traverse_lambda_captures(*this, lambda); }

  // Allocation and RTTI are simt-language-subset's to report, with what they contain.
  bool TraverseCXXNewExpr(clang::CXXNewExpr*) { return true; }
  bool TraverseCXXDeleteExpr(clang::CXXDeleteExpr*) { return true; }
  bool TraverseCXXDynamicCastExpr(clang::CXXDynamicCastExpr*) { return true; }

  bool VisitVarDecl(clang::VarDecl* var) {
    if (var->isImplicit() || llvm::isa<clang::ParmVarDecl>(var) || outside_subset(var->getInit())) return true;
    const clang::FieldDecl* member = nullptr;
    const clang::CXXRecordDecl* owner = nullptr;
    Holds what = holds(var->getType(), &member, &owner);
    if (what == Holds::Nothing) return true;
    std::string name = "'" + var->getNameAsString() + "'";
    if (what == Holds::Union) {
      std::string where = member == nullptr ? "has union type " + quoted(var->getType())
                                            : "holds a union (member '" + member->getNameAsString() + "' of '" +
                                                  owner->getNameAsString() + "')";
      report(var->getLocation(), "variable " + name + " " + where +
                                     ": unions reinterpret memory, which needs a [[simt::unsafe]] block; convert "
                                     "values with __builtin_bit_cast instead",
             var->getSourceRange());
      return true;
    }
    if (member == nullptr && from_device_api(var->getInit())) return true;
    if (member == nullptr)
      report(var->getLocation(), "variable " + name + " has pointer type " + quoted(var->getType()) + kNeedsUnsafe,
             var->getSourceRange());
    else
      report(var->getLocation(), "variable " + name + " holds a raw pointer (member '" + member->getNameAsString() +
                                     "' of '" + owner->getNameAsString() + "')" + kNeedsUnsafe,
             var->getSourceRange());
    return true;
  }

  bool VisitUnaryOperator(clang::UnaryOperator* e) {
    if (e->isIncrementDecrementOp() && is_pointer_like(e->getSubExpr()->getType()))
      report(e->getOperatorLoc(), std::string("pointer arithmetic") + " needs a [[simt::unsafe]] block", e->getSourceRange());
    if (e->getOpcode() != clang::UO_AddrOf) return true;
    const clang::Expr* operand = e->getSubExpr()->IgnoreParens();
    if (const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(operand); ref != nullptr && llvm::isa<clang::FunctionDecl>(ref->getDecl()))
      return true;  // a function's address: simt-language-subset rejects calls through it
    LvalueRoot root = root_of(operand);
    std::string what;
    switch (root.kind) {
      case Root::Local:
        return true;  // the thread's own variables
      case Root::OwnElement:
        // A pointer to the element would reach its neighbours, which other threads own.
        what = "an element this thread owns (a raw pointer to it reaches the neighbours other threads own)";
        break;
      case Root::ReadOnlyElement:
        what = root.decl != nullptr ? "an element of read-only simt::Slice '" + root.decl->getNameAsString() + "'"
                                    : "an element of a read-only simt::Slice";
        break;
      case Root::Global:
        what = "variable '" + root.decl->getNameAsString() + "' of static storage";
        break;
      case Root::Reference:
        what = "what reference '" + root.decl->getNameAsString() + "' refers to";
        break;
      default:
        what = "memory this thread may not own";
        break;
    }
    report(e->getOperatorLoc(), "taking the address of " + what + kNeedsUnsafe, e->getSourceRange());
    return true;
  }

  bool VisitBinaryOperator(clang::BinaryOperator* e) {
    clang::BinaryOperatorKind op = e->getOpcode();
    bool arithmetic = op == clang::BO_Add || op == clang::BO_Sub || op == clang::BO_AddAssign || op == clang::BO_SubAssign;
    if (arithmetic && (is_pointer_like(e->getLHS()->getType()) || is_pointer_like(e->getRHS()->getType())))
      report(e->getOperatorLoc(), "pointer arithmetic needs a [[simt::unsafe]] block", e->getSourceRange());
    return true;
  }

  bool VisitArraySubscriptExpr(clang::ArraySubscriptExpr* e) {
    const auto* decay = llvm::dyn_cast<clang::ImplicitCastExpr>(e->getBase()->IgnoreParens());
    if (decay != nullptr && decay->getCastKind() == clang::CK_ArrayToPointerDecay) return true;  // an array, bounds-checked
    report(e->getExprLoc(), "subscripting a raw pointer needs a [[simt::unsafe]] block; index a simt::Slice or an array",
           e->getSourceRange());
    return true;
  }

  // __builtin_bit_cast (and std::bit_cast) between plain data only: a pointer made from an
  // integer, or a simt view or handle made from bytes, would be a forged capability.
  bool VisitBuiltinBitCastExpr(clang::BuiltinBitCastExpr* e) {
    clang::QualType to = e->getType(), from = e->getSubExpr()->getType();
    for (clang::QualType type : {from, to}) {
      std::string why = not_plain_data(type);
      if (why.empty()) continue;
      report(e->getBeginLoc(), "__builtin_bit_cast from " + quoted(from) + " to " + quoted(to) + " needs a "
                               "[[simt::unsafe]] block: " + why,
             e->getSourceRange());
      break;
    }
    return true;
  }

  bool VisitCXXReinterpretCastExpr(clang::CXXReinterpretCastExpr* e) {
    report(e->getOperatorLoc(), "reinterpret_cast needs a [[simt::unsafe]] block", e->getSourceRange());
    return true;
  }
  bool VisitCXXConstCastExpr(clang::CXXConstCastExpr* e) {
    report(e->getOperatorLoc(), "const_cast needs a [[simt::unsafe]] block: it would let safe code write through a "
                                "read-only view",
           e->getSourceRange());
    return true;
  }
  bool VisitCXXStaticCastExpr(clang::CXXStaticCastExpr* e) {
    if (is_pointer_like(e->getTypeAsWritten()))
      report(e->getOperatorLoc(), "static_cast to pointer type " + quoted(e->getTypeAsWritten()) +
                                      " needs a [[simt::unsafe]] block",
             e->getSourceRange());
    return true;
  }
  bool VisitCStyleCastExpr(clang::CStyleCastExpr* e) { return explicit_cast(e, e->getLParenLoc()); }
  bool VisitCXXFunctionalCastExpr(clang::CXXFunctionalCastExpr* e) { return explicit_cast(e, e->getBeginLoc()); }

  void check_signature(const clang::FunctionDecl& fn) {
    const std::string name = "'" + fn.getNameAsString() + "'";
    if (is_pointer_like(fn.getReturnType()))
      report(fn.getLocation(), "function " + name + " returns a raw pointer (" + quoted(fn.getReturnType()) +
                                   "); return a reference or a value, or mark " + name + " SIMT_REQUIRES_UNSAFE",
             fn.getReturnTypeSourceRange());
    for (const clang::ParmVarDecl* param : fn.parameters()) {
      const clang::FieldDecl* member = nullptr;
      const clang::CXXRecordDecl* owner = nullptr;
      Holds what = holds(param->getType(), &member, &owner);
      if (what == Holds::Nothing) continue;
      std::string pname = param->getName().empty() ? "#" + std::to_string(param->getFunctionScopeIndex() + 1)
                                                   : param->getNameAsString();
      std::string has = what == Holds::Union ? "has union type " + quoted(param->getType())
                        : member == nullptr  ? "has pointer type " + quoted(param->getType())
                                             : "holds a raw pointer (member '" + member->getNameAsString() + "' of '" +
                                                  owner->getNameAsString() + "')";
      report(param->getLocation(), "parameter '" + pname + "' of " + name + " " + has +
                                       "; take a reference, a simt::Slice or a value, or mark " + name +
                                       " SIMT_REQUIRES_UNSAFE",
             param->getSourceRange());
    }
  }

 private:
  bool explicit_cast(clang::ExplicitCastExpr* e, clang::SourceLocation loc) {
    clang::QualType to = e->getTypeAsWritten();
    clang::QualType from = e->getSubExpr()->getType();
    if (to->isVoidType()) return true;  // `(void)expr` discards a value
    if (is_pointer_like(to) || to->isReferenceType())
      report(loc, "C-style cast to " + quoted(to) + " needs a [[simt::unsafe]] block", e->getSourceRange());
    else if (is_pointer_like(from))
      report(loc, "C-style cast from " + quoted(from) + " needs a [[simt::unsafe]] block", e->getSourceRange());
    return true;
  }
  void report(clang::SourceLocation loc, const std::string& message, clang::SourceRange range) {
    if (context_.in_unsafe(loc)) return;
    context_.error(loc, message) << range;
  }
  RuleContext& context_;
};

}  // namespace

void check_raw_pointer(RuleContext& context) {
  PointerVisitor visitor(context);
  for (const clang::FunctionDecl* fn : context.reachable()) {
    const clang::FunctionDecl* pattern = fn->getTemplateInstantiationPattern();
    bool tier2 = has_annotation(fn, "simt.requires_unsafe") || (pattern != nullptr && has_annotation(pattern, "simt.requires_unsafe"));
    if (tier2) continue;
    if (std::find(context.kernels().begin(), context.kernels().end(), fn) == context.kernels().end())
      visitor.check_signature(*fn);  // a kernel's parameters are simt-kernel-signature's
    for (clang::Stmt* code : function_code(*fn)) visitor.TraverseStmt(code);
  }
}

}  // namespace simtc::checker
