// simt-uninitialized: a local is assigned before it is read, on every path. Scalars go through
// Clang's definite-assignment analysis on the CFG (the one behind -Wuninitialized and
// -Wconditional-uninitialized), with every kind of possible use reported, as Java and C# do.
// Arrays and structs are not tracked element by element, so those without a constructor must
// be initialised where they are declared (`float acc[4] = {};`).
// (docs/rules/simt-uninitialized.md)
#include <algorithm>
#include <map>

#include <clang/AST/DeclCXX.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/RecursiveASTVisitor.h>
#include <clang/Analysis/Analyses/UninitializedValues.h>
#include <clang/Analysis/AnalysisDeclContext.h>
#include <clang/Analysis/CFG.h>
#include <clang/Basic/SourceManager.h>

#include "checker/rule_context.hpp"

namespace simtc::checker {
namespace {

class FirstUses : public clang::UninitVariablesHandler {
 public:
  explicit FirstUses(const clang::SourceManager& sm) : sm_(sm) {}
  void handleUseOfUninitVariable(const clang::VarDecl* var, const clang::UninitUse& use) override {
    auto [it, inserted] = uses_.try_emplace(var, use);
    if (!inserted && sm_.isBeforeInTranslationUnit(use.getUser()->getBeginLoc(), it->second.getUser()->getBeginLoc()))
      it->second = use;
  }
  void handleSelfInit(const clang::VarDecl* var) override { self_.push_back(var); }
  const std::map<const clang::VarDecl*, clang::UninitUse>& uses() const { return uses_; }
  const std::vector<const clang::VarDecl*>& self_inits() const { return self_; }

 private:
  const clang::SourceManager& sm_;
  std::map<const clang::VarDecl*, clang::UninitUse> uses_;
  std::vector<const clang::VarDecl*> self_;
};

// The first member of `record` that default initialisation leaves indeterminate, if any.
const clang::FieldDecl* indeterminate_member(const clang::CXXRecordDecl* record) {
  if (record == nullptr || !record->hasDefinition() || in_simt_namespace(record)) return nullptr;
  if (record->hasUserProvidedDefaultConstructor()) return nullptr;  // its constructor's business
  for (const clang::FieldDecl* field : record->fields()) {
    if (field->hasInClassInitializer()) continue;
    clang::QualType type = field->getType().getCanonicalType();
    while (const auto* array = llvm::dyn_cast<clang::ArrayType>(type.getTypePtr())) type = array->getElementType().getCanonicalType();
    if (const auto* nested = type->getAsCXXRecordDecl()) {
      if (indeterminate_member(nested) != nullptr) return field;
      continue;
    }
    return field;
  }
  return nullptr;
}

// Arrays and structs declared without an initialiser that leaves them determinate.
class AggregateVisitor : public clang::RecursiveASTVisitor<AggregateVisitor> {
 public:
  explicit AggregateVisitor(RuleContext& context) : context_(context) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitLambdaBody() const { return false; }
  bool TraverseLambdaExpr(clang::LambdaExpr* lambda) { return traverse_lambda_captures(*this, lambda); }

  bool VisitVarDecl(clang::VarDecl* var) {
    if (var->isImplicit() || llvm::isa<clang::ParmVarDecl>(var) || !var->isLocalVarDecl() || var->hasGlobalStorage())
      return true;
    const clang::Expr* init = var->getInit();
    if (const auto* construct = llvm::dyn_cast_or_null<clang::CXXConstructExpr>(init);
        construct != nullptr && construct->getConstructor()->isDefaultConstructor() && !construct->requiresZeroInitialization() &&
        construct->getParenOrBraceRange().isInvalid())
      init = nullptr;  // `S s;`: default initialisation
    if (init != nullptr) return true;
    clang::QualType type = var->getType().getCanonicalType();
    std::string name = var->getNameAsString();
    if (const auto* array = llvm::dyn_cast<clang::ArrayType>(type.getTypePtr())) {
      clang::QualType element = array->getElementType().getCanonicalType();
      while (const auto* inner = llvm::dyn_cast<clang::ArrayType>(element.getTypePtr())) element = inner->getElementType().getCanonicalType();
      const auto* record = element->getAsCXXRecordDecl();
      if (record != nullptr && indeterminate_member(record) == nullptr) return true;
      context_.error(var->getLocation(), "local array '" + name +
                                             "' is not initialised; the checker does not track elements one by "
                                             "one: write '= {}' to start from zeros")
          << var->getSourceRange();
      return true;
    }
    const auto* record = type->getAsCXXRecordDecl();
    if (record == nullptr) return true;  // scalars: the CFG analysis
    if (const clang::FieldDecl* member = indeterminate_member(record)) {
      context_.error(var->getLocation(), "'" + name + "' is not initialised: member '" + member->getNameAsString() +
                                             "' of '" + record->getNameAsString() +
                                             "' has no initialiser; write '" + name + "{}' to start from zeros")
          << var->getSourceRange();
    }
    return true;
  }

 private:
  RuleContext& context_;
};

void check_scalars(RuleContext& context, const clang::FunctionDecl& fn) {
  clang::AnalysisDeclContextManager manager(context.ast());
  clang::AnalysisDeclContext* analysis = manager.getContext(&fn);
  clang::CFG::BuildOptions& options = analysis->getCFGBuildOptions();
  options.PruneTriviallyFalseEdges = true;
  options.AddInitializers = true;
  options.AddImplicitDtors = true;
  options.AddTemporaryDtors = true;
  options.setAllAlwaysAdd();
  const clang::CFG* cfg = analysis->getCFG();
  if (cfg == nullptr) return;
  FirstUses uses(context.ast().getSourceManager());
  clang::UninitVariablesAnalysisStats stats{};
  clang::runUninitializedVariablesAnalysis(fn, *cfg, *analysis, uses, stats);
  for (const clang::VarDecl* var : uses.self_inits())
    context.error(var->getLocation(), "'" + var->getNameAsString() + "' is initialised with its own value");
  for (const auto& [var, use] : uses.uses()) {
    if (!var->getType()->isScalarType()) continue;  // records and arrays: AggregateVisitor
    std::string name = "'" + var->getNameAsString() + "'";
    const clang::Expr* user = use.getUser();
    if (use.getKind() == clang::UninitUse::Always)
      context.error(user->getExprLoc(), name + " is read before it is assigned") << user->getSourceRange();
    else
      context.error(user->getExprLoc(), name + " may be read before it is assigned: not every path to here assigns it")
          << user->getSourceRange();
    context.note(var->getLocation(), name + " is declared here without a value; give it one");
  }
}

}  // namespace

void check_uninitialized(RuleContext& context) {
  AggregateVisitor aggregates(context);
  for (const clang::FunctionDecl* fn : context.reachable()) {
    if (!fn->hasBody() || fn->isDependentContext()) continue;
    aggregates.TraverseStmt(fn->getBody());
    check_scalars(context, *fn);
  }
}

}  // namespace simtc::checker
