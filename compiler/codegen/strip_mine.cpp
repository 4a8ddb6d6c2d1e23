// Strip-mines the loops DefaultUnrollPass unrolls by 4, so that a long trip keeps 16 loads in
// flight. A loop with one load per iteration becomes
//
//   if (trips >= 16) {                           // tested where the loop's guard held
//     for (k = 0; k != trips & ~15; ++k)         // `runs`: unrolled by 16, no remainder
//       { body(j); j += 256; }
//     if (trips % 16 != 0)
//       do { body(j); j += 256; } while (j < n); // `rest`: unrolled by 4
//   } else {
//     do { body(j); j += 256; } while (j < n);   // the loop, unrolled by 4, as before
//   }
//
// A thread striding through a long row (softmax or layer norm over 4096 columns: 16 elements
// per thread at 256 threads) then issues its loads 16 at a time, as ptxas's own unrolling of
// nvcc's `int` loops does; a short row (4 elements per thread) pays one comparison and runs the
// code it ran before. Unrolling by 16 with LLVM's runtime remainder loop instead costs a short
// row the remainder's setup in every pass: 1.3 x nvcc's time for softmax at 65536 x 1024
// (docs/performance.md). Bodies with more loads run shorter strips (see run_length).
#include <algorithm>
#include <bit>

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/ScalarEvolution.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/MDBuilder.h>
#include <llvm/IR/Operator.h>
#include <llvm/Transforms/Utils/BasicBlockUtils.h>
#include <llvm/Transforms/Utils/Cloning.h>
#include <llvm/Transforms/Utils/LoopUtils.h>
#include <llvm/Transforms/Utils/ScalarEvolutionExpander.h>
#include <llvm/Transforms/Utils/ValueMapper.h>

#include "codegen/passes.hpp"

