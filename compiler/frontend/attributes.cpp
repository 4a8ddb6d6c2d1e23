// [[kernel]] / [[simt::kernel]] on functions, [[simt::unsafe]] on compound statements, and the
// launch contract and [[simt::unchecked_indexing]] on functions.
// Each attaches an AnnotateAttr that the checker, irgen and kernel discovery look for.
#include "frontend/attributes.hpp"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Attr.h>
#include <clang/AST/Decl.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/AST/Stmt.h>
#include <clang/Basic/ParsedAttrInfo.h>
#include <clang/Sema/Lookup.h>
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
        "'simt::unsafe' applies only to a block: write [[simt::unsafe]] { ... } [simt-unsafe]");
    diags.Report(attr.getLoc(), id);
  }
};

// A function attribute that becomes an AnnotateAttr keeping its arguments as expressions:
// the launch contract ([[simt::block(256)]], [[simt::requires("x.size() >= n")]], ...) and
// [[simt::unchecked_indexing]]. frontend/contract.cpp evaluates and checks the arguments per
// kernel, after template instantiation has substituted them.
template <const char* Name, const char* Annotation, unsigned Required, unsigned Optional>
struct FunctionAttrInfo : ParsedAttrInfo {
  // Clang's parser asks the plugin registry about the attribute's name without its scope
  // ("block" for simt::block) before it parses arguments, and skips them when no plugin
  // answers; the unscoped spelling makes it answer. handleDeclAttribute rejects [[block(...)]].
  static constexpr Spelling kSpellings[] = {{ParsedAttr::AS_CXX11, Name},
                                            {ParsedAttr::AS_CXX11, Name + 6 /* past "simt::" */}};
  FunctionAttrInfo() {
    NumArgs = Required;
    OptArgs = Optional;
    Spellings = kSpellings;
  }

  bool diagAppertainsToDecl(clang::Sema& sema, const ParsedAttr& attr,
                            const clang::Decl* decl) const override {
    if (llvm::isa<clang::FunctionDecl>(decl) || llvm::isa<clang::FunctionTemplateDecl>(decl)) return true;
    auto& diags = sema.getDiagnostics();
    unsigned id = diags.getCustomDiagID(clang::DiagnosticsEngine::Error, "'%0' applies only to functions [simt-launch-contract]");
    diags.Report(attr.getLoc(), id) << Name;
    return false;
  }

  AttrHandling handleDeclAttribute(clang::Sema& sema, clang::Decl* decl,
                                   const ParsedAttr& attr) const override {
    if (!attr.hasScope() || attr.getScopeName()->getName() != "simt") {
      auto& diags = sema.getDiagnostics();
      unsigned id = diags.getCustomDiagID(clang::DiagnosticsEngine::Error, "unknown attribute '%0'; did you mean '%1'? [simt-launch-contract]");
      diags.Report(attr.getLoc(), id) << (Name + 6) << Name;
      return AttributeNotApplied;
    }
    llvm::SmallVector<clang::Expr*, 4> args;
    for (unsigned i = 0; i < attr.getNumArgs(); ++i) {
      if (attr.isArgExpr(i)) {
        args.push_back(attr.getArgAsExpr(i));
        continue;
      }
      // Clang keeps a lone identifier argument of an attribute it does not know as a name
      // (`simt::block(N)` in a kernel template): look it up as the expression it names.
      const clang::IdentifierLoc* ident = attr.getArgAsIdent(i);
      clang::LookupResult found(sema, ident->getIdentifierInfo(), ident->getLoc(), clang::Sema::LookupOrdinaryName);
      clang::ExprResult ref;
      if (sema.LookupName(found, sema.getCurScope()) && found.isSingleResult() &&
          llvm::isa<clang::ValueDecl>(found.getFoundDecl()))
        ref = sema.BuildDeclarationNameExpr(clang::CXXScopeSpec(), found, /*NeedsADL=*/false);
      if (!ref.isUsable()) {
        auto& diags = sema.getDiagnostics();
        unsigned id = diags.getCustomDiagID(clang::DiagnosticsEngine::Error,
                                            "argument %0 of '%1' names no constant: '%2' [simt-launch-contract]");
        diags.Report(ident->getLoc(), id) << (i + 1) << Name << ident->getIdentifierInfo()->getName();
        return AttributeNotApplied;
      }
      args.push_back(ref.get());
    }
    if (auto* templ = llvm::dyn_cast<clang::FunctionTemplateDecl>(decl)) decl = templ->getTemplatedDecl();
    decl->addAttr(clang::AnnotateAttr::Create(sema.Context, Annotation, args.data(), unsigned(args.size()),
                                              attr.getRange()));
    return AttributeApplied;
  }
};

