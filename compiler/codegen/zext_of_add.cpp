// `zext(x +nuw C)` -> `zext(x) + C` in the wider type, after LLVM's unroller. A loop counter
// in 32 bits (`for (uint32_t j = t; j < cols; j += 256)` under a requirement that keeps
// `j + 256` from wrapping) indexes 64-bit addresses through a zero extension; unrolled, each
// copy's address is then `base + zext(j + 256 * k)`, one 64-bit sum per access, where nvcc's
// `int` counter gives one pointer and constant offsets. Without unsigned wrap the two forms are
// equal, and the wide sum lets NVPTX's address folding take the constant into the access.
#include <llvm/IR/Constants.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>

#include "codegen/passes.hpp"

namespace simtc::codegen::detail {

llvm::PreservedAnalyses ZextOfAddPass::run(llvm::Function& f, llvm::FunctionAnalysisManager&) {
  llvm::SmallVector<llvm::ZExtInst*> work;
  for (llvm::BasicBlock& block : f)
    for (llvm::Instruction& inst : block)
      if (auto* zext = llvm::dyn_cast<llvm::ZExtInst>(&inst))
        if (auto* add = llvm::dyn_cast<llvm::BinaryOperator>(zext->getOperand(0));
            add != nullptr && add->getOpcode() == llvm::Instruction::Add && add->hasNoUnsignedWrap() &&
            llvm::isa<llvm::ConstantInt>(add->getOperand(1)))
          work.push_back(zext);
  for (llvm::ZExtInst* zext : work) {
    auto* add = llvm::cast<llvm::BinaryOperator>(zext->getOperand(0));
    llvm::IRBuilder<> b(zext);
    llvm::Value* wide = b.CreateZExt(add->getOperand(0), zext->getType());
    llvm::Value* c = b.CreateZExt(add->getOperand(1), zext->getType());
    // Both operands are below 2^w in a type of more than w bits: the sum wraps neither way.
    llvm::Value* sum = b.CreateAdd(wide, c, zext->getName(), /*HasNUW=*/true, /*HasNSW=*/true);
    zext->replaceAllUsesWith(sum);
    zext->eraseFromParent();
  }
  return work.empty() ? llvm::PreservedAnalyses::all() : llvm::PreservedAnalyses::none();
}

}  // namespace simtc::codegen::detail
