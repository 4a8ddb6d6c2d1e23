// Inline PTX: the IR's inline_asm (irgen/inline_asm.cpp made its template and constraints in
// LLVM's syntax) as one call of an llvm::InlineAsm. Its outputs come back as the call's value
// (a struct when there are several) and are stored to the output addresses, so LLVM promotes
// the locals they name. What LLVM would assert on is reported here instead, at the asm
// statement: a constraint string it does not accept, or an "n" input that is not a constant.
#include <string>
#include <vector>

#include <llvm/ADT/SmallVector.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/InlineAsm.h>
#include <llvm/Support/Error.h>

#include "codegen/lower.hpp"

namespace simtc::codegen::detail {
namespace {

// The register type of an output constraint ("=r" -> i32).
llvm::Type* output_type(llvm::LLVMContext& ctx, llvm::StringRef constraint) {
  switch (constraint.back()) {
    case 'r': return llvm::Type::getInt32Ty(ctx);
    case 'l': return llvm::Type::getInt64Ty(ctx);
    case 'h': return llvm::Type::getInt16Ty(ctx);
    case 'f': return llvm::Type::getFloatTy(ctx);
    case 'd': return llvm::Type::getDoubleTy(ctx);
    default: return nullptr;
  }
}

}  // namespace

void lower_inline_asm(ModuleState& s, llvm::IRBuilder<>& b, const ir::Instruction& inst,
                      llvm::ArrayRef<llvm::Value*> operands) {
  const SourceLoc where = user_location(s.ir, inst);
  llvm::SmallVector<llvm::StringRef, 8> constraints;
  llvm::StringRef(inst.asm_constraints()).split(constraints, ',', -1, false);
  const unsigned outputs = inst.asm_outputs();
  std::vector<llvm::Type*> result_types, input_types;
  std::vector<llvm::Value*> inputs;
  for (unsigned i = 0; i < constraints.size() && i < operands.size(); ++i) {
    if (i < outputs) {
      llvm::Type* t = constraints[i].starts_with("=") ? output_type(s.ctx, constraints[i]) : nullptr;
      if (t == nullptr) {
        s.diags.error(where, "inline assembly: output " + std::to_string(i) + " has the constraint '" +
                                 constraints[i].str() + "', not one of =r, =l, =h, =f, =d");
        return;
      }
      result_types.push_back(t);
      continue;
    }
    if (constraints[i] == "n" && !llvm::isa<llvm::ConstantInt>(operands[i])) {
      s.diags.error(where, "inline assembly: the input of constraint 'n' must be an integer constant");
      return;
    }
    inputs.push_back(operands[i]);
    input_types.push_back(operands[i]->getType());
  }
  llvm::Type* result = result_types.empty()       ? b.getVoidTy()
                       : result_types.size() == 1 ? result_types[0]
                                                  : llvm::StructType::get(s.ctx, result_types);
  auto* fty = llvm::FunctionType::get(result, input_types, false);
  if (llvm::Error e = llvm::InlineAsm::verify(fty, inst.asm_constraints())) {
    s.diags.error(where, "inline assembly: LLVM does not accept the constraints '" + inst.asm_constraints() +
                             "': " + llvm::toString(std::move(e)));
    return;
  }
  const bool side_effects = (inst.flags() & ir::Volatile) != 0;
  llvm::CallInst* call = b.CreateCall(llvm::InlineAsm::get(fty, inst.asm_text(), inst.asm_constraints(), side_effects), inputs);
  for (unsigned i = 0; i < outputs; ++i) {
    llvm::Value* v = result_types.size() == 1 ? static_cast<llvm::Value*>(call) : b.CreateExtractValue(call, i);
    b.CreateStore(v, operands[i]);
  }
}

}  // namespace simtc::codegen::detail
