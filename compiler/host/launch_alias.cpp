// simt-launch-alias: a launch that passes one buffer as a kernel's written output and as
// another argument. The launchers check this at run time (simt::contract::check_no_alias) and
// throw; here the same mistake is an error at compile time, when the arguments are certainly
// the same buffer (buffer_access.hpp). Launchers are recognized by the annotation the
// generated header puts on them (support/launch_annotation.hpp), which names their buffers.
#include <set>

#include <clang/AST/Attr.h>
#include <clang/AST/RecursiveASTVisitor.h>

#include "frontend/diagnostic.hpp"
#include "host/buffer_access.hpp"
#include "host/rules.hpp"
#include "support/launch_annotation.hpp"

namespace simtc::host {
namespace {

constexpr const char* kRule = "simt-launch-alias";

std::optional<LaunchAnnotation> launch_annotation(const clang::FunctionDecl& fn) {
  for (const auto* attr : fn.specific_attrs<clang::AnnotateAttr>())
    if (std::optional<LaunchAnnotation> annotation = parse_launch_annotation(attr->getAnnotation().str()))
      return annotation;
  return std::nullopt;
}

// "its output 'out' (a DisjointSlice)", "its input 'in'".
std::string role(const LaunchAnnotation::Buffer& buffer) {
  if (!is_written_kind(buffer.kind)) return "its input '" + buffer.param + "'";
  const char* article = buffer.kind == "AtomicSlice" ? "an " : "a ";
  return "its output '" + buffer.param + "' (" + article + buffer.kind + ")";
}

// One buffer argument of a launch.
struct Argument {
  const LaunchAnnotation::Buffer* buffer;
  const clang::Expr* expr;
  std::optional<BufferAccess> access;
};

class LaunchVisitor : public clang::RecursiveASTVisitor<LaunchVisitor> {
 public:
  explicit LaunchVisitor(clang::ASTContext& context) : context_(context) {}
  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitCallExpr(clang::CallExpr* call) {
    const clang::FunctionDecl* callee = call->getDirectCallee();
    // In a template, a launch whose arguments depend on its parameters is checked where it is
    // instantiated.
    if (callee == nullptr || call->isInstantiationDependent()) return true;
    std::optional<LaunchAnnotation> annotation = launch_annotation(*callee);
    if (!annotation) return true;
    // A call through operator() would put the object first; launchers are named functions.
    if (llvm::isa<clang::CXXOperatorCallExpr>(call)) return true;
    std::vector<Argument> arguments;
    for (const LaunchAnnotation::Buffer& buffer : annotation->buffers)
      for (unsigned i = 0; i < callee->getNumParams() && i < call->getNumArgs(); ++i)
        if (callee->getParamDecl(i)->getName() == buffer.param)
          arguments.push_back({&buffer, call->getArg(i), resolve_access(call->getArg(i), context_)});
    // An access that reads a variable (an index, a subview's bound) is the same twice only when
    // no argument of the launch can change that variable: each is a recognized access or has no
    // effect.
    bool stable = true;
    for (const clang::Expr* arg : call->arguments())
      if (!resolve_access(arg, context_) && arg->HasSideEffects(context_, /*IncludePossibleEffects=*/true))
        stable = false;
    for (std::size_t i = 0; i < arguments.size(); ++i) {
      if (!is_written_kind(arguments[i].buffer->kind)) continue;
      for (std::size_t j = 0; j < arguments.size(); ++j) {
        if (i == j || (j < i && is_written_kind(arguments[j].buffer->kind))) continue;  // each pair once
        check_pair(annotation->kernel, arguments[i], arguments[j], stable);
      }
    }
    return true;
  }

 private:
  void check_pair(const std::string& kernel, const Argument& output, const Argument& other, bool stable) {
    if (!output.access || !other.access) return;
    if (!stable && (output.access->reads_variables || other.access->reads_variables)) return;
    const Overlap how = overlap(*output.access, *other.access);
    if (how == Overlap::none) return;
    const clang::SourceLocation at = output.expr->getBeginLoc(), other_at = other.expr->getBeginLoc();
    // A launch in a template is checked in each instantiation: report it once.
    if (!reported_.insert({at.getRawEncoding(), other_at.getRawEncoding()}).second) return;
    const std::string& name = output.access->name;
    const std::string roles = role(*output.buffer) + " and as " + role(*other.buffer);
    clang::DiagnosticsEngine& diags = context_.getDiagnostics();
    if (how == Overlap::same_buffer)
      frontend::report(diags, at, true,
                       "'" + name + "' is passed to kernel '" + kernel + "' as " + roles +
                           ": the launch fails its aliasing check at run time; pass a different buffer [" + kRule + "]")
          << output.expr->getSourceRange();
    else
      frontend::report(diags, at, true,
                       "overlapping views of '" + name + "' are passed to kernel '" + kernel + "' as " + roles +
                           ": the launch fails its aliasing check at run time; pass views that do not overlap [" +
                           kRule + "]")
          << output.expr->getSourceRange();
    frontend::report(diags, other_at, false,
                     how == Overlap::same_buffer ? "'" + name + "' is passed as '" + other.buffer->param + "' here"
                                                 : "the overlapping view is passed as '" + other.buffer->param + "' here")
        << other.expr->getSourceRange();
    // The references and views that lead to the buffer, where they are declared.
    std::set<const clang::VarDecl*> noted;
    for (const BufferAccess* access : {&*output.access, &*other.access})
      for (const clang::VarDecl* var : access->through)
        if (noted.insert(var).second)
          frontend::report(diags, var->getLocation(), false,
                           "'" + var->getNameAsString() +
                               (var->getType()->isReferenceType() ? "' refers to '" : "' is a view of '") + name + "'");
  }

  clang::ASTContext& context_;
  std::set<std::pair<clang::SourceLocation::UIntTy, clang::SourceLocation::UIntTy>> reported_;
};

}  // namespace

void check_launch_alias(clang::ASTContext& context) {
  LaunchVisitor visitor(context);
  visitor.TraverseDecl(context.getTranslationUnitDecl());
}

}  // namespace simtc::host
