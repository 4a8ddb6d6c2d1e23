// simt-index-space: a DisjointSlice<T, Space> is written only with a ThreadIndex<Space> (the
// header's fallback overload exists so that this rule can name the mismatch), and a kernel
// whose contract fixes a 2-D or 3-D block does not take an index that such a launch makes
// invalid (every write through it would silently do nothing). Dynamic shared memory's slots:
// rules/shared_views.cpp. (docs/rules/simt-index-space.md)
#include <clang/AST/DeclCXX.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/RecursiveASTVisitor.h>

#include "checker/rule_context.hpp"
#include "frontend/contract.hpp"
#include "frontend/kernel_names.hpp"
#include "frontend/param_kinds.hpp"

namespace simtc::checker {
namespace {

// "simt::space::Rows<64>" for the space type `type`, or its plain spelling.
std::string space_name(clang::QualType type) {
  frontend::IndexSpace space;
  std::uint32_t arg = 0;
  if (frontend::index_space_of(type, space, arg)) return frontend::index_space_spelling(space, arg);
  return type.getAsString();
}

// The index function that makes an index of `space`.
std::string minted_by(clang::QualType type) {
  frontend::IndexSpace space;
  std::uint32_t arg = 0;
  if (!frontend::index_space_of(type, space, arg)) return "";
  switch (space) {
    case frontend::IndexSpace::Linear: return "simt::thread::index_1d()";
    case frontend::IndexSpace::Rows: return "simt::thread::index_2d<" + std::to_string(arg) + ">()";
    case frontend::IndexSpace::RuntimeRows: return "simt::thread::index_2d_runtime(slice)";
    case frontend::IndexSpace::Tile: return "simt::thread::index_tile<" + std::to_string(arg) + ">()";
  }
  return "";
}

// The template argument `index` of a class template specialisation type, or null.
clang::QualType template_arg(clang::QualType type, unsigned index) {
  const auto* spec = llvm::dyn_cast_or_null<clang::ClassTemplateSpecializationDecl>(
      type.getNonReferenceType().getCanonicalType()->getAsCXXRecordDecl());
  if (spec == nullptr || spec->getTemplateArgs().size() <= index) return {};
  const clang::TemplateArgument& arg = spec->getTemplateArgs()[index];
  return arg.getKind() == clang::TemplateArgument::Type ? arg.getAsType() : clang::QualType();
}

class SpaceVisitor : public clang::RecursiveASTVisitor<SpaceVisitor> {
 public:
  explicit SpaceVisitor(RuleContext& context) : context_(context) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitLambdaBody() const { return false; }
  bool TraverseLambdaExpr(clang::LambdaExpr* lambda) { return traverse_lambda_captures(*this, lambda); }

  bool VisitCXXMemberCallExpr(clang::CXXMemberCallExpr* call) {
    const clang::CXXMethodDecl* method = call->getMethodDecl();
    const clang::FunctionDecl* pattern = method != nullptr ? method->getTemplateInstantiationPattern() : nullptr;
    bool mismatch = has_annotation(method, "simt.index_space_mismatch") ||
                    (pattern != nullptr && has_annotation(pattern, "simt.index_space_mismatch"));
    if (!mismatch || call->getNumArgs() != 1) return true;
    clang::QualType slice = method->getThisType()->getPointeeType().getUnqualifiedType();
    clang::QualType want = template_arg(slice, 1);
    clang::QualType got = template_arg(call->getArg(0)->getType(), 0);
    std::string object;
    if (const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(call->getImplicitObjectArgument()->IgnoreParenImpCasts()))
      object = " '" + ref->getDecl()->getNameAsString() + "'";
    context_.error(call->getExprLoc(), "DisjointSlice" + object + " of index space " + space_name(want) +
                                           " is written with an index of " + space_name(got) +
                                           ": each space hands out its elements differently, so the writes could "
                                           "collide")
        << call->getSourceRange();
    std::string fix = minted_by(want);
    if (!fix.empty()) context_.note(call->getArg(0)->getExprLoc(), "take the index from " + fix);
    return true;
  }

 private:
  RuleContext& context_;
};

// Calls in `body` to simt::thread index functions that `bad` says the launch invalidates.
class IndexCallVisitor : public clang::RecursiveASTVisitor<IndexCallVisitor> {
 public:
  IndexCallVisitor(RuleContext& context, const clang::FunctionDecl& kernel, const std::array<std::uint32_t, 3>& block)
      : context_(context), kernel_(kernel), block_(block) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  bool shouldVisitLambdaBody() const { return true; }

  bool VisitCallExpr(clang::CallExpr* call) {
    const clang::FunctionDecl* callee = call->getDirectCallee();
    if (callee == nullptr || !in_simt_namespace(callee)) return true;
    const auto* ns = llvm::dyn_cast<clang::NamespaceDecl>(callee->getDeclContext());
    if (ns == nullptr || ns->getName() != "thread") return true;
    llvm::StringRef name = callee->getName();
    bool one_d = name == "index_1d" || name == "index_tile";
    bool two_d = name == "index_2d" || name == "index_2d_runtime";
    std::string shape = "(" + std::to_string(block_[0]) + ", " + std::to_string(block_[1]) + ", " + std::to_string(block_[2]) + ")";
    if (one_d && (block_[1] > 1 || block_[2] > 1))
      report(call, name.str(), "simt::block" + shape + ", a block with more than one thread in y or z");
    else if (two_d && block_[2] > 1)
      report(call, name.str(), "simt::block" + shape + ", a block with more than one thread in z");
    return true;
  }

 private:
  void report(const clang::CallExpr* call, const std::string& function, const std::string& why) {
    context_.error(call->getExprLoc(), "kernel '" + frontend::kernel_display_name(kernel_) + "' declares " + why +
                                           ": under it simt::thread::" + function +
                                           "() is invalid for every thread and writes through it do nothing")
        << call->getSourceRange();
  }
  RuleContext& context_;
  const clang::FunctionDecl& kernel_;
  std::array<std::uint32_t, 3> block_;
};

}  // namespace

void check_shared_views(RuleContext& context);  // rules/shared_views.cpp

void check_index_space(RuleContext& context) {
  check_shared_views(context);
  SpaceVisitor visitor(context);
  for (const clang::FunctionDecl* fn : context.reachable())
    for (clang::Stmt* code : function_code(*fn)) visitor.TraverseStmt(code);
  for (const clang::FunctionDecl* kernel : context.kernels()) {
    frontend::LaunchContract contract = frontend::read_contract(context.ast(), *kernel, nullptr);
    if (!contract.block || !kernel->hasBody()) continue;
    IndexCallVisitor calls(context, *kernel, *contract.block);
    calls.TraverseStmt(kernel->getBody());
  }
}

}  // namespace simtc::checker
