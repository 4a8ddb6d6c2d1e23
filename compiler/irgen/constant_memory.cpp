// Constant memory the host fills: a namespace-scope simt::Constant<T, N> is a Global in the
// constant address space with no initializer, exported (PTX `.visible .const`) under the
// variable's mangled name, as nvcc names a __constant__ variable, so that the host finds it with
// cuModuleGetGlobal. The module's list of them (ir::Module::HostConstant) gives the generated
// header its typed upload methods. Kernel code reads it through a generic pointer, as the
// constexpr tables; NVPTX's address-space inference turns the loads into ld.const.
#include <clang/AST/DeclCXX.h>
#include <clang/AST/DeclTemplate.h>

#include "frontend/param_kinds.hpp"
#include "irgen/abi.hpp"
#include "irgen/context.hpp"
#include "irgen/host_names.hpp"

namespace simtc::irgen {
namespace {

// What the GPU gives the constant memory of one module (CUDA's __constant__ limit; ptxas and
// the driver refuse more).
constexpr std::uint64_t kConstantMemoryLimit = 64 * 1024;

// "::filters::coeffs" when host code can name the variable; empty in an anonymous namespace
// (another translation unit cannot declare it).
std::string host_variable_name(const clang::VarDecl* var) {
  if (var->isInAnonymousNamespace() || !var->hasExternalFormalLinkage()) return "";
  return "::" + var->getQualifiedNameAsString();
}

}  // namespace

ir::Global* IrgenContext::host_constant(const clang::VarDecl* var) {
  var = var->getCanonicalDecl();
  if (auto it = globals_.find(var); it != globals_.end()) return it->second;
  const auto* spec =
      llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(var->getType().getCanonicalType()->getAsCXXRecordDecl());
  const clang::TemplateArgumentList& args = spec->getTemplateArgs();
  clang::QualType element = args[0].getAsType();
  frontend::ParamClass cls = frontend::classify_param(ast_, element);
  if (cls.kind != frontend::ParamKind::Scalar && cls.kind != frontend::ParamKind::Struct) {
    error(var->getLocation(),
          "simt::Constant '" + var->getNameAsString() + "' holds elements of type '" + element.getAsString() +
              "': constant memory holds what a kernel parameter can be, scalars and structs of scalars" +
              (cls.reason.empty() ? "" : " (" + cls.reason + ")"),
          kGlobalVariableRule);
    globals_[var] = nullptr;
    return nullptr;
  }

  std::string symbol;
  llvm::raw_string_ostream os(symbol);
  if (mangler_->shouldMangleDeclName(var))
    mangler_->mangleName(clang::GlobalDecl(var), os);
  else
    os << var->getName();
  if (module_->find_global(symbol) != nullptr || module_->find_function(symbol) != nullptr) {
    error(var->getLocation(), "the constant-memory symbol '" + symbol + "' of '" + var->getNameAsString() +
                                  "' clashes with another symbol of the module", kGlobalVariableRule);
    globals_[var] = nullptr;
    return nullptr;
  }
  ir::Global* global = module_->create_global(symbol, ir::AddrSpace::Const, size_of(var->getType()),
                                              align_of(var->getType()));
  global->set_visible(true);
  global->set_loc(loc(var->getLocation()));
  globals_[var] = global;

  ir::Module::HostConstant c;
  c.symbol = symbol;
  c.cpp_name = var->getQualifiedNameAsString();
  c.host_name = host_variable_name(var);
  c.count = args[1].getAsIntegral().getZExtValue();
  c.bytes = global->size();
  c.element.name = var->getNameAsString();
  c.element.host_type = host_spelling(ast_, element);
  if (cls.kind == frontend::ParamKind::Struct) {
    c.element.kind = ir::KernelParam::Kind::Struct;
    host_record(ast_, element->getAsRecordDecl(), c.element);
  }
  c.element.declared_type = host_declared_type(ast_, element).value_or("");
  module_->add_host_constant(std::move(c));
  return global;
}

void IrgenContext::check_constant_memory() {
  std::uint64_t total = 0;
  for (const ir::Global* g : module_->globals()) {  // in the order they were created
    if (g->addr_space() != ir::AddrSpace::Const) continue;
    total = (total + g->align() - 1) / g->align() * g->align() + g->size();
  }
  if (total <= kConstantMemoryLimit) return;
  // Reported at the largest variable: the one to shrink or move to a Slice.
  const clang::VarDecl* largest = nullptr;
  for (const auto& [var, global] : globals_)
    if (global != nullptr && (largest == nullptr || global->size() > globals_[largest]->size())) largest = var;
  if (largest == nullptr) return;  // only format strings: ptxas reports it
  error(largest->getLocation(),
        "the module's constant memory takes " + std::to_string(total) + " bytes (" +
            std::to_string(globals_[largest]->size()) + " of them '" + largest->getNameAsString() +
            "'), more than the " + std::to_string(kConstantMemoryLimit) +
            " bytes the GPU gives a module: pass large tables as a simt::Slice<const T>",
        kGlobalVariableRule);
}

}  // namespace simtc::irgen