namespace simtc::codegen::detail {
namespace {

constexpr unsigned kLoadsInFlight = 16;  // loads a thread issues together in a long run
constexpr unsigned kMinRun = 8;          // iterations per run at least
constexpr unsigned kMaxLoads = 4;        // global loads per iteration at most
constexpr unsigned kShortUnroll = 4;     // DefaultUnrollPass's count, for the rest of a trip
constexpr unsigned kSharedSpace = 3;     // NVPTX's address space of shared memory
constexpr unsigned kMaxCountBits = 32;   // widest trip count strip-mined

// Iterations per run: 16 loads in flight (16 / loads, a power of two, at least 8), counting the
// loads from global memory only: shared memory's latency needs no runs (softmax's passes over
// its cached row), and their copies cost a short row instructions. 0, no runs, for a body of
// more than 4 loads, where the copies would cost registers and with them blocks per
// multiprocessor.
unsigned run_length(const llvm::Loop& loop) {
  unsigned loads = 0;
  for (const llvm::BasicBlock* block : loop.blocks())
    for (const llvm::Instruction& inst : *block)
      if (const auto* load = llvm::dyn_cast<llvm::LoadInst>(&inst)) {
        const llvm::Value* base = llvm::getUnderlyingObject(load->getPointerOperand());
        if (const auto* cast = llvm::dyn_cast<llvm::Operator>(base);
            cast != nullptr && cast->getOpcode() == llvm::Instruction::AddrSpaceCast)
          base = cast->getOperand(0);
        if (base->getType()->getPointerAddressSpace() != kSharedSpace) ++loads;
      }
  if (loads == 0 || loads > kMaxLoads) return 0;
  return std::max(kMinRun, std::bit_floor(kLoadsInFlight / loads));
}

// The loop's single exit is its latch's, to a block outside: the shape the copy is made for.
bool strippable(llvm::Loop& loop, llvm::ScalarEvolution& scev) {
  llvm::BasicBlock* latch = loop.getLoopLatch();
  if (loop.getLoopPreheader() == nullptr || latch == nullptr || loop.getExitingBlock() != latch) return false;
  auto* branch = llvm::dyn_cast<llvm::BranchInst>(latch->getTerminator());
  if (branch == nullptr || !branch->isConditional()) return false;
  const llvm::SCEV* taken = scev.getBackedgeTakenCount(&loop);
  // A 64-bit count (a `size_t` counter) makes the test of every short trip 64-bit arithmetic:
  // softmax at 65536 x 1024 measured 1.12 x nvcc's time with it, 1.05 without.
  if (llvm::isa<llvm::SCEVCouldNotCompute>(taken) || taken->getType()->getIntegerBitWidth() > kMaxCountBits) return false;
  llvm::SCEVExpander expander(scev, "strip");
  return expander.isSafeToExpandAt(taken, loop.getLoopPreheader()->getTerminator());
}

// A copy of the loop before `before`, entered from `from`; its exits still lead where the
// loop's do, and its latch keeps the loop's metadata until the caller replaces it.
struct Copy {
  llvm::ValueToValueMapTy map;
  llvm::BasicBlock* pre = nullptr;
  llvm::BasicBlock* header = nullptr;
  llvm::BasicBlock* latch = nullptr;
  // The copy's value of `v`: its clone when the loop defines `v`, else `v`.
  llvm::Value* operator()(llvm::Value* v) {
    auto it = map.find(v);
    return it != map.end() && it->second ? static_cast<llvm::Value*>(it->second) : v;
  }
};

void copy_loop(llvm::Loop& loop, llvm::BasicBlock* before, llvm::BasicBlock* from, const char* suffix, llvm::LoopInfo& loops,
               llvm::DominatorTree& dom, Copy& copy) {
  llvm::SmallVector<llvm::BasicBlock*, 8> blocks;
  llvm::cloneLoopWithPreheader(before, from, &loop, copy.map, suffix, &loops, &dom, blocks);
  llvm::remapInstructionsInBlocks(blocks, copy.map);
  copy.pre = llvm::cast<llvm::BasicBlock>(copy.map[loop.getLoopPreheader()]);
  copy.header = llvm::cast<llvm::BasicBlock>(copy.map[loop.getHeader()]);
  copy.latch = llvm::cast<llvm::BasicBlock>(copy.map[loop.getLoopLatch()]);
}

// The phis of the loop's exit block take `copy`'s values on the edge from `block`.
void exit_from(llvm::BasicBlock* exit, llvm::BasicBlock* latch, Copy& copy, llvm::BasicBlock* block) {
  for (llvm::PHINode& phi : exit->phis()) phi.addIncoming(copy(phi.getIncomingValueForBlock(latch)), block);
}

void strip_mine(llvm::Loop& loop, unsigned run, llvm::ScalarEvolution& scev, llvm::LoopInfo& loops, llvm::DominatorTree& dom) {
  llvm::LLVMContext& ctx = loop.getHeader()->getContext();
  llvm::BasicBlock* latch = loop.getLoopLatch();
  llvm::BasicBlock* exit = loop.getExitBlock();
  llvm::formLCSSA(loop, dom, &loops, &scev);  // every use outside the loop goes through exit's phis

  // The preheader tests whether the loop runs `run` times or more (its backedge count,
  // trips - 1, is run - 1 or more). The loop itself, untouched, runs the shorter trips.
  llvm::BasicBlock* pre = loop.getLoopPreheader();
  llvm::SCEVExpander expander(scev, "strip");
  llvm::Value* taken = expander.expandCodeFor(scev.getBackedgeTakenCount(&loop), nullptr, pre->getTerminator());
  llvm::Type* type = taken->getType();
  llvm::IRBuilder<> b(pre->getTerminator());
  llvm::Value* lasting = b.CreateICmpUGE(taken, llvm::ConstantInt::get(type, run - 1), "strip.long");
  llvm::BasicBlock* join = llvm::SplitBlock(pre, pre->getTerminator(), &dom, &loops, nullptr, "strip.short");

  // Long trips: run * floor(trips / run) iterations in `runs`, unrolled by `run` with no
  // remainder (its trip count is a multiple of `run`; trips wrap to 0 only when they are 2^w,
  // a multiple too), then the rest, if any, in `rest`, unrolled by 4.
  Copy runs, rest;
  copy_loop(loop, join, pre, ".strip", loops, dom, runs);
  copy_loop(loop, join, runs.pre, ".rest", loops, dom, rest);
  pre->getTerminator()->eraseFromParent();
  // Laid out after the short trips' path, which then runs straight through.
  llvm::BranchInst::Create(runs.pre, join, lasting, pre)
      ->setMetadata(llvm::LLVMContext::MD_prof, llvm::MDBuilder(ctx).createUnlikelyBranchWeights());

  b.SetInsertPoint(runs.pre->getTerminator());
  llvm::Value* count = b.CreateAnd(b.CreateAdd(taken, llvm::ConstantInt::get(type, 1)),
                                   llvm::ConstantInt::get(type, -static_cast<int64_t>(run)), "strip.trips");
  llvm::Value* whole = b.CreateICmpEQ(b.CreateAnd(taken, llvm::ConstantInt::get(type, run - 1)),
                                      llvm::ConstantInt::get(type, run - 1), "strip.whole");
  llvm::PHINode* k = llvm::PHINode::Create(type, 2, "strip.k", runs.header->getFirstNonPHIIt());
  auto* old = llvm::cast<llvm::BranchInst>(runs.latch->getTerminator());
  b.SetInsertPoint(old);
  llvm::Value* next = b.CreateAdd(k, llvm::ConstantInt::get(type, 1), "strip.k.next");
  k->addIncoming(llvm::ConstantInt::get(type, 0), runs.pre);
  k->addIncoming(next, runs.latch);
  llvm::BasicBlock* after = llvm::BasicBlock::Create(ctx, "strip.after", pre->getParent(), join);
  auto* back = llvm::BranchInst::Create(runs.header, after, b.CreateICmpNE(next, count, "strip.more"), old->getIterator());
  back->setMetadata(llvm::LLVMContext::MD_loop, unroll_loop_id(ctx, run));
  old->eraseFromParent();
  llvm::BranchInst::Create(exit, rest.pre, whole, after);
  exit_from(exit, latch, runs, after);

  // `rest` starts where `runs` stopped, and leaves as the loop does.
  rest.pre->moveAfter(after);
  for (llvm::PHINode& phi : loop.getHeader()->phis())
    llvm::cast<llvm::PHINode>(rest(&phi))->setIncomingValueForBlock(rest.pre, runs(phi.getIncomingValueForBlock(latch)));
  exit_from(exit, latch, rest, rest.latch);
  rest.latch->getTerminator()->setMetadata(llvm::LLVMContext::MD_loop, unroll_loop_id(ctx, kShortUnroll));
}

}  // namespace

llvm::PreservedAnalyses StripMinePass::run(llvm::Function& f, llvm::FunctionAnalysisManager& fam) {
  // Headers, not loops: each copy changes the function, and the analyses are fetched anew.
  llvm::SmallVector<std::pair<llvm::BasicBlock*, unsigned>, 8> headers;
  {
    auto& loops = fam.getResult<llvm::LoopAnalysis>(f);
    auto& scev = fam.getResult<llvm::ScalarEvolutionAnalysis>(f);
    for (llvm::Loop* loop : loops.getLoopsInPreorder())
      if (default_unroll_candidate(*loop, scev) && strippable(*loop, scev))
        if (const unsigned run = run_length(*loop); run != 0) headers.push_back({loop->getHeader(), run});
  }
  if (headers.empty()) return llvm::PreservedAnalyses::all();
  for (const auto& [header, run] : headers) {
    auto& dom = fam.getResult<llvm::DominatorTreeAnalysis>(f);
    auto& loops = fam.getResult<llvm::LoopAnalysis>(f);
    auto& scev = fam.getResult<llvm::ScalarEvolutionAnalysis>(f);
    llvm::Loop* loop = loops.getLoopFor(header);
    if (loop != nullptr && loop->getHeader() == header && strippable(*loop, scev))
      strip_mine(*loop, run, scev, loops, dom);
    fam.invalidate(f, llvm::PreservedAnalyses::none());
  }
  return llvm::PreservedAnalyses::none();
}

}  // namespace simtc::codegen::detail
