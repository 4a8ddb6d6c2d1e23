// simt-language-subset: constructs outside the kernel language get one diagnostic each,
// at the construct, naming it (docs/rules/simt-language-subset.md).
//
// Each rejected construct is something a GPU thread cannot do (exceptions, heap, RTTI,
// virtual dispatch, function pointers), something simtc would otherwise lower wrongly
// (destructors that would not run, bit-fields, types the GPU sizes differently from the
// host), or something still to come (inline assembly in unsafe blocks). Unions are
// simt-raw-pointer's (they reinterpret memory: Tier 2, allowed in unsafe blocks).
#include <set>

#include <clang/AST/Attr.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/AST/StmtCXX.h>

#include "checker/allowlist/allowlist.hpp"
#include "checker/rule_context.hpp"
#include "frontend/frontend.hpp"

namespace simtc::checker {
namespace {

bool is_builtin(const clang::FunctionDecl& fn) {
  for (const auto* attr : fn.specific_attrs<clang::AnnotateAttr>())
    if (attr->getAnnotation().starts_with(frontend::kBuiltinAnnotationPrefix)) return true;
  return false;
}

// Why a value of `type` cannot exist in kernel code: the start of the message ("... are") and
// a hint, or an empty `what`. These are types whose size or format differs between the GPU and
// the host reference, or that the IR has no room for.
struct TypeProblem {
  std::string what;
  std::string hint;
  bool nested = false;  // a member (of a member ...) has the type, not the object itself
};
TypeProblem unsupported_type(clang::QualType type, int depth = 0) {
  type = type.getCanonicalType();
  // (Variable-length arrays need no rule: Clang rejects them for the GPU target.)
  while (const auto* array = llvm::dyn_cast<clang::ArrayType>(type.getTypePtr()))
    type = array->getElementType().getCanonicalType();
  // A struct holding such a member (simt::SharedArray<long double, N> holds an array of it).
  if (const auto* record = type->getAsRecordDecl(); record != nullptr && depth <= 16) {
    const clang::RecordDecl* def = record->getDefinition();
    if (def == nullptr) return {};
    if (const auto* cxx = llvm::dyn_cast<clang::CXXRecordDecl>(def))
      for (const clang::CXXBaseSpecifier& base : cxx->bases())
        if (TypeProblem p = unsupported_type(base.getType(), depth + 1); !p.what.empty()) return p.nested = true, p;
    for (const clang::FieldDecl* field : def->fields())
      if (TypeProblem p = unsupported_type(field->getType(), depth + 1); !p.what.empty()) return p.nested = true, p;
    return {};
  }
  if (const auto* builtin = type->getAs<clang::BuiltinType>()) {
    switch (builtin->getKind()) {
      case clang::BuiltinType::LongDouble:
        return {"'long double' is", " (64 bits on the GPU, wider on the host: use double)"};
      case clang::BuiltinType::Int128:
      case clang::BuiltinType::UInt128: return {"128-bit integers are", ""};
      case clang::BuiltinType::Float128:
      case clang::BuiltinType::Ibm128: return {"128-bit floating-point types are", ""};
      default: return {};
    }
  }
  if (type->isBitIntType()) return {"_BitInt types are", ""};
  if (type->isAnyComplexType()) return {"_Complex types are", ""};
  return {};
}

// The first bit-field inside `type`, or null.
const clang::FieldDecl* find_bit_field(clang::QualType type, int depth = 0) {
  if (depth > 16) return nullptr;
  type = type.getCanonicalType();
  while (const auto* array = llvm::dyn_cast<clang::ArrayType>(type.getTypePtr()))
    type = array->getElementType().getCanonicalType();
  const auto* record = type->getAsRecordDecl();
  if (record == nullptr || record->isUnion()) return nullptr;
  if (const auto* cxx = llvm::dyn_cast<clang::CXXRecordDecl>(record); cxx != nullptr && cxx->hasDefinition())
    for (const clang::CXXBaseSpecifier& base : cxx->bases())
      if (const clang::FieldDecl* found = find_bit_field(base.getType(), depth + 1)) return found;
  for (const clang::FieldDecl* field : record->fields()) {
    if (field->isBitField()) return field;
    if (const clang::FieldDecl* found = find_bit_field(field->getType(), depth + 1)) return found;
  }
  return nullptr;
}

// The class with a non-trivial destructor that `type` holds (itself or an array element).
const clang::CXXRecordDecl* with_destructor(clang::QualType type) {
  type = type.getCanonicalType();
  while (const auto* array = llvm::dyn_cast<clang::ArrayType>(type.getTypePtr()))
    type = array->getElementType().getCanonicalType();
  const auto* record = type->getAsCXXRecordDecl();
  if (record == nullptr || !record->hasDefinition() || !record->hasNonTrivialDestructor()) return nullptr;
  return record;
}

std::string type_name(const clang::RecordDecl* record) {
  if (const auto* cxx = llvm::dyn_cast<clang::CXXRecordDecl>(record); cxx != nullptr && cxx->isLambda())
    return "a lambda";
  std::string name = record->getNameAsString();
  return name.empty() ? "an unnamed type" : "'" + name + "'";
}

class SubsetVisitor : public clang::RecursiveASTVisitor<SubsetVisitor> {
 public:
  explicit SubsetVisitor(RuleContext& context) : context_(context) {}

