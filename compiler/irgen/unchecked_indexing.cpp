#include "irgen/unchecked_indexing.hpp"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Attr.h>
#include <clang/AST/DeclCXX.h>

#include "frontend/contract.hpp"
#include "irgen/irgen.hpp"

namespace simtc::irgen {
namespace {

constexpr llvm::StringLiteral kVariantPrefix = "simt.unchecked_variant:";

bool marked(const clang::FunctionDecl* fn) {
  for (const clang::FunctionDecl* decl : {fn, static_cast<const clang::FunctionDecl*>(fn->getTemplateInstantiationPattern())}) {
    if (decl == nullptr) continue;
    for (const auto* attr : decl->specific_attrs<clang::AnnotateAttr>())
      if (attr->getAnnotation() == frontend::kUncheckedIndexingAnnotation) return true;
  }
  return false;
}

llvm::StringRef variant_name(const clang::FunctionDecl* fn) {
  for (const auto* attr : fn->specific_attrs<clang::AnnotateAttr>())
    if (attr->getAnnotation().starts_with(kVariantPrefix)) return attr->getAnnotation().drop_front(kVariantPrefix.size());
  return {};
}

}  // namespace

bool unchecked_indexing(const IrgenOptions& options, const clang::FunctionDecl* fn) {
  if (options.unchecked_indexing) return true;
  // A lambda's body belongs to the function that defines it.
  while (fn != nullptr) {
    if (marked(fn)) return true;
    const auto* method = llvm::dyn_cast<clang::CXXMethodDecl>(fn);
    if (method == nullptr || !method->getParent()->isLambda()) return false;
    fn = llvm::dyn_cast<clang::FunctionDecl>(method->getParent()->getDeclContext());
  }
  return false;
}

const clang::FunctionDecl* unchecked_variant(const clang::FunctionDecl* callee) {
  const auto* method = llvm::dyn_cast_or_null<clang::CXXMethodDecl>(callee);
  if (method == nullptr) return nullptr;
  llvm::StringRef name = variant_name(method);
  if (name.empty())
    if (const clang::FunctionDecl* member = method->getInstantiatedFromMemberFunction()) name = variant_name(member);
  if (name.empty()) return nullptr;
  const clang::CXXRecordDecl* record = method->getParent();
  for (const clang::NamedDecl* found : record->lookup(&record->getASTContext().Idents.get(name))) {
    const auto* twin = llvm::dyn_cast<clang::CXXMethodDecl>(found);
    if (twin != nullptr && twin->getNumParams() == method->getNumParams() && twin->isConst() == method->isConst())
      return twin;
  }
  return nullptr;
}

}  // namespace simtc::irgen
