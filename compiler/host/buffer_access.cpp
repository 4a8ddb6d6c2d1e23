#include "host/buffer_access.hpp"

#include <clang/AST/DeclCXX.h>
#include <clang/AST/ExprCXX.h>

namespace simtc::host {
namespace {

// Reference and view variables followed one into another, at most this deep.
constexpr int kMaxDepth = 32;

// `decl` is declared directly in namespace `inner` of namespace `outer` at file scope (or in
// `outer` itself when `inner` is empty), inline namespaces seen through.
bool declared_in(const clang::Decl* decl, llvm::StringRef outer, llvm::StringRef inner = {}) {
  const clang::DeclContext* context = decl->getDeclContext();
  auto next_namespace = [](const clang::DeclContext* c) -> const clang::NamespaceDecl* {
    while (c != nullptr) {
      const auto* ns = llvm::dyn_cast<clang::NamespaceDecl>(c);
      if (ns == nullptr) return nullptr;
      if (!ns->isInline()) return ns;
      c = ns->getParent();
    }
    return nullptr;
  };
  const clang::NamespaceDecl* ns = next_namespace(context);
  if (!inner.empty()) {
    if (ns == nullptr || ns->getName() != inner) return false;
    ns = next_namespace(ns->getParent());
  }
  return ns != nullptr && ns->getName() == outer && ns->getParent()->getRedeclContext()->isTranslationUnit();
}

bool named(const clang::NamedDecl* decl, std::initializer_list<llvm::StringRef> names) {
  if (decl == nullptr || decl->getIdentifier() == nullptr) return false;
  for (llvm::StringRef name : names)
    if (decl->getName() == name) return true;
  return false;
}

// simt's non-owning views, and std::span: constructing one from one argument views the same bytes.
bool is_view_class(const clang::CXXRecordDecl* record) {
  if (record == nullptr) return false;
  if (named(record, {"DeviceView", "Slice", "DisjointSlice", "AtomicSlice"}) && declared_in(record, "simt")) return true;
  return named(record, {"span"}) && record->isInStdNamespace();
}

bool is_device_buffer(const clang::CXXRecordDecl* record) {
  return named(record, {"DeviceBuffer"}) && declared_in(record, "simt");
}

bool is_device_view(const clang::CXXRecordDecl* record) {
  return named(record, {"DeviceView"}) && declared_in(record, "simt");
}

// Containers whose operator[] gives the element at that index, the same one each time.
bool is_std_container(const clang::CXXRecordDecl* record) {
  return named(record, {"vector", "array", "deque", "span"}) && record->isInStdNamespace();
}

class Resolver {
 public:
  explicit Resolver(clang::ASTContext& context) : context_(context) {}

  std::optional<BufferAccess> resolve(const clang::Expr* e) {
    if (e == nullptr || ++depth_ > kMaxDepth) return std::nullopt;
    std::optional<BufferAccess> result = resolve_stripped(strip(e));
    --depth_;
    return result;
  }

 private:
  // Parentheses, temporaries and the conversions that keep the object.
  static const clang::Expr* strip(const clang::Expr* e) {
    while (true) {
      e = e->IgnoreParens();
      if (const auto* cleanups = llvm::dyn_cast<clang::ExprWithCleanups>(e)) e = cleanups->getSubExpr();
      else if (const auto* temp = llvm::dyn_cast<clang::MaterializeTemporaryExpr>(e)) e = temp->getSubExpr();
      else if (const auto* bind = llvm::dyn_cast<clang::CXXBindTemporaryExpr>(e)) e = bind->getSubExpr();
      else if (const auto* cast = llvm::dyn_cast<clang::CastExpr>(e); cast && keeps_object(cast->getCastKind()))
        e = cast->getSubExpr();
      else return e;
    }
  }

  static bool keeps_object(clang::CastKind kind) {
    switch (kind) {
      case clang::CK_NoOp:
      case clang::CK_LValueToRValue:
      case clang::CK_UserDefinedConversion:
      case clang::CK_ConstructorConversion:
      case clang::CK_ArrayToPointerDecay:
        return true;
      default:
        return false;
    }
  }