  bool shouldVisitLambdaBody() const { return true; }
  bool shouldVisitTemplateInstantiations() const { return true; }
  // A generic lambda's body is a template: its instantiations are checked as the functions the
  // kernel calls, the pattern (with its dependent nodes) is not code.
  bool TraverseLambdaExpr(clang::LambdaExpr* lambda) {
    if (lambda->isGenericLambda()) return traverse_lambda_captures(*this, lambda);
    return clang::RecursiveASTVisitor<SubsetVisitor>::TraverseLambdaExpr(lambda);
  }

  // The allowlist (checker/allowlist): a node, cast or builtin outside the kernel language is
  // reported where it appears, and what it contains is not looked at.
  bool TraverseStmt(clang::Stmt* stmt) {
    if (stmt == nullptr) return true;
    if (const auto* constant = llvm::dyn_cast<clang::ConstantExpr>(stmt);
        constant != nullptr && constant->hasAPValueResult() && constant->getType()->isScalarType())
      return true;  // irgen uses Clang's value: nothing of it runs on the GPU
    if (refused(stmt)) return true;
    return clang::RecursiveASTVisitor<SubsetVisitor>::TraverseStmt(stmt);
  }

  bool VisitCXXMemberCallExpr(clang::CXXMemberCallExpr* e) {
    const auto* method = e->getMethodDecl();
    if (method != nullptr && method->isVirtual() && !e->getMethodDecl()->hasAttr<clang::FinalAttr>())
      return reject(e->getExprLoc(), "virtual function calls are not supported in kernel code: '" +
                                         method->getNameAsString() + "'");
    return true;
  }
  bool VisitCallExpr(clang::CallExpr* e) {
    callees_.insert(e->getCallee()->IgnoreParenImpCasts());
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
  // A function used other than by calling it becomes a function pointer.
  bool VisitDeclRefExpr(clang::DeclRefExpr* e) {
    // A local is reported where it is declared; a namespace-scope or static one where it is read.
    if (const auto* var = llvm::dyn_cast<clang::VarDecl>(e->getDecl()); var != nullptr && !var->isLocalVarDeclOrParm())
      check_object_type(e->getLocation(), var->getType(), "'" + var->getNameAsString() + "'", /*types_only=*/true);
    if (!llvm::isa<clang::FunctionDecl>(e->getDecl()) || callees_.count(e) != 0) return true;
    if (const auto* method = llvm::dyn_cast<clang::CXXMethodDecl>(e->getDecl()); method != nullptr && method->isInstance())
      return true;  // `&S::f` is reported as a pointer to member
    return reject(e->getLocation(), "function pointers are not supported in kernel code: '" +
                                        e->getDecl()->getNameAsString() + "'");
  }
  bool VisitUnaryOperator(clang::UnaryOperator* e) {
    if (e->getOpcode() == clang::UO_AddrOf && e->getType()->isMemberPointerType())
      return reject(e->getBeginLoc(), "pointers to members are not supported in kernel code");
    return true;
  }
  bool VisitMemberExpr(clang::MemberExpr* e) {
    if (const auto* field = llvm::dyn_cast<clang::FieldDecl>(e->getMemberDecl()); field != nullptr && field->isBitField())
      return reject(e->getMemberLoc(), "bit-fields are not supported in kernel code: '" + field->getNameAsString() + "'");
    return true;
  }
  bool VisitVarDecl(clang::VarDecl* var) {
    if (var->isImplicit()) return true;  // range-for's hidden variables, structured bindings
    if (!llvm::isa<clang::ParmVarDecl>(var) && var->isLocalVarDeclOrParm()) {
      if (var->getTSCSpec() != clang::TSCS_unspecified || var->getTLSKind() != clang::VarDecl::TLS_None)
        return reject(var->getLocation(), "'thread_local' variables are not supported in kernel code");
      if (var->isStaticLocal() && !var->isConstexpr())
        return reject(var->getLocation(), "static local variables are not supported in kernel code");
    }
    if (!var->isLocalVarDeclOrParm()) return true;
    check_object_type(var->getLocation(), var->getType(), "'" + var->getNameAsString() + "'");
    return true;
  }
  // Temporaries with a destructor to run at the end of the full-expression.
  bool VisitCXXBindTemporaryExpr(clang::CXXBindTemporaryExpr* e) {
    if (llvm::isa<clang::LambdaExpr>(e->getSubExpr())) return true;  // reported where it is stored
    if (const clang::CXXRecordDecl* record = with_destructor(e->getType()))
      reject(e->getBeginLoc(), "types with a non-trivial destructor are not supported in kernel code: a temporary of " +
                                   type_name(record) + " (its destructor would not run)");
    return true;
  }
  bool VisitExplicitCastExpr(clang::ExplicitCastExpr* e) {
    if (TypeProblem p = unsupported_type(e->getTypeAsWritten()); !p.what.empty())
      reject(e->getBeginLoc(), p.what + " not supported in kernel code: a conversion" + p.hint);
    return true;
  }
  bool VisitFloatingLiteral(clang::FloatingLiteral* e) {
    if (TypeProblem p = unsupported_type(e->getType()); !p.what.empty())
      reject(e->getLocation(), p.what + " not supported in kernel code: a literal" + p.hint);
    return true;
  }

  /// The function's own signature (its parameters are visited as VarDecls).
  void check_signature(const clang::FunctionDecl& fn) {
    if (TypeProblem p = unsupported_type(fn.getReturnType()); !p.what.empty())
      reject(fn.getLocation(), p.what + " not supported in kernel code: the result of '" + fn.getNameAsString() + "'" + p.hint);
    if (fn.isVariadic() && !fn.hasAttr<clang::AnnotateAttr>())
      reject(fn.getLocation(), "variadic functions are not supported in kernel code: '" + fn.getNameAsString() + "'");
  }

 private:
  void check_object_type(clang::SourceLocation loc, clang::QualType type, const std::string& name,
                         bool types_only = false) {
    if (TypeProblem p = unsupported_type(type); !p.what.empty()) {
      reject(loc, p.what + " not supported in kernel code: " + name + (p.nested ? " holds one" : "") + p.hint);
      return;
    }
    if (types_only) return;
    if (const clang::FieldDecl* field = find_bit_field(type)) {
      reject(loc, "bit-fields are not supported in kernel code: " + name + " holds bit-field '" +
                      field->getNameAsString() + "'");
      return;
    }
    if (const clang::CXXRecordDecl* record = with_destructor(type))
      reject(loc, "types with a non-trivial destructor are not supported in kernel code: " + name + " is " +
                      (record->isLambda() ? "a lambda capturing one" : type_name(record)) + " (its destructor would not run)");
  }

  bool reject(clang::SourceLocation loc, const std::string& message) {
    if (reported_.insert(loc.getRawEncoding()).second) context_.error(loc, message);
    return true;
  }

  // Reports `stmt` if the allowlist puts it (its node kind, its cast kind, the builtin it
  // calls) outside the kernel language; true if it did.
  bool refused(const clang::Stmt* stmt) {
    Classification c = classify_stmt(stmt->getStmtClass());
    if (outside_language(c.verdict)) return refuse(stmt->getBeginLoc(), c, "the construct '" + std::string(stmt->getStmtClassName()) + "'");
    if (const auto* cast = llvm::dyn_cast<clang::CastExpr>(stmt)) {
      c = classify_cast(cast->getCastKind());
      if (outside_language(c.verdict))
        return refuse(cast->getExprLoc(), c, "the conversion '" + std::string(cast->getCastKindName()) + "'");
    }
    if (const auto* call = llvm::dyn_cast<clang::CallExpr>(stmt))
      if (const clang::FunctionDecl* callee = call->getDirectCallee(); callee != nullptr && callee->getBuiltinID() != 0) {
        std::string name = context_.ast().BuiltinInfo.getName(callee->getBuiltinID());
        c = classify_builtin(name);
        if (outside_language(c.verdict)) {
          if (c.verdict == Verdict::Unclassified) return refuse(call->getBeginLoc(), c, "the builtin '" + name + "'");
          return reject(call->getBeginLoc(), "the builtin '" + name + "' is not supported in kernel code: " + c.reason);
        }
      }
    if (const auto* construct = llvm::dyn_cast<clang::CXXConstructExpr>(stmt);
        construct != nullptr && construct->getConstructor()->isInheritingConstructor())
      return reject(construct->getBeginLoc(), classify_stmt(clang::Stmt::CXXInheritedCtorInitExprClass).reason);
    return false;
  }
  static bool outside_language(Verdict verdict) {
    return verdict == Verdict::Unsupported || verdict == Verdict::NotInLanguage || verdict == Verdict::Unclassified;
  }
  bool refuse(clang::SourceLocation loc, const Classification& c, const std::string& what) {
    if (c.verdict == Verdict::Unclassified)
      return reject(loc, what + " is not classified in simtc's allowlist, so kernel code may not use it");
    if (c.verdict == Verdict::NotInLanguage) return reject(loc, what + " is not supported in kernel code: " + c.reason);
    return reject(loc, c.reason);
  }

  RuleContext& context_;
  std::set<const clang::Expr*> callees_;  // callee expressions of the calls seen so far
  std::set<unsigned> reported_;           // one error per location
};

// Declarations in the user's files that carry a simt builtin's annotation. irgen lowers a call
// to one as the intrinsic it names, trusting that it has that intrinsic's signature; only
// simt's headers may declare one.
class BuiltinDeclarationVisitor : public clang::RecursiveASTVisitor<BuiltinDeclarationVisitor> {
 public:
  explicit BuiltinDeclarationVisitor(RuleContext& context) : context_(context) {}
  bool shouldVisitTemplateInstantiations() const { return false; }
  bool shouldVisitLambdaBody() const { return true; }

