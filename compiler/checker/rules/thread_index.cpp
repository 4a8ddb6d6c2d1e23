// simt-thread-index: a ThreadIndex (and the ElementRef / TileRef it unlocks) belongs to the
// thread that received it. C++ already forbids copying one (deleted copy operations) and
// creating one (private constructor); this rule closes the doors C++ leaves open: naming
// simt::detail (where the one minting function lives), declaring into namespace simt (a
// specialisation with a public constructor), and storing a handle where another thread could
// reach it or where it outlives its statement: a struct member, an array, a variable of static
// storage. (docs/rules/simt-thread-index.md)
#include <set>

#include <clang/AST/DeclCXX.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/RecursiveASTVisitor.h>

#include "checker/rule_context.hpp"

namespace simtc::checker {
namespace {

std::string qualified(const clang::NamedDecl* decl) { return decl->getQualifiedNameAsString(); }

class IndexVisitor : public clang::RecursiveASTVisitor<IndexVisitor> {
 public:
  explicit IndexVisitor(RuleContext& context) : context_(context) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitLambdaBody() const { return false; }
  bool TraverseLambdaExpr(clang::LambdaExpr* lambda) { return traverse_lambda_captures(*this, lambda); }

  bool VisitDeclRefExpr(clang::DeclRefExpr* e) {
    internal(e->getDecl(), e->getLocation(), e->getSourceRange());
    return true;
  }
  bool VisitMemberExpr(clang::MemberExpr* e) {
    internal(e->getMemberDecl(), e->getMemberLoc(), e->getSourceRange());
    return true;
  }
  bool VisitCXXConstructExpr(clang::CXXConstructExpr* e) {
    if (!e->getConstructor()->isImplicit()) internal(e->getConstructor(), e->getExprLoc(), e->getSourceRange());
    return true;
  }
  bool VisitVarDecl(clang::VarDecl* var) {
    if (var->isImplicit()) return true;
    if (const auto* record = var->getType()->getAsCXXRecordDecl(); record != nullptr && in_simt_detail(record))
      internal(record, var->getLocation(), var->getSourceRange());
    const char* handle = thread_handle_in(var->getType());
    if (handle == nullptr) return true;
    clang::QualType type = var->getType().getCanonicalType();
    std::string name = "'" + var->getNameAsString() + "'";
    const auto* simt_record = type->getAsCXXRecordDecl();
    if (simt_record != nullptr && has_annotation(simt_record, "simt.shared_storage"))
      store(var->getLocation(), "shared-memory variable " + name + " holds simt::" + std::string(handle) + " values", handle);
    else if (var->hasGlobalStorage())
      store(var->getLocation(), "variable " + name + " of static storage holds a simt::" + handle, handle);
    else if (type->isArrayType())
      store(var->getLocation(), "array " + name + " holds simt::" + std::string(handle) + " values", handle);
    else if (const auto* record = llvm::dyn_cast_or_null<clang::ClassTemplateSpecializationDecl>(type->getAsCXXRecordDecl());
             record != nullptr && !in_simt_namespace(record))  // plain structs are reported at their member
      store(var->getLocation(), "variable " + name + " holds a simt::" + std::string(handle) + " inside '" +
                                    record->getNameAsString() + "'",
            handle);
    return true;
  }

 private:
  void internal(const clang::Decl* decl, clang::SourceLocation loc, clang::SourceRange range) {
    if (!in_simt_detail(decl) || seen_.count(loc.getRawEncoding())) return;
    seen_.insert(loc.getRawEncoding());
    const auto* named = llvm::dyn_cast<clang::NamedDecl>(decl);
    std::string name = named != nullptr ? qualified(named) : "simt::detail";
    context_.error(loc, "'" + name + "' is internal to simt: only simt::thread's index functions create a "
                                     "ThreadIndex, and user code may not name simt::detail")
        << range;
  }
  void store(clang::SourceLocation loc, const std::string& what, const char* handle) {
    std::string owner = std::string(handle) == "ThreadIndex" || std::string(handle) == "LocalIndex" ? "an index"
                                                                                                    : "an element handle";
    context_.error(loc, what + ": " + owner + " belongs to the thread that received it and cannot be stored");
  }
  RuleContext& context_;
  std::set<unsigned> seen_;
};

bool in_user_file(const clang::SourceManager& sm, const clang::Decl* decl) {
  return !decl->isImplicit() && decl->getLocation().isValid() && !in_simt_header(sm, decl->getLocation());
}

// Declarations that put user code inside namespace simt, and struct members holding handles.
void check_declarations(RuleContext& context, const clang::DeclContext& scope) {
  const clang::SourceManager& sm = context.ast().getSourceManager();
  for (const clang::Decl* decl : scope.decls()) {
    if (!in_user_file(sm, decl)) continue;
    if (const auto* ns = llvm::dyn_cast<clang::NamespaceDecl>(decl); ns != nullptr && ns->getName() != "simt") {
      check_declarations(context, *ns);
      continue;
    }
    // `namespace simt { ... }`, or `template <> struct simt::X<...>` (declared here, a member of simt).
    const auto* inner = llvm::dyn_cast<clang::NamespaceDecl>(decl);
    if (inner != nullptr && inner->getName() == "simt") {
      context.error(decl->getLocation(), "user code may not reopen namespace simt: a specialisation of a simt "
                                         "class could forge a ThreadIndex");
      continue;
    }
    if (in_simt_namespace(decl)) {
      const auto* named = llvm::dyn_cast<clang::NamedDecl>(decl);
      context.error(decl->getLocation(), "user code may not declare into namespace simt" +
                                             (named != nullptr && !named->getName().empty() ? " ('" + named->getNameAsString() + "')" : std::string()) +
                                             ": a specialisation of a simt class could forge a ThreadIndex");
      continue;
    }
    if (const auto* var = llvm::dyn_cast<clang::VarDecl>(decl)) {
      if (const char* handle = thread_handle_in(var->getType()))
        context.error(var->getLocation(), "variable '" + var->getNameAsString() + "' of static storage holds a simt::" +
                                              handle + ": every thread would share it");
      continue;
    }
    const auto* record = llvm::dyn_cast<clang::CXXRecordDecl>(decl);
    if (const auto* templ = llvm::dyn_cast<clang::ClassTemplateDecl>(decl)) record = templ->getTemplatedDecl();
    if (record == nullptr || !record->isThisDeclarationADefinition() || record->isLambda()) continue;
    for (const clang::FieldDecl* field : record->fields()) {
      if (const char* handle = thread_handle_in(field->getType())) {
        std::string owner = std::string(handle) == "ThreadIndex" || std::string(handle) == "LocalIndex"
                                ? "an index"
                                : "an element handle";
        context.error(field->getLocation(), "member '" + field->getNameAsString() + "' of '" + record->getNameAsString() +
                                                "' holds a simt::" + handle + ": " + owner +
                                                " belongs to the thread that received it and cannot be stored");
      }
    }
    check_declarations(context, *record);
  }
}

}  // namespace

void check_thread_index(RuleContext& context) {
  IndexVisitor visitor(context);
  for (const clang::FunctionDecl* fn : context.reachable())
    for (clang::Stmt* code : function_code(*fn)) visitor.TraverseStmt(code);
  check_declarations(context, *context.ast().getTranslationUnitDecl());
}

}  // namespace simtc::checker