  std::optional<BufferAccess> resolve_stripped(const clang::Expr* e) {
    if (const auto* construct = llvm::dyn_cast<clang::CXXConstructExpr>(e)) {
      if (construct->getNumArgs() == 1 && is_view_class(construct->getConstructor()->getParent()))
        return resolve(construct->getArg(0));
      return std::nullopt;
    }
    if (const auto* member_call = llvm::dyn_cast<clang::CXXMemberCallExpr>(e)) return member_call_access(member_call);
    if (const auto* op = llvm::dyn_cast<clang::CXXOperatorCallExpr>(e)) {
      if (op->getOperator() != clang::OO_Subscript || op->getNumArgs() != 2) return std::nullopt;
      const auto* method = llvm::dyn_cast_or_null<clang::CXXMethodDecl>(op->getDirectCallee());
      if (method == nullptr || !is_std_container(method->getParent())) return std::nullopt;
      return element(op->getArg(0), op->getArg(1));
    }
    if (const auto* call = llvm::dyn_cast<clang::CallExpr>(e)) return call_access(call);
    if (const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(e)) return variable(ref->getDecl());
    if (const auto* member = llvm::dyn_cast<clang::MemberExpr>(e)) return member_access(member);
    if (const auto* subscript = llvm::dyn_cast<clang::ArraySubscriptExpr>(e))
      return element(subscript->getBase(), subscript->getIdx());
    if (const auto* unary = llvm::dyn_cast<clang::UnaryOperator>(e); unary && unary->getOpcode() == clang::UO_Deref)
      return pointee(unary->getSubExpr());
    return std::nullopt;
  }

  // buffer.view(), a DeviceBuffer's conversion to its view, view.subview(offset, count).
  std::optional<BufferAccess> member_call_access(const clang::CXXMemberCallExpr* call) {
    const clang::CXXMethodDecl* method = call->getMethodDecl();
    if (method == nullptr) return std::nullopt;
    const clang::CXXRecordDecl* record = method->getParent();
    if (is_device_buffer(record) && (llvm::isa<clang::CXXConversionDecl>(method) ||
                                     (named(method, {"view"}) && call->getNumArgs() == 0)))
      return resolve(call->getImplicitObjectArgument());
    if (is_device_view(record) && named(method, {"subview"}) && call->getNumArgs() == 2) {
      std::optional<BufferAccess> view = resolve(call->getImplicitObjectArgument());
      if (!view) return std::nullopt;
      Subview subview;
      for (unsigned i = 0; i < 2; ++i) {
        const clang::Expr* bound = call->getArg(i);
        // A bound with an effect (a call, an increment) is not the same value twice.
        if (bound->HasSideEffects(context_, /*IncludePossibleEffects=*/true)) return std::nullopt;
        bound->Profile(subview.shape, context_, /*Canonical=*/true);
        clang::Expr::EvalResult value;
        if (bound->EvaluateAsInt(value, context_) && !value.Val.getInt().isNegative())
          (i == 0 ? subview.offset : subview.count) = value.Val.getInt().getZExtValue();
        else
          view->reads_variables = true;
      }
      view->subviews.push_back(std::move(subview));
      return view;
    }
    return std::nullopt;
  }

  // std::as_const(x); simt::host::slice / disjoint / disjoint_rows / atomic (x, ...), the views
  // of a vector the CPU launchers take.
  std::optional<BufferAccess> call_access(const clang::CallExpr* call) {
    const clang::FunctionDecl* callee = call->getDirectCallee();
    if (callee == nullptr || call->getNumArgs() == 0) return std::nullopt;
    if ((named(callee, {"as_const"}) && callee->isInStdNamespace()) ||
        (named(callee, {"slice", "disjoint", "disjoint_rows", "atomic"}) && declared_in(callee, "simt", "host")))
      return resolve(call->getArg(0));
    return std::nullopt;
  }

  std::optional<BufferAccess> variable(const clang::ValueDecl* decl) {
    if (const auto* var = llvm::dyn_cast<clang::VarDecl>(decl)) {
      // A reference bound where it is declared, and a const view made where it is declared,
      // stand for what they were initialised with.
      const bool reference = var->getType()->isReferenceType();
      const bool const_view = var->getType().isConstQualified() && var->hasLocalStorage() &&
                              is_view_class(var->getType()->getAsCXXRecordDecl());
      if ((reference || const_view) && !llvm::isa<clang::ParmVarDecl>(var) && var->getInit() != nullptr) {
        if (std::optional<BufferAccess> target = resolve(var->getInit())) {
          target->through.push_back(var);
          return target;
        }
      }
    } else if (!llvm::isa<clang::BindingDecl>(decl)) {
      return std::nullopt;  // a function, an enumerator: no object
    }
    BufferAccess access;
    access.root_key = "d" + std::to_string(reinterpret_cast<std::uintptr_t>(decl->getCanonicalDecl()));
    access.name = decl->getNameAsString();
    return access;
  }