  bool VisitDecl(clang::Decl* decl) {
    const clang::SourceManager& sm = context_.ast().getSourceManager();
    for (const auto* attr : decl->specific_attrs<clang::AnnotateAttr>()) {
      llvm::StringRef note = attr->getAnnotation();
      if (!note.starts_with(frontend::kBuiltinAnnotationPrefix) || in_simt_header(sm, attr->getLocation())) continue;
      context_.error(attr->getLocation(), "user code may not declare a simt builtin: the annotation '" + note.str() +
                                              "' is reserved for simt's headers")
          << attr->getRange();
    }
    return true;
  }

 private:
  RuleContext& context_;
};

void check_builtin_declarations(RuleContext& context) {
  const clang::SourceManager& sm = context.ast().getSourceManager();
  BuiltinDeclarationVisitor visitor(context);
  for (clang::Decl* decl : context.ast().getTranslationUnitDecl()->decls())
    if (!in_simt_header(sm, decl->getLocation())) visitor.TraverseDecl(decl);
}

}  // namespace

void check_language_subset(RuleContext& context) {
  check_builtin_declarations(context);
  SubsetVisitor visitor(context);
  for (const clang::FunctionDecl* fn : context.reachable()) {
    visitor.check_signature(*fn);
    for (const clang::ParmVarDecl* param : fn->parameters()) visitor.TraverseDecl(const_cast<clang::ParmVarDecl*>(param));
    for (clang::Stmt* code : function_code(*fn)) visitor.TraverseStmt(code);
  }
}

}  // namespace simtc::checker
