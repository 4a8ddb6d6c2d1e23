// simtc's own LLVM passes, added to LLVM's pipeline by optimize.cpp. Private to codegen.
#pragma once

#include <llvm/IR/PassManager.h>

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

}  // namespace simtc::codegen::detail
