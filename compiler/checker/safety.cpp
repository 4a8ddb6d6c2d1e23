// Shared analyses of the safety rules. They are syntactic and local on purpose: each answers
// "what does this expression touch" from the AST alone, and where that is not clear (a call's
// result, a conditional) says Other, which the rules treat as not proven safe.
#include "checker/safety.hpp"

#include <clang/AST/Attr.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Basic/SourceManager.h>

#include "frontend/frontend.hpp"

namespace simtc::checker {
namespace {

// The simt class a method belongs to ("Slice", "ElementRef", ...), or empty.
llvm::StringRef simt_class_of(const clang::FunctionDecl* fn) {
  const auto* method = llvm::dyn_cast_or_null<clang::CXXMethodDecl>(fn);
  if (method == nullptr || !in_simt_namespace(method)) return {};
  return method->getParent()->getName();
}

const clang::ValueDecl* named(const clang::Expr* e) {
  if (e == nullptr) return nullptr;
  if (const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(e->IgnoreParenImpCasts())) return ref->getDecl();
  return nullptr;
}

}  // namespace

std::vector<clang::Stmt*> function_code(const clang::FunctionDecl& fn) {
  std::vector<clang::Stmt*> code;
  if (const auto* ctor = llvm::dyn_cast<clang::CXXConstructorDecl>(&fn))
    for (const clang::CXXCtorInitializer* init : ctor->inits()) {
      clang::Expr* expr = init->getInit();
      if (auto* in_class = llvm::dyn_cast_or_null<clang::CXXDefaultInitExpr>(expr)) expr = in_class->getExpr();
      if (expr != nullptr && (init->isWritten() || init->isInClassMemberInitializer() ||
                              llvm::isa<clang::CXXDefaultInitExpr>(init->getInit())))
        code.push_back(expr);
    }
  if (fn.hasBody()) code.push_back(fn.getBody());
  return code;
}

bool in_simt_namespace(const clang::Decl* decl) {
  if (decl == nullptr) return false;
  for (const clang::DeclContext* context = decl->getDeclContext(); context != nullptr; context = context->getParent())
    if (const auto* ns = llvm::dyn_cast<clang::NamespaceDecl>(context);
        ns != nullptr && ns->getName() == "simt" && ns->getParent()->getRedeclContext()->isTranslationUnit())
      return true;
  return false;
}

bool in_simt_detail(const clang::Decl* decl) {
  if (decl == nullptr) return false;
  // simt::detail itself or anything nested in it.
  for (const clang::DeclContext* context = decl->getDeclContext(); context != nullptr; context = context->getParent()) {
    const auto* ns = llvm::dyn_cast<clang::NamespaceDecl>(context);
    if (ns == nullptr || ns->getName() != "detail") continue;
    const auto* outer = llvm::dyn_cast<clang::NamespaceDecl>(ns->getParent());
    if (outer != nullptr && outer->getName() == "simt" && outer->getParent()->getRedeclContext()->isTranslationUnit())
      return true;
  }
  return false;
}

bool has_annotation(const clang::Decl* decl, llvm::StringRef annotation) {
  if (decl == nullptr) return false;
  for (const auto* attr : decl->specific_attrs<clang::AnnotateAttr>())
    if (attr->getAnnotation() == annotation) return true;
  return false;
}

const char* thread_handle_in(clang::QualType type) {
  type = type.getCanonicalType();
  while (const auto* array = llvm::dyn_cast<clang::ArrayType>(type.getTypePtr()))
    type = array->getElementType().getCanonicalType();
  const auto* record = type->getAsCXXRecordDecl();
  if (record == nullptr || !record->hasDefinition()) return nullptr;
  if (in_simt_namespace(record)) {
    for (const char* name : {"ThreadIndex", "ElementRef", "TileRef", "LocalIndex", "SlotRef"})
      if (record->getName() == name) return name;
    // simt's containers hold what their arguments say: a SharedArray<ThreadIndex<>, 32> would
    // hand indices between threads.
    if (const auto* spec = llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(record))
      for (const clang::TemplateArgument& arg : spec->getTemplateArgs().asArray())
        if (arg.getKind() == clang::TemplateArgument::Type)
          if (const char* name = thread_handle_in(arg.getAsType())) return name;
    return nullptr;
  }
  if (record->isLambda()) return nullptr;  // captures by reference stay with the thread
  for (const clang::FieldDecl* field : record->fields())
    if (const char* name = thread_handle_in(field->getType())) return name;
  for (const clang::CXXBaseSpecifier& base : record->bases())
    if (const char* name = thread_handle_in(base.getType())) return name;
  return nullptr;
}

LvalueRoot root_of(const clang::Expr* e) {
  LvalueRoot out;
  while (e != nullptr) {
    e = e->IgnoreParenImpCasts();
    if (const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(e)) {
      const auto* var = llvm::dyn_cast<clang::VarDecl>(ref->getDecl());
      out.decl = ref->getDecl();
      if (var == nullptr) out.kind = Root::Other;
      else if (var->hasGlobalStorage()) out.kind = Root::Global;
      else if (var->getType()->isReferenceType()) out.kind = Root::Reference;
      else out.kind = Root::Local;
      return out;
    }
    if (const auto* member = llvm::dyn_cast<clang::MemberExpr>(e)) {
      const auto* field = llvm::dyn_cast<clang::FieldDecl>(member->getMemberDecl());
      if (const auto* var = llvm::dyn_cast<clang::VarDecl>(member->getMemberDecl())) {  // a static member
        out.decl = var;
        out.kind = var->hasGlobalStorage() ? Root::Global : Root::Other;
        return out;
      }
      if (field != nullptr && field->isMutable()) out.mutable_member = field;
      if (field != nullptr && field->getType()->isReferenceType()) {
        out.kind = Root::Reference;
        out.decl = field;
        return out;
      }
      if (member->isArrow()) {
        out.kind = llvm::isa<clang::CXXThisExpr>(member->getBase()->IgnoreParenImpCasts()) ? Root::This : Root::Pointer;
        return out;
      }
      e = member->getBase();
      continue;
    }
    if (const auto* subscript = llvm::dyn_cast<clang::ArraySubscriptExpr>(e)) {
      const auto* decay = llvm::dyn_cast<clang::ImplicitCastExpr>(subscript->getBase()->IgnoreParens());
      if (decay != nullptr && decay->getCastKind() == clang::CK_ArrayToPointerDecay) {
        e = decay->getSubExpr();
        continue;
      }
      out.kind = Root::Pointer;
      return out;
    }
    if (const auto* unary = llvm::dyn_cast<clang::UnaryOperator>(e)) {
      if (unary->getOpcode() == clang::UO_Deref) {
        out.kind = llvm::isa<clang::CXXThisExpr>(unary->getSubExpr()->IgnoreParenImpCasts()) ? Root::This : Root::Pointer;
        return out;
      }
      if (unary->getOpcode() == clang::UO_PreInc || unary->getOpcode() == clang::UO_PreDec) {
        e = unary->getSubExpr();
        continue;
      }
      out.kind = Root::Other;
      return out;
    }
    if (const auto* call = llvm::dyn_cast<clang::CallExpr>(e)) {
      const clang::FunctionDecl* callee = call->getDirectCallee();
      llvm::StringRef cls = simt_class_of(callee);
      const clang::Expr* object = nullptr;
      if (const auto* member = llvm::dyn_cast<clang::CXXMemberCallExpr>(call)) object = member->getImplicitObjectArgument();
      else if (llvm::isa<clang::CXXOperatorCallExpr>(call) && call->getNumArgs() > 0) object = call->getArg(0);
      if ((cls == "ElementRef" || cls == "TileRef") && callee->getOverloadedOperator() != clang::OO_None) {
        out.kind = Root::OwnElement;
        return out;
      }
      if (cls == "Slice") {
        out.kind = Root::ReadOnlyElement;
        out.decl = named(object);
        return out;
      }
      out.kind = Root::Other;
      return out;
    }
    if (llvm::isa<clang::MaterializeTemporaryExpr>(e) || llvm::isa<clang::CompoundLiteralExpr>(e)) {
      out.kind = Root::Local;
      return out;
    }
    if (const auto* binary = llvm::dyn_cast<clang::BinaryOperator>(e)) {
      if (binary->isAssignmentOp() || binary->getOpcode() == clang::BO_Comma) {  // `(a = b) = c` is a
        e = binary->getOpcode() == clang::BO_Comma ? binary->getRHS() : binary->getLHS();
        continue;
      }
    }
    out.kind = Root::Other;
    return out;
  }
  return out;
}

namespace {

class WriteCollector : public clang::RecursiveASTVisitor<WriteCollector> {
 public:
  explicit WriteCollector(std::vector<Write>& out) : out_(out) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitLambdaBody() const { return false; }
  bool TraverseLambdaExpr(clang::LambdaExpr* lambda) { return traverse_lambda_captures(*this, lambda); }

