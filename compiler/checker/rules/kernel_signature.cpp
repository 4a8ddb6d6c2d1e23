// simt-kernel-signature: a kernel is a free function returning void whose parameters the
// launch ABI can carry safely (docs/rules/simt-kernel-signature.md).
#include <algorithm>
#include <cstdint>
#include <map>

#include <clang/AST/Decl.h>
#include <clang/AST/DeclCXX.h>

#include "checker/rule_context.hpp"
#include "frontend/kernel_names.hpp"
#include "frontend/param_kinds.hpp"

namespace simtc::checker {
namespace {

std::string quoted_type(clang::QualType type) { return "'" + type.getAsString() + "'"; }

void check_param(RuleContext& context, const clang::FunctionDecl& kernel,
                 const clang::ParmVarDecl& param) {
  using frontend::ParamKind;
  const std::string kernel_name = frontend::kernel_display_name(kernel);
  const std::string name = param.getName().empty() ? "#" + std::to_string(param.getFunctionScopeIndex() + 1)
                                                   : param.getNameAsString();
  const std::string what = "kernel '" + kernel_name + "' parameter '" + name + "'";
  clang::QualType type = param.getType();
  frontend::ParamClass cls = frontend::classify_param(context.ast(), type);
  clang::QualType bare = type.getNonReferenceType();
  if (bare->isPointerType()) bare = bare->getPointeeType();
  for (auto [name, source] : {std::pair{"ThreadIndex", "index from simt::thread::index_1d()"},
                               std::pair{"ElementRef", "element from DisjointSlice::get_mut()"},
                               std::pair{"TileRef", "tile from DisjointSlice::get_mut()"}}) {
    if (!frontend::is_simt_class(bare, name)) continue;
    context.error(param.getLocation(), what + " has type " + quoted_type(type) +
                                           ", which a kernel cannot take: each thread gets its own " + source)
        << param.getSourceRange();
    return;
  }
  switch (cls.kind) {
    case ParamKind::Scalar:
    case ParamKind::Slice:
    case ParamKind::DisjointSlice:
    case ParamKind::AtomicSlice:
    case ParamKind::Struct:
    case ParamKind::TensorMap:
      return;
    case ParamKind::Pointer: {
      context.error(param.getLocation(), what + " is a raw pointer (" + quoted_type(type) + ")")
          << param.getSourceRange();
      clang::QualType pointee = type->getPointeeType();
      if (!pointee.isNull()) {
        std::string element = pointee.getUnqualifiedType().getAsString();
        if (pointee.isConstQualified())
          context.note(param.getLocation(),
                       "take a read-only input as simt::Slice<const " + element + ">");
        else
          context.note(param.getLocation(), "take a read-only input as simt::Slice<const " +
                                                element + ">, or an output written one element "
                                                "per thread as simt::DisjointSlice<" +
                                                element + ">");
      }
      return;
    }
    case ParamKind::Reference: {
      context.error(param.getLocation(), what + " is a reference (" + quoted_type(type) + ")")
          << param.getSourceRange();
      clang::QualType referee = type.getNonReferenceType();
      std::string element = referee.getUnqualifiedType().getAsString();
      if (frontend::is_simt_template(referee, "Constant"))
        context.note(param.getLocation(), "a simt::Constant is declared at namespace scope, where kernels read it");
      else if (referee.isConstQualified())
        context.note(param.getLocation(), "pass '" + element + "' by value");
      else
        context.note(param.getLocation(), "to write results, take simt::DisjointSlice<" + element +
                                              "> and write through get_mut()");
      return;
    }
    case ParamKind::Unsupported: {
      context.error(param.getLocation(), what + " has type " + quoted_type(type) +
                                             ", which a kernel cannot take: " + cls.reason)
          << param.getSourceRange();
      if (cls.bad_field != nullptr) context.note(cls.bad_field->getLocation(), "member declared here");
      return;
    }
  }
}

// PTX's parameter space for one kernel: 4352 bytes before PTX ISA 8.1, 32764 bytes from 8.1 on
// (what ptxas accepts; CUDA 12.1's drivers launch such kernels on sm_70 and newer).
constexpr std::uint64_t kParamSpaceOld = 4352;
constexpr std::uint64_t kParamSpace = 32764;
constexpr unsigned kLargeParamsPtx = 81;

// The bytes of parameter space the launch ABI gives the kernel, each parameter at its alignment.
// A struct counts with Clang's layout: its scalar leaves, passed one by one, take at most that.
// Computed from the types, never per element: a struct may hold an array of 2^32 floats.
std::uint64_t param_space(clang::ASTContext& ast, const clang::FunctionDecl& kernel) {
  using frontend::ParamKind;
  std::uint64_t total = 0;
  for (const clang::ParmVarDecl* param : kernel.parameters()) {
    frontend::ParamClass cls = frontend::classify_param(ast, param->getType());
    std::uint64_t size = 0, align = 8;
    switch (cls.kind) {
      case ParamKind::Scalar:
      case ParamKind::Struct:
        size = std::uint64_t(ast.getTypeSizeInChars(param->getType()).getQuantity());
        align = std::uint64_t(ast.getTypeAlignInChars(param->getType()).getQuantity());
        break;
      case ParamKind::Slice:
      case ParamKind::DisjointSlice:
      case ParamKind::AtomicSlice:  // data pointer and size (and a row width for RuntimeRows)
        size = cls.space == frontend::IndexSpace::RuntimeRows ? 24 : 16;
        break;
      case ParamKind::TensorMap:  // the driver's CUtensorMap: 128 opaque bytes, 64-byte aligned
        size = 128;
        align = 64;
        break;
      default: continue;  // reported by check_param
    }
    total = (total + align - 1) / align * align + size;
  }
  return total;
}

std::string ptx_name(unsigned version) { return std::to_string(version / 10) + "." + std::to_string(version % 10); }

void check_param_space(RuleContext& context, const clang::FunctionDecl& kernel) {
  const unsigned ptx = context.options().ptx_version;
  const std::uint64_t limit = ptx >= kLargeParamsPtx ? kParamSpace : kParamSpaceOld;
  const std::uint64_t bytes = param_space(context.ast(), kernel);
  if (bytes <= limit) return;
  std::string message = "kernel '" + frontend::kernel_display_name(kernel) + "' takes " + std::to_string(bytes) +
                        " bytes of parameters, more than the " + std::to_string(limit) +
                        " bytes PTX ISA " + ptx_name(ptx) + " allows";
  if (limit < kParamSpace && bytes <= kParamSpace)
    message += " (PTX ISA " + ptx_name(kLargeParamsPtx) + " and newer allow " + std::to_string(kParamSpace) +
               ": --ptx-version " + std::to_string(kLargeParamsPtx) + ")";
  context.error(kernel.getLocation(), message);
}

}  // namespace

void check_kernel_signature(RuleContext& context) {
  std::map<std::string, const clang::FunctionDecl*> entries;
  for (const clang::FunctionDecl* kernel : context.kernels()) {
    const std::string name = frontend::kernel_display_name(*kernel);
    if (!kernel->getReturnType()->isVoidType()) {
      context.error(kernel->getLocation(), "kernel '" + name + "' must return void, not " +
                                               quoted_type(kernel->getReturnType()))
          << kernel->getReturnTypeSourceRange();
    }
    if (kernel->isVariadic())
      context.error(kernel->getLocation(), "kernel '" + name + "' cannot be variadic");
    for (const clang::ParmVarDecl* param : kernel->parameters()) check_param(context, *kernel, *param);
    check_param_space(context, *kernel);

    auto [it, inserted] = entries.emplace(frontend::kernel_entry_name(*kernel), kernel);
    if (!inserted) {
      context.error(kernel->getLocation(), "kernel '" + name + "' has the PTX entry name '" +
                                               it->first + "' of another kernel; rename one");
      context.note(it->second->getLocation(), "the other kernel is declared here");
    }
  }
  // An extern "C" function keeps its plain name as its PTX symbol, which a kernel's entry can
  // take too.
  for (const clang::FunctionDecl* fn : context.reachable()) {
    if (!fn->isExternC() || std::find(context.kernels().begin(), context.kernels().end(), fn) != context.kernels().end())
      continue;
    auto it = entries.find(fn->getNameAsString());
    if (it == entries.end()) continue;
    context.error(fn->getLocation(), "extern \"C\" function '" + fn->getNameAsString() +
                                         "' has the PTX name that kernel '" + frontend::kernel_display_name(*it->second) +
                                         "' takes as its entry; rename one, or drop extern \"C\"");
    context.note(it->second->getLocation(), "the kernel is declared here");
  }
}

}  // namespace simtc::checker