  std::optional<BufferAccess> member_access(const clang::MemberExpr* member) {
    const clang::ValueDecl* decl = member->getMemberDecl();
    if (llvm::isa<clang::VarDecl>(decl)) return variable(decl);  // a static data member
    const auto* field = llvm::dyn_cast<clang::FieldDecl>(decl);
    if (field == nullptr) return std::nullopt;
    const std::string suffix = "f" + std::to_string(reinterpret_cast<std::uintptr_t>(field->getCanonicalDecl()));
    const clang::Expr* base = member->getBase()->IgnoreParenImpCasts();
    std::optional<BufferAccess> object;
    if (llvm::isa<clang::CXXThisExpr>(base)) {
      object = BufferAccess{};
      object->root_key = "this";
      if (!member->isImplicitAccess()) object->name = "this->";
    } else if (member->isArrow()) {
      object = pointee(member->getBase());
      if (object) object->name = object->name.substr(1) + "->";  // "*p" -> "p->"
    } else {
      object = resolve(member->getBase());
      // (*p).f is p->f, and named so.
      if (object && object->name.starts_with("*")) object->name = object->name.substr(1) + "->";
      else if (object) object->name += ".";
    }
    if (!object || !object->subviews.empty()) return std::nullopt;
    object->root_key += "." + suffix;
    object->name += field->getNameAsString();
    return object;
  }

  // *p, p->...: the object a pointer that is itself a resolved object points to.
  std::optional<BufferAccess> pointee(const clang::Expr* pointer) {
    std::optional<BufferAccess> object = resolve(pointer);
    if (!object || !object->subviews.empty()) return std::nullopt;
    object->root_key += ".*";
    object->name = "*" + object->name;
    return object;
  }

  // base[index] at a constant index, or at a variable's value (then the call must not change it).
  std::optional<BufferAccess> element(const clang::Expr* base, const clang::Expr* index) {
    std::optional<BufferAccess> object = resolve(base);
    if (!object || !object->subviews.empty()) return std::nullopt;
    clang::Expr::EvalResult value;
    const clang::Expr* stripped = index->IgnoreParenImpCasts();
    if (index->EvaluateAsInt(value, context_)) {
      llvm::SmallString<16> text;
      value.Val.getInt().toString(text);
      object->root_key += "[" + std::string(text) + "]";
      object->name += "[" + std::string(text) + "]";
    } else if (const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(stripped);
               ref != nullptr && llvm::isa<clang::VarDecl>(ref->getDecl()) &&
               !ref->getDecl()->getType().isVolatileQualified()) {
      object->root_key +=
          "[d" + std::to_string(reinterpret_cast<std::uintptr_t>(ref->getDecl()->getCanonicalDecl())) + "]";
      object->name += "[" + ref->getDecl()->getNameAsString() + "]";
      object->reads_variables = true;
    } else {
      return std::nullopt;
    }
    return object;
  }

  clang::ASTContext& context_;
  int depth_ = 0;
};

using Range = std::pair<unsigned __int128, std::optional<unsigned __int128>>;  // offset, count (none: all)

// Where subviews[from...] lie in the view they start from, when every bound is a constant.
std::optional<Range> constant_range(const std::vector<Subview>& subviews, std::size_t from) {
  Range range{0, std::nullopt};
  for (std::size_t i = from; i < subviews.size(); ++i) {
    if (!subviews[i].offset || !subviews[i].count) return std::nullopt;
    range.first += *subviews[i].offset;
    range.second = *subviews[i].count;
  }
  return range;
}

}  // namespace

std::optional<BufferAccess> resolve_access(const clang::Expr* argument, clang::ASTContext& context) {
  return Resolver(context).resolve(argument);
}

Overlap overlap(const BufferAccess& a, const BufferAccess& b) {
  if (a.root_key != b.root_key) return Overlap::none;
  // Subviews written the same way take the same bytes: compare what follows them.
  std::size_t common = 0;
  while (common < a.subviews.size() && common < b.subviews.size() &&
         a.subviews[common].shape == b.subviews[common].shape)
    ++common;
  if (common == a.subviews.size() && common == b.subviews.size())
    return a.subviews.empty() ? Overlap::same_buffer : Overlap::overlapping_views;
  std::optional<Range> ra = constant_range(a.subviews, common), rb = constant_range(b.subviews, common);
  if (!ra || !rb) return Overlap::none;
  // An empty view overlaps nothing; a whole view overlaps every part of itself that is not empty.
  if ((ra->second && *ra->second == 0) || (rb->second && *rb->second == 0)) return Overlap::none;
  if (!ra->second || !rb->second) return Overlap::overlapping_views;
  const bool disjoint = ra->first + *ra->second <= rb->first || rb->first + *rb->second <= ra->first;
  return disjoint ? Overlap::none : Overlap::overlapping_views;
}

}  // namespace simtc::host
