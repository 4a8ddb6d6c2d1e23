// simtc's own LLVM passes, added to LLVM's pipeline by optimize.cpp. Private to codegen.
#pragma once

#include <llvm/IR/PassManager.h>

#include <cstdint>

namespace llvm {
class LLVMContext;
class Loop;
class MDNode;
class ScalarEvolution;
}  // namespace llvm

namespace simtc::codegen::detail {

/// After inlining: kernels with a fixed block shape (nvvm.reqntid) get blockDim as constants,
/// and threadIdx (and, under nvvm.maxntid, blockDim) gets its range. One file, one pass:
/// launch_shape.cpp.
struct LaunchShapePass : llvm::PassInfoMixin<LaunchShapePass> {
  llvm::PreservedAnalyses run(llvm::Function& f, llvm::FunctionAnalysisManager& fam);
};

/// After inlining: unsigned comparisons of kernels proven from the contract's requirements
/// (llvm.assume at the entry), the dominating branch conditions and value ranges, through
/// products such as a 2-D index's `r * cols + c`, become constants. prove_bounds.cpp.
struct ProveBoundsPass : llvm::PassInfoMixin<ProveBoundsPass> {
  llvm::PreservedAnalyses run(llvm::Function& f, llvm::FunctionAnalysisManager& fam);
};

/// After inlining: `ptrtoint(p) & (2^j - 1)` (an alignment test) becomes 0 where p is a
/// pointer parameter, a global or an offset from one, through address-space casts, whose
/// alignment and offset prove it. LLVM's known bits stop at an addrspacecast; on NVPTX a
/// generic address is the state space's window base (aligned far beyond any access) plus the
/// address in the space, so the low bits carry over. address_alignment.cpp.
struct AddressAlignmentPass : llvm::PassInfoMixin<AddressAlignmentPass> {
  llvm::PreservedAnalyses run(llvm::Function& f, llvm::FunctionAnalysisManager& fam);
};

/// Before LLVM's loop unroller: small innermost loops with a run-time trip count get unroll
/// count 4 (nvcc's default). default_unroll.cpp.
struct DefaultUnrollPass : llvm::PassInfoMixin<DefaultUnrollPass> {
  llvm::PreservedAnalyses run(llvm::Function& f, llvm::FunctionAnalysisManager& fam);
};

/// A loop ID (!llvm.loop) that asks LLVM's unroller for `hint`: a count, or ir::kUnrollFull /
/// ir::kUnrollDisable. loop_hints.cpp, for `#pragma unroll` and strip_mine.cpp's copies.
llvm::MDNode* unroll_loop_id(llvm::LLVMContext& ctx, std::uint32_t hint);

/// Whether DefaultUnrollPass unrolls `loop`: innermost, no unroll hint, a trip count known only
/// at run time, and a small body with loads and no convergent calls.
bool default_unroll_candidate(const llvm::Loop& loop, llvm::ScalarEvolution& scev);

/// Before DefaultUnrollPass: its loops run their iterations 16 at a time, in a copy unrolled
/// by 16 with no remainder, before the loop itself takes the last 1 to 16. strip_mine.cpp.
struct StripMinePass : llvm::PassInfoMixin<StripMinePass> {
  llvm::PreservedAnalyses run(llvm::Function& f, llvm::FunctionAnalysisManager& fam);
};

/// After LLVM's unroller: `zext(x +nuw C)` becomes `zext(x) + C`, so that the unrolled copies
/// of a 32-bit loop counter's accesses share one address. zext_of_add.cpp.
struct ZextOfAddPass : llvm::PassInfoMixin<ZextOfAddPass> {
  llvm::PreservedAnalyses run(llvm::Function& f, llvm::FunctionAnalysisManager& fam);
};

}  // namespace simtc::codegen::detail
