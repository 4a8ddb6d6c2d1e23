// [[kernel]] / [[simt::kernel]] on functions and [[simt::unsafe]] on compound statements.
// Each attaches an AnnotateAttr that the checker, irgen and kernel discovery look for.
#include "frontend/attributes.hpp"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Attr.h>
#include <clang/AST/Decl.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/Stmt.h>
#include <clang/Basic/ParsedAttrInfo.h>
#include <clang/Sema/ParsedAttr.h>
#include <clang/Sema/Sema.h>

#include "frontend/frontend.hpp"

namespace simtc::frontend {
namespace {

using clang::ParsedAttr;
using clang::ParsedAttrInfo;

struct KernelAttrInfo : ParsedAttrInfo {
  static constexpr Spelling kSpellings[] = {
      {ParsedAttr::AS_CXX11, "kernel"},
      {ParsedAttr::AS_CXX11, "simt::kernel"},
  };
  KernelAttrInfo() {
    NumArgs = 0;
    OptArgs = 0;
    Spellings = kSpellings;
  }

  bool diagAppertainsToDecl(clang::Sema& sema, const ParsedAttr& attr,
                            const clang::Decl* decl) const override {
    const auto* fn = llvm::dyn_cast<clang::FunctionDecl>(decl);
    auto& diags = sema.getDiagnostics();
    if (fn == nullptr) {
      unsigned id = diags.getCustomDiagID(
          clang::DiagnosticsEngine::Error,
          "'kernel' applies only to functions [simt-kernel-signature]");
      diags.Report(attr.getLoc(), id);
      return false;
    }
    if (llvm::isa<clang::CXXMethodDecl>(fn)) {
      unsigned id = diags.getCustomDiagID(
          clang::DiagnosticsEngine::Error,
          "a kernel must be a free function, not a member function [simt-kernel-signature]");
      diags.Report(attr.getLoc(), id);
      return false;
    }
    return true;
  }

  AttrHandling handleDeclAttribute(clang::Sema& sema, clang::Decl* decl,
                                   const ParsedAttr& attr) const override {
    decl->addAttr(clang::AnnotateAttr::Create(sema.Context, kKernelAnnotation, nullptr, 0,
                                              attr.getRange()));
    return AttributeApplied;
  }
};

struct UnsafeAttrInfo : ParsedAttrInfo {
  static constexpr Spelling kSpellings[] = {{ParsedAttr::AS_CXX11, "simt::unsafe"}};
  UnsafeAttrInfo() {
    NumArgs = 0;
    OptArgs = 0;
    IsStmt = 1;
    Spellings = kSpellings;
  }

  bool diagAppertainsToDecl(clang::Sema& sema, const ParsedAttr& attr,
                            const clang::Decl*) const override {
    diag_only_blocks(sema, attr);
    return false;
  }
  bool diagAppertainsToStmt(clang::Sema& sema, const ParsedAttr& attr,
                            const clang::Stmt* stmt) const override {
    if (llvm::isa<clang::CompoundStmt>(stmt)) return true;
    diag_only_blocks(sema, attr);
    return false;
  }
  AttrHandling handleStmtAttribute(clang::Sema& sema, clang::Stmt*, const ParsedAttr& attr,
                                   clang::Attr*& result) const override {
    result = clang::AnnotateAttr::Create(sema.Context, kUnsafeAnnotation, nullptr, 0,
                                         attr.getRange());
    return AttributeApplied;
  }

 private:
  static void diag_only_blocks(clang::Sema& sema, const ParsedAttr& attr) {
    auto& diags = sema.getDiagnostics();
    unsigned id = diags.getCustomDiagID(
        clang::DiagnosticsEngine::Error,
        "'simt::unsafe' applies only to a block: write [[simt::unsafe]] { ... }");
    diags.Report(attr.getLoc(), id);
  }
};

clang::ParsedAttrInfoRegistry::Add<KernelAttrInfo> kKernel("simt-kernel", "[[kernel]]");
clang::ParsedAttrInfoRegistry::Add<UnsafeAttrInfo> kUnsafe("simt-unsafe", "[[simt::unsafe]]");

}  // namespace

void ensure_attributes_registered() {
  // Referencing the registrations keeps this object file (and so them) in the link.
  (void)&kKernel;
  (void)&kUnsafe;
}

}  // namespace simtc::frontend
