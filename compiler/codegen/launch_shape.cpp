// Specializes kernels to their declared block shape. A kernel whose contract fixes the block
// (nvvm.reqntid) reads blockDim as constants and knows threadIdx's range; one with a bound
// (nvvm.maxntid, which limits the block's total thread count, not each dimension) knows that
// no dimension exceeds that total. LLVM's own NVVMIntrRange runs before inlining and
// sees only the kernel's own calls, so this runs again after inlining, where the header's
// index functions have been inlined into the kernel.
#include <array>
#include <optional>

#include <llvm/ADT/StringExtras.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/IntrinsicsNVPTX.h>
#include <llvm/IR/MDBuilder.h>

#include "codegen/passes.hpp"

namespace simtc::codegen::detail {
namespace {

std::optional<std::array<std::uint64_t, 3>> shape_attribute(const llvm::Function& f, const char* name) {
  if (!f.hasFnAttribute(name)) return std::nullopt;
  llvm::SmallVector<llvm::StringRef, 3> parts;
  llvm::StringRef(f.getFnAttribute(name).getValueAsString()).split(parts, ',');
  std::array<std::uint64_t, 3> out{1, 1, 1};
  for (unsigned i = 0; i < parts.size() && i < 3; ++i)
    if (parts[i].trim().getAsInteger(10, out[i])) return std::nullopt;
  return out;
}

int dimension(llvm::Intrinsic::ID id, llvm::Intrinsic::ID x, llvm::Intrinsic::ID y, llvm::Intrinsic::ID z) {
  if (id == x) return 0;
  if (id == y) return 1;
  if (id == z) return 2;
  return -1;
}

}  // namespace

llvm::PreservedAnalyses LaunchShapePass::run(llvm::Function& f, llvm::FunctionAnalysisManager&) {
  auto exact = shape_attribute(f, "nvvm.reqntid");
  auto bound = exact;
  if (!exact) {
    auto max = shape_attribute(f, "nvvm.maxntid");
    if (!max) return llvm::PreservedAnalyses::all();
    std::uint64_t total = (*max)[0] * (*max)[1] * (*max)[2];
    bound = std::array<std::uint64_t, 3>{total, total, total};
  }
  namespace I = llvm::Intrinsic;
  llvm::MDBuilder md(f.getContext());
  llvm::SmallVector<llvm::Instruction*, 8> dead;
  bool changed = false;
  for (llvm::Instruction& inst : llvm::instructions(f)) {
    auto* call = llvm::dyn_cast<llvm::IntrinsicInst>(&inst);
    if (call == nullptr) continue;
    llvm::Intrinsic::ID id = call->getIntrinsicID();
    auto* type = llvm::cast<llvm::IntegerType>(call->getType()->isIntegerTy() ? call->getType()
                                                                              : llvm::Type::getInt32Ty(f.getContext()));
    if (int d = dimension(id, I::nvvm_read_ptx_sreg_ntid_x, I::nvvm_read_ptx_sreg_ntid_y,
                          I::nvvm_read_ptx_sreg_ntid_z);
        d >= 0) {
      if (exact) {
        call->replaceAllUsesWith(llvm::ConstantInt::get(type, (*exact)[d]));
        dead.push_back(call);
      } else {
        call->setMetadata(llvm::LLVMContext::MD_range,
                          md.createRange(llvm::APInt(32, 1), llvm::APInt(32, (*bound)[d] + 1)));
      }
      changed = true;
    } else if (int d = dimension(id, I::nvvm_read_ptx_sreg_tid_x, I::nvvm_read_ptx_sreg_tid_y,
                                 I::nvvm_read_ptx_sreg_tid_z);
               d >= 0) {
      call->setMetadata(llvm::LLVMContext::MD_range,
                        md.createRange(llvm::APInt(32, 0), llvm::APInt(32, (*bound)[d])));
      changed = true;
    }
  }
  for (llvm::Instruction* inst : dead) inst->eraseFromParent();
  return changed ? llvm::PreservedAnalyses::none() : llvm::PreservedAnalyses::all();
}

}  // namespace simtc::codegen::detail
