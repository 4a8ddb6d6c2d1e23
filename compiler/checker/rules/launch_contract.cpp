// simt-launch-contract: the contract attributes of a kernel ([[simt::block]],
// [[simt::max_threads]], [[simt::requires]], ...) are well formed, consistent and name real
// parameters (docs/rules/simt-launch-contract.md). The reading itself is frontend/contract.cpp,
// shared with irgen, so the checker and the generated header agree on every clause.
#include <clang/AST/Decl.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/DeclTemplate.h>

#include "checker/rule_context.hpp"
#include "frontend/contract.hpp"
#include "frontend/frontend.hpp"
#include "frontend/kernel_names.hpp"

namespace simtc::checker {
namespace {

// Contract attributes on functions that are not kernels would silently mean nothing.
void check_misplaced(RuleContext& context, const clang::DeclContext& scope) {
  const clang::SourceManager& sm = context.ast().getSourceManager();
  for (const clang::Decl* decl : scope.decls()) {
    if (in_simt_header(sm, decl->getLocation())) continue;
    if (const auto* templ = llvm::dyn_cast<clang::FunctionTemplateDecl>(decl)) decl = templ->getTemplatedDecl();
    if (const auto* ns = llvm::dyn_cast<clang::NamespaceDecl>(decl)) {
      check_misplaced(context, *ns);
    } else if (const auto* linkage = llvm::dyn_cast<clang::LinkageSpecDecl>(decl)) {
      check_misplaced(context, *linkage);
    } else if (const auto* record = llvm::dyn_cast<clang::CXXRecordDecl>(decl)) {
      if (record->isThisDeclarationADefinition()) check_misplaced(context, *record);
    } else if (const auto* fn = llvm::dyn_cast<clang::FunctionDecl>(decl)) {
      clang::SourceLocation where;
      std::string attribute = frontend::first_contract_attribute(*fn, &where);
      if (!attribute.empty() && !frontend::is_kernel(*fn))
        context.error(where, "'" + attribute + "' applies only to kernels; '" + fn->getNameAsString() +
                                 "' is not marked [[kernel]]");
    }
  }
}

}  // namespace

void check_launch_contract(RuleContext& context) {
  for (const clang::FunctionDecl* kernel : context.kernels()) {
    std::vector<frontend::ContractProblem> problems;
    frontend::read_contract(context.ast(), *kernel, &problems);
    for (const frontend::ContractProblem& problem : problems) {
      context.error(problem.loc, problem.message);
      if (problem.note_loc.isValid()) context.note(problem.note_loc, problem.note);
      if (kernel->isTemplateInstantiation())
        context.note(kernel->getPointOfInstantiation(), "in kernel '" + frontend::kernel_display_name(*kernel) +
                                                            "' instantiated here");
    }
  }
  check_misplaced(context, *context.ast().getTranslationUnitDecl());
}

}  // namespace simtc::checker
