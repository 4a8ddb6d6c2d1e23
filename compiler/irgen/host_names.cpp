#include "irgen/host_names.hpp"

#include "frontend/kernel_names.hpp"

#include <clang/AST/DeclCXX.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/AST/PrettyPrinter.h>
#include <clang/AST/QualTypeNames.h>
#include <clang/AST/Type.h>
#include <clang/Basic/SourceManager.h>
#include <llvm/Support/raw_ostream.h>

namespace simtc::irgen {
namespace {

bool in_kernel_file(clang::ASTContext& ast, const clang::Decl* decl) {
  const clang::SourceManager& sm = ast.getSourceManager();
  return sm.isWrittenInMainFile(sm.getExpansionLoc(decl->getLocation()));
}

// Whether a typedef that the kernel file declares spells `type` (at any step of its sugar).
bool spelled_by_kernel_file(clang::ASTContext& ast, clang::QualType type) {
  for (clang::QualType at = type;;) {
    if (const auto* td = llvm::dyn_cast<clang::TypedefType>(at.getTypePtr()); td && in_kernel_file(ast, td->getDecl()))
      return true;
    clang::QualType next = at.getSingleStepDesugaredType(ast);
    if (next == at) return false;
    at = next;
  }
}

}  // namespace

std::optional<std::string> host_declared_type(clang::ASTContext& ast, clang::QualType type) {
  type = type.getUnqualifiedType();
  if (const clang::TagDecl* tag = type->getAsTagDecl()) {
    if (in_kernel_file(ast, tag)) return std::nullopt;
    return "::" + tag->getQualifiedNameAsString();
  }
  // As written, so that each side's own typedefs apply (uint64_t is `unsigned long long` for
  // the kernel and `unsigned long` on the host); the canonical type where the kernel file's
  // own typedef spells it.
  if (spelled_by_kernel_file(ast, type)) type = type.getCanonicalType();
  clang::PrintingPolicy policy(ast.getLangOpts());
  policy.SuppressScope = false;
  // The kernel side's 16-bit float builtins are simt's types on the host.
  return frontend::with_simt_float16_names(
      clang::TypeName::getFullyQualifiedName(type, ast, policy, /*WithGlobalNsPrefix=*/false));
}

std::optional<clang::QualType> written_element(clang::QualType slice) {
  const auto* spec = slice->getAs<clang::TemplateSpecializationType>();
  if (spec == nullptr || spec->template_arguments().empty()) return std::nullopt;
  const clang::TemplateArgument& arg = spec->template_arguments()[0];
  if (arg.getKind() != clang::TemplateArgument::Type) return std::nullopt;
  return arg.getAsType();
}

std::optional<std::string> declaring_header(clang::ASTContext& ast, const clang::TagDecl* tag) {
  const clang::SourceManager& sm = ast.getSourceManager();
  clang::SourceLocation loc = sm.getExpansionLoc(tag->getLocation());
  if (in_kernel_file(ast, tag) || sm.isInSystemHeader(loc)) return std::nullopt;
  clang::OptionalFileEntryRef file = sm.getFileEntryRefForID(sm.getFileID(loc));
  if (!file) return std::nullopt;
  llvm::StringRef real = file->getFileEntry().tryGetRealPathName();
  return real.empty() ? file->getName().str() : real.str();
}

std::optional<std::string> host_function_name(const clang::FunctionDecl& kernel) {
  if (kernel.isTemplateInstantiation() || kernel.getPrimaryTemplate() != nullptr ||
      llvm::isa<clang::CXXMethodDecl>(kernel))
    return std::nullopt;
  for (const clang::DeclContext* dc = kernel.getDeclContext(); dc != nullptr; dc = dc->getParent())
    if (!dc->isNamespace() && !dc->isTranslationUnit() && !dc->isExternCContext() && !dc->isExternCXXContext())
      return std::nullopt;
    else if (const auto* ns = llvm::dyn_cast<clang::NamespaceDecl>(dc); ns && ns->isAnonymousNamespace())
      return std::nullopt;
  return "::" + kernel.getQualifiedNameAsString();
}

}  // namespace simtc::irgen
