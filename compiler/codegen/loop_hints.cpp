// Loop unrolling hints (`#pragma unroll`) -> LLVM loop metadata on the lowered back edges.
//
// The IR carries a hint on a loop's back-edge branch (ir::Instruction::loop_unroll). LLVM
// reads !llvm.loop from the latches, and only when every latch of a loop names the same
// node, so the node is made once per loop header (the successor that dominates the branch).
#include "codegen/lower.hpp"

#include <llvm/IR/Constants.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Metadata.h>

#include "codegen/passes.hpp"
#include "ir/dominators.hpp"

namespace simtc::codegen::detail {

llvm::MDNode* unroll_loop_id(llvm::LLVMContext& ctx, std::uint32_t hint) {
  llvm::Metadata* option = nullptr;
  if (hint == ir::kUnrollFull) {
    option = llvm::MDNode::get(ctx, llvm::MDString::get(ctx, "llvm.loop.unroll.full"));
  } else if (hint == ir::kUnrollDisable) {
    option = llvm::MDNode::get(ctx, llvm::MDString::get(ctx, "llvm.loop.unroll.disable"));
  } else {
    llvm::Metadata* count = llvm::ConstantAsMetadata::get(
        llvm::ConstantInt::get(llvm::Type::getInt32Ty(ctx), hint));
    option = llvm::MDNode::get(ctx, {llvm::MDString::get(ctx, "llvm.loop.unroll.count"), count});
  }
  // A loop ID is a distinct node whose first operand is itself.
  llvm::MDNode* id = llvm::MDNode::getDistinct(ctx, {nullptr, option});
  id->replaceOperandWith(0, id);
  return id;
}

void attach_loop_hints(const ir::Function& fn,
                       const std::unordered_map<const ir::Block*, llvm::BasicBlock*>& blocks) {
  bool any = false;
  for (const ir::Block* b : fn.blocks())
    if (const ir::Instruction* t = b->terminator(); t != nullptr && t->loop_unroll() != ir::kUnrollNone)
      any = true;
  if (!any) return;
  ir::DominatorTree dom(fn);
  std::unordered_map<const ir::Block*, llvm::MDNode*> ids;  // per loop header
  for (const ir::Block* b : fn.blocks()) {
    const ir::Instruction* term = b->terminator();
    if (term == nullptr || term->loop_unroll() == ir::kUnrollNone || !dom.reachable(b)) continue;
    for (const ir::Block* header : term->blocks()) {
      if (!dom.dominates(header, b)) continue;  // not a back edge
      llvm::MDNode*& id = ids[header];
      if (id == nullptr) id = unroll_loop_id(blocks.at(b)->getContext(), term->loop_unroll());
      blocks.at(b)->getTerminator()->setMetadata(llvm::LLVMContext::MD_loop, id);
      break;
    }
  }
}

}  // namespace simtc::codegen::detail