constexpr char kBlockName[] = "simt::block";
constexpr char kMaxThreadsName[] = "simt::max_threads";
constexpr char kMinBlocksName[] = "simt::min_blocks_per_sm";
constexpr char kDynamicSharedName[] = "simt::dynamic_shared";
constexpr char kMinArchName[] = "simt::min_arch";
constexpr char kClusterName[] = "simt::cluster";
constexpr char kRequiresName[] = "simt::requires";
constexpr char kUncheckedName[] = "simt::unchecked_indexing";
constexpr char kBlockAnno[] = "simt.block";
constexpr char kMaxThreadsAnno[] = "simt.max_threads";
constexpr char kMinBlocksAnno[] = "simt.min_blocks_per_sm";
constexpr char kDynamicSharedAnno[] = "simt.dynamic_shared";
constexpr char kMinArchAnno[] = "simt.min_arch";
constexpr char kClusterAnno[] = "simt.cluster";
constexpr char kRequiresAnno[] = "simt.requires";
constexpr char kUncheckedAnno[] = "simt.unchecked_indexing";

clang::ParsedAttrInfoRegistry::Add<KernelAttrInfo> kKernel("simt-kernel", "[[kernel]]");
clang::ParsedAttrInfoRegistry::Add<FunctionAttrInfo<kBlockName, kBlockAnno, 1, 2>> kBlock(
    "simt-block", "[[simt::block(x, y, z)]]");
clang::ParsedAttrInfoRegistry::Add<FunctionAttrInfo<kMaxThreadsName, kMaxThreadsAnno, 1, 0>> kMaxThreads(
    "simt-max-threads", "[[simt::max_threads(n)]]");
clang::ParsedAttrInfoRegistry::Add<FunctionAttrInfo<kMinBlocksName, kMinBlocksAnno, 1, 0>> kMinBlocks(
    "simt-min-blocks-per-sm", "[[simt::min_blocks_per_sm(n)]]");
clang::ParsedAttrInfoRegistry::Add<FunctionAttrInfo<kDynamicSharedName, kDynamicSharedAnno, 1, 1>> kDynamicShared(
    "simt-dynamic-shared", "[[simt::dynamic_shared(min, max)]]");
clang::ParsedAttrInfoRegistry::Add<FunctionAttrInfo<kMinArchName, kMinArchAnno, 1, 0>> kMinArch(
    "simt-min-arch", "[[simt::min_arch(cc)]]");
clang::ParsedAttrInfoRegistry::Add<FunctionAttrInfo<kClusterName, kClusterAnno, 1, 2>> kCluster(
    "simt-cluster", "[[simt::cluster(x, y, z)]]");
clang::ParsedAttrInfoRegistry::Add<FunctionAttrInfo<kRequiresName, kRequiresAnno, 0, 15>> kRequires(
    "simt-requires", "[[simt::requires(\"relation\", ...)]]");
clang::ParsedAttrInfoRegistry::Add<FunctionAttrInfo<kUncheckedName, kUncheckedAnno, 0, 0>> kUnchecked(
    "simt-unchecked-indexing", "[[simt::unchecked_indexing]]");
clang::ParsedAttrInfoRegistry::Add<UnsafeAttrInfo> kUnsafe("simt-unsafe", "[[simt::unsafe]]");

}  // namespace

void ensure_attributes_registered() {
  // Referencing the registrations keeps this object file (and so them) in the link.
  (void)&kKernel;
  (void)&kUnsafe;
  (void)&kBlock;
  (void)&kMaxThreads;
  (void)&kMinBlocks;
  (void)&kDynamicShared;
  (void)&kMinArch;
  (void)&kRequires;
  (void)&kUnchecked;
}

}  // namespace simtc::frontend