  bool VisitBinaryOperator(clang::BinaryOperator* e) {
    if (e->isAssignmentOp())
      add(e->isCompoundAssignmentOp() ? Write::How::Modify : Write::How::Assign, e->getLHS(), e);
    return true;
  }
  bool VisitUnaryOperator(clang::UnaryOperator* e) {
    if (e->isIncrementDecrementOp()) add(Write::How::Modify, e->getSubExpr(), e);
    return true;
  }
  bool VisitCallExpr(clang::CallExpr* call) {
    const clang::FunctionDecl* callee = call->getDirectCallee();
    if (callee == nullptr) return true;
    unsigned first_arg = 0;
    if (const auto* member = llvm::dyn_cast<clang::CXXMemberCallExpr>(call)) {
      const auto* method = member->getMethodDecl();
      const clang::Expr* object = member->getImplicitObjectArgument();
      if (method != nullptr && method->isInstance() && !method->isConst() && object != nullptr &&
          !object->getType()->isPointerType())
        add(Write::How::CallMutating, object, call, callee);
    } else if (const auto* op = llvm::dyn_cast<clang::CXXOperatorCallExpr>(call)) {
      const auto* method = llvm::dyn_cast<clang::CXXMethodDecl>(callee);
      if (method != nullptr && method->isInstance()) {
        first_arg = 1;
        if (!method->isConst() && op->getNumArgs() > 0) {
          clang::OverloadedOperatorKind kind = op->getOperator();
          bool assigns = kind == clang::OO_Equal;
          bool modifies = (kind >= clang::OO_PlusEqual && kind <= clang::OO_PipeEqual) || kind == clang::OO_LessLessEqual ||
                          kind == clang::OO_GreaterGreaterEqual || kind == clang::OO_PlusPlus || kind == clang::OO_MinusMinus;
          add(assigns ? Write::How::Assign : modifies ? Write::How::Modify : Write::How::CallMutating, op->getArg(0), call,
              callee);
        }
      }
    }
    for (unsigned i = first_arg, p = 0; i < call->getNumArgs() && p < callee->getNumParams(); ++i, ++p)
      bind(callee->getParamDecl(p)->getType(), call->getArg(i), call, callee);
    return true;
  }
  bool VisitCXXConstructExpr(clang::CXXConstructExpr* construct) {
    const clang::CXXConstructorDecl* ctor = construct->getConstructor();
    for (unsigned i = 0; i < construct->getNumArgs() && i < ctor->getNumParams(); ++i)
      bind(ctor->getParamDecl(i)->getType(), construct->getArg(i), construct, ctor);
    return true;
  }
  bool VisitVarDecl(clang::VarDecl* var) {
    if (var->getInit() != nullptr && !var->isImplicit()) bind(var->getType(), var->getInit(), var->getInit(), nullptr);
    return true;
  }

