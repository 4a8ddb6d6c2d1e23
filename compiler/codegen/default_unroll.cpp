// Unrolls small loops whose trip count is known only at run time by 4, as nvcc does by
// default. GPU loops such as `for (j = t; j < n; j += block)` do one load per iteration;
// unrolled, a thread has four independent loads in flight instead of one. LLVM's NVPTX cost
// model leaves such loops alone, so this pass gives them the unroll count a user would write
// with `#pragma unroll 4`. Loops with a user's hint, constant trip counts (LLVM unrolls those
// fully on its own), calls, barriers or other convergent operations are left as they are.
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/IR/Instructions.h>

#include <llvm/Transforms/Utils/LoopUtils.h>

#include "codegen/passes.hpp"

namespace simtc::codegen::detail {
namespace {

constexpr unsigned kUnrollCount = 4;
constexpr unsigned kMaxLoopInstructions = 60;

bool has_unroll_hint(const llvm::Loop& loop) {
  for (const char* name : {"llvm.loop.unroll.disable", "llvm.loop.unroll.count", "llvm.loop.unroll.full",
                           "llvm.loop.unroll.enable", "llvm.loop.unroll.runtime.disable"})
    if (llvm::findStringMetadataForLoop(&loop, name)) return true;
  return false;
}

bool worth_unrolling(const llvm::Loop& loop) {
  unsigned count = 0;
  bool loads = false;
  for (const llvm::BasicBlock* block : loop.blocks()) {
    for (const llvm::Instruction& inst : *block) {
      if (++count > kMaxLoopInstructions) return false;
      if (const auto* call = llvm::dyn_cast<llvm::CallBase>(&inst)) {
        if (call->isConvergent()) return false;
        if (!call->getCalledFunction() || !call->getCalledFunction()->isIntrinsic()) return false;
      }
      if (llvm::isa<llvm::LoadInst>(inst)) loads = true;
    }
  }
  return loads;
}

}  // namespace

bool default_unroll_candidate(const llvm::Loop& loop, llvm::ScalarEvolution& scev) {
  llvm::BasicBlock* latch = loop.getLoopLatch();
  if (!loop.isInnermost() || has_unroll_hint(loop) || latch == nullptr || !loop.isLoopExiting(latch)) return false;
  // The latch's exit decides the trip count; the other exits are bounds checks that trap.
  if (scev.getSmallConstantTripCount(&loop, latch) != 0) return false;  // LLVM decides those itself
  if (llvm::isa<llvm::SCEVCouldNotCompute>(scev.getExitCount(&loop, latch))) return false;
  return worth_unrolling(loop);
}

llvm::PreservedAnalyses DefaultUnrollPass::run(llvm::Function& f, llvm::FunctionAnalysisManager& fam) {
  auto& loops = fam.getResult<llvm::LoopAnalysis>(f);
  auto& scev = fam.getResult<llvm::ScalarEvolutionAnalysis>(f);
  bool changed = false;
  for (llvm::Loop* loop : loops.getLoopsInPreorder()) {
    if (!default_unroll_candidate(*loop, scev)) continue;
    llvm::addStringMetadataToLoop(loop, "llvm.loop.unroll.count", kUnrollCount);
    changed = true;
  }
  // Loop metadata is not an analysis: everything stays valid.
  (void)changed;
  return llvm::PreservedAnalyses::all();
}

}  // namespace simtc::codegen::detail
