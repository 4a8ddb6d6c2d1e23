// Global loads and stores under a cache policy (the IR's global.load and global.store, from
// include/simt/device/cache.hpp): one PTX instruction each, the one its policy names:
//
//   ld.global.{cs,lu,cv,nc}[.v2|.v4].<type> dst, [address];
//   st.global.{cs,wt}[.v2|.v4].<type> [address], src;
//
// LLVM 22's NVPTX backend has no intrinsic or metadata for the .cs, .lu, .cv and .wt cache
// operators (clang's __ldcs and friends are inline assembly in its CUDA headers), and it emits
// ld.global.nc only for loads it proves read-only itself, which a hint must not depend on. So
// each access is written as inline assembly with its exact text. The policies other than
// read-only keep their place among the thread's other memory accesses (a side effect and a
// memory clobber: a streaming load after the thread's own store to the same element reads
// what it stored); a read-only load reads memory that no thread of the launch writes, so it
// is left free to move and to be merged.
#include <string>
#include <vector>

#include <llvm/IR/Constants.h>
#include <llvm/IR/InlineAsm.h>

#include "codegen/lower.hpp"
#include "ir/intrinsics.hpp"

namespace simtc::codegen::detail {
namespace {

// The PTX cache operator of a policy code (cache.hpp), or null when the access cannot take it.
const char* cache_operator(std::uint64_t policy, bool load) {
  switch (policy) {
    case 1: return "cs";
    case 2: return load ? "lu" : nullptr;
    case 3: return load ? "cv" : nullptr;
    case 4: return load ? "nc" : nullptr;
    case 5: return load ? nullptr : "wt";
    default: return nullptr;
  }
}

// The PTX type suffix and the register constraint letter of an element type.
std::pair<const char*, const char*> ptx_element(llvm::Type* t) {
  if (t->isFloatTy()) return {"f32", "f"};
  if (t->isDoubleTy()) return {"f64", "d"};
  if (t->isIntegerTy(32)) return {"b32", "r"};
  return {"b64", "l"};
}

// "$first" or "{$first, ..., $first + lanes - 1}".
std::string registers(unsigned first, unsigned lanes) {
  if (lanes == 1) return "$" + std::to_string(first);
  std::string out = "{";
  for (unsigned k = 0; k < lanes; ++k) out += (k ? ", $" : "$") + std::to_string(first + k);
  return out + "}";
}

}  // namespace

llvm::Value* lower_cache_hinted(ModuleState& s, llvm::IRBuilder<>& b, const ir::Instruction& inst,
                                llvm::ArrayRef<llvm::Value*> args) {
  const bool load = inst.intrinsic_id() == ir::IntrinsicId::GlobalLoad;
  llvm::Value* policy_value = args[load ? 1 : 2];
  auto* policy = llvm::dyn_cast<llvm::ConstantInt>(policy_value);
  const char* op = policy != nullptr ? cache_operator(policy->getZExtValue(), load) : nullptr;
  if (op == nullptr) {
    s.diags.error(user_location(s.ir, inst),
                  std::string("the cache policy of '") + ir::intrinsic_name(inst.intrinsic_id()) +
                      (policy == nullptr ? "' must be a compile-time constant"
                                         : "' is not one a " + std::string(load ? "load" : "store") + " can take"));
    return load ? llvm::PoisonValue::get(s.type(inst.type())) : nullptr;
  }

  llvm::Type* value_type = load ? s.type(inst.type()) : args[1]->getType();
  auto* vector = llvm::dyn_cast<llvm::FixedVectorType>(value_type);
  const unsigned lanes = vector != nullptr ? vector->getNumElements() : 1;
  llvm::Type* element = vector != nullptr ? vector->getElementType() : value_type;
  const auto [suffix, letter] = ptx_element(element);
  const std::string shape = lanes == 1 ? "" : ".v" + std::to_string(lanes);
  llvm::Value* address = b.CreateAddrSpaceCast(args[0], llvm::PointerType::get(s.ctx, 1));
  const bool unordered = load && policy->getZExtValue() == 4;  // read-only: no ordering to keep

  std::string text = std::string(load ? "ld" : "st") + ".global." + op + shape + "." + suffix + " ";
  std::string constraints;
  std::vector<llvm::Value*> operands;
  std::vector<llvm::Type*> operand_types;
  if (load) {
    text += registers(0, lanes) + ", [$" + std::to_string(lanes) + "];";
    for (unsigned k = 0; k < lanes; ++k) constraints += std::string("=") + letter + ",";
    constraints += "l";
    operands.push_back(address);
  } else {
    text += "[$0], " + registers(1, lanes) + ";";
    constraints = "l";
    operands.push_back(address);
    for (unsigned k = 0; k < lanes; ++k) {
      constraints += std::string(",") + letter;
      operands.push_back(vector != nullptr ? b.CreateExtractElement(args[1], k) : args[1]);
    }
  }
  if (!unordered) constraints += ",~{memory}";
  for (llvm::Value* v : operands) operand_types.push_back(v->getType());

  llvm::Type* result = b.getVoidTy();
  if (load) result = lanes == 1 ? element : llvm::StructType::get(s.ctx, std::vector<llvm::Type*>(lanes, element));
  auto* fty = llvm::FunctionType::get(result, operand_types, false);
  llvm::CallInst* call = b.CreateCall(llvm::InlineAsm::get(fty, text, constraints, /*hasSideEffects=*/!unordered), operands);
  if (!load) return nullptr;
  if (lanes == 1) return call;
  llvm::Value* out = llvm::PoisonValue::get(value_type);
  for (unsigned k = 0; k < lanes; ++k) out = b.CreateInsertElement(out, b.CreateExtractValue(call, k), k);
  return out;
}

}  // namespace simtc::codegen::detail