 private:
  void add(Write::How how, const clang::Expr* target, const clang::Expr* site, const clang::FunctionDecl* callee = nullptr) {
    out_.push_back({how, target, site, callee});
  }
  // A non-const lvalue reference bound to `arg` lets the callee (or the variable) write it.
  void bind(clang::QualType type, const clang::Expr* arg, const clang::Expr* site, const clang::FunctionDecl* callee) {
    const auto* ref = type->getAs<clang::LValueReferenceType>();
    if (ref == nullptr || ref->getPointeeType().isConstQualified()) return;
    add(Write::How::BindReference, arg, site, callee);
  }
  std::vector<Write>& out_;
};

}  // namespace

std::vector<Write> collect_writes(const clang::Stmt* body) {
  std::vector<Write> out;
  if (body != nullptr) WriteCollector(out).TraverseStmt(const_cast<clang::Stmt*>(body));
  return out;
}

namespace {

class UnsafeCollector : public clang::RecursiveASTVisitor<UnsafeCollector> {
 public:
  explicit UnsafeCollector(std::vector<clang::SourceRange>& out) : out_(out) {}
  bool shouldVisitLambdaBody() const { return true; }
  bool VisitAttributedStmt(clang::AttributedStmt* s) {
    for (const clang::Attr* attr : s->getAttrs())
      if (const auto* annotate = llvm::dyn_cast<clang::AnnotateAttr>(attr);
          annotate != nullptr && annotate->getAnnotation() == frontend::kUnsafeAnnotation)
        out_.push_back(s->getSubStmt()->getSourceRange());
    return true;
  }

 private:
  std::vector<clang::SourceRange>& out_;
};

}  // namespace

UnsafeRegions::UnsafeRegions(const clang::SourceManager& sm, const std::vector<const clang::FunctionDecl*>& functions)
    : sm_(sm) {
  UnsafeCollector collector(ranges_);
  for (const clang::FunctionDecl* fn : functions) {
    if (!fn->hasBody()) continue;
    const clang::FunctionDecl* pattern = fn->getTemplateInstantiationPattern();
    if (has_annotation(fn, "simt.requires_unsafe") || (pattern != nullptr && has_annotation(pattern, "simt.requires_unsafe")))
      ranges_.push_back(fn->getBody()->getSourceRange());
    collector.TraverseStmt(fn->getBody());
  }
}

bool UnsafeRegions::contains(clang::SourceLocation loc) const {
  if (loc.isInvalid()) return false;
  loc = sm_.getExpansionLoc(loc);
  for (const clang::SourceRange& range : ranges_)
    if (sm_.isPointWithin(loc, sm_.getExpansionLoc(range.getBegin()), sm_.getExpansionLoc(range.getEnd()))) return true;
  return false;
}

}  // namespace simtc::checker
