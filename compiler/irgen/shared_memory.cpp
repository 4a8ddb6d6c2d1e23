// Shared memory: a block-wide variable is a module-scope Global in the shared address space
// (one copy per thread block, as PTX's .shared), not a per-thread alloca.
#include "irgen/shared_memory.hpp"

#include <set>
#include <unordered_set>

#include <clang/AST/Attr.h>
#include <clang/AST/DeclCXX.h>

#include "irgen/function_gen.hpp"

namespace simtc::irgen {
namespace {

constexpr const char* kSharedStorage = "simt.shared_storage";
constexpr const char* kDynamicShared = "simt.dynamic_shared_base";  // not the contract's "simt.dynamic_shared"
// PTX gives dynamic shared memory 16-byte alignment; so do we (float4 and cp.async chunks).
// The symbol is external in PTX, so it must be a valid PTX identifier as it stands (no dots).
constexpr unsigned kDynamicSharedAlign = 16;

bool annotated(const clang::Decl* decl, const char* note) {
  for (const auto* attr : decl->specific_attrs<clang::AnnotateAttr>())
    if (attr->getAnnotation() == note) return true;
  return false;
}

bool is_shared_storage(clang::QualType type) {
  const auto* record = type.getCanonicalType()->getAsCXXRecordDecl();
  return record != nullptr && annotated(record, kSharedStorage);
}

// A member or array element of shared-storage type somewhere inside `type` (which would be
// per-thread memory if the enclosing object were an ordinary local).
bool contains_shared_storage(clang::ASTContext& ast, clang::QualType type) {
  type = type.getCanonicalType();
  while (const auto* array = ast.getAsConstantArrayType(type)) type = array->getElementType().getCanonicalType();
  if (is_shared_storage(type)) return true;
  const auto* record = type->getAsCXXRecordDecl();
  if (record == nullptr || !record->hasDefinition()) return false;
  for (const clang::FieldDecl* field : record->fields())
    if (contains_shared_storage(ast, field->getType())) return true;
  return false;
}

std::string unique_symbol(ir::Module& module, const std::string& base) {
  std::string symbol = base;
  for (unsigned n = 1; module.find_global(symbol) != nullptr || module.find_function(symbol) != nullptr; ++n)
    symbol = base + "." + std::to_string(n);
  return symbol;
}

}  // namespace

ir::Value* shared_local_address(FunctionGen& gen, const clang::VarDecl* var) {
  IrgenContext& cx = gen.cx();
  clang::QualType type = var->getType();
  if (type->isReferenceType()) return nullptr;  // a reference to shared memory is an ordinary local
  if (!is_shared_storage(type)) {
    if (contains_shared_storage(cx.ast(), type))
      cx.error(var->getLocation(), "shared memory must be declared on its own: '" + var->getNameAsString() +
                                       "' holds a shared-memory object inside a " +
                                       (type->isArrayType() ? "array" : "struct") +
                                       ", which would be private to each thread");
    return nullptr;
  }
  auto it = cx.shared_globals.find(var);
  ir::Global* global = it != cx.shared_globals.end() ? it->second : nullptr;
  if (global == nullptr) {
    std::uint64_t size = cx.size_of(type);
    global = cx.module().create_global(unique_symbol(cx.module(), "shared." + var->getNameAsString()),
                                       ir::AddrSpace::Shared, size == 0 ? 1 : size, cx.align_of(type));
    global->set_loc(cx.loc(var->getLocation()));
    cx.shared_globals[var] = global;
  }
  // Kernel code works on generic pointers (irgen's convention); NVPTX's address-space
  // inference turns the accesses back into ld/st.shared.
  return gen.b().cast(ir::Opcode::AddrSpaceCast, global, ir::Type::ptr());
}

ir::Value* dynamic_shared_address(FunctionGen& gen, const clang::FunctionDecl* callee,
                                  const clang::Expr* call) {
  if (!annotated(callee, kDynamicShared)) return nullptr;
  IrgenContext& cx = gen.cx();
  if (cx.dynamic_shared == nullptr) {
    cx.dynamic_shared = cx.module().create_global(unique_symbol(cx.module(), "simt_dynamic_shared"),
                                                  ir::AddrSpace::Shared, 0, kDynamicSharedAlign);
    cx.dynamic_shared->set_extern(true);
  }
  gen.set_loc(call->getExprLoc());
  return gen.b().cast(ir::Opcode::AddrSpaceCast, cx.dynamic_shared, ir::Type::ptr());
}

namespace {

// Shared memory a thread block can have on the largest target (227 KiB with the opt-in, sm_90
// and sm_100). Codegen checks the target's own limit, and moves the variables of a kernel with
// more than the 48 KiB of static shared memory PTX allows into dynamic shared memory
// (codegen/shared_layout.cpp).
constexpr std::uint64_t kStaticSharedLimit = 227 * 1024;

}  // namespace

void check_static_shared(IrgenContext& cx) {
  std::map<const ir::Global*, const clang::VarDecl*> declared;
  for (const auto& [var, global] : cx.shared_globals) declared[global] = var;
  std::set<const ir::Global*> reported;
  for (const ir::Function* fn : cx.module().functions()) {
    if (!fn->is_kernel()) continue;
    std::uint64_t total = 0;
    for (const ir::Global* g : ir::shared_globals_reached(cx.module(), *fn, nullptr)) {  // in declaration order
      total = (total + g->align() - 1) / g->align() * g->align() + g->size();
      if (total <= kStaticSharedLimit) continue;
      auto var = declared.find(g);
      if (var != declared.end() && reported.insert(g).second) {
        const std::string name = "'" + var->second->getNameAsString() + "'";
        const std::string limit = std::to_string(kStaticSharedLimit);
        cx.error(var->second->getLocation(),
                 g->size() > kStaticSharedLimit
                     ? "shared-memory variable " + name + " takes " + std::to_string(g->size()) + " bytes, more than the " +
                           limit + " bytes of shared memory a thread block can have on any GPU"
                     : "kernel '" + fn->signature().cpp_name + "' has " + std::to_string(total) +
                           " bytes of shared memory with " + name + ", more than the " + limit +
                           " bytes a thread block can have on any GPU");
      }
      break;  // one error per kernel
    }
  }
}

}  // namespace simtc::irgen
