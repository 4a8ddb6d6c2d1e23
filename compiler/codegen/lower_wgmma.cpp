// wgmma.mma_async and the accumulator fence as LLVM inline asm (NVPTX has no intrinsic for
// mma_async). The accumulator is the thread's N/2 floats in memory (a simt::wgmma::Accumulator
// local): each float is loaded, passed to the asm as an "=f" output tied to its input, and stored
// back, so LLVM promotes the local and the fragment lives in registers.
//   wgmma.mma_async.f16 (acc, desc a, desc b, scale_d, N, tnsp_a, tnsp_b):
//     { .reg .pred p; setp.ne.b32 p, scale_d, 0;
//       wgmma.mma_async.sync.aligned.m64nNk16.f32.f16.f16 {d0, ..., d(N/2-1)}, desc_a, desc_b, p, 1, 1, tnsp_a, tnsp_b; }
//   wgmma.mma_async.rs.bf16 (acc, <4 x i32> a, desc b, scale_d, N, tnsp_b):
//     ... .f32.bf16.bf16 {d...}, {a0, a1, a2, a3}, desc_b, p, 1, 1, tnsp_b;
//   wgmma.fence_operand (acc, count): an empty asm that redefines each float (no instruction), so
//     no use or definition of an accumulator moves across the wgmma fence or wait next to it.
// Every asm has side effects and is convergent: it stays where the program put it, in order
// with the wgmma fence, commit and wait.
#include <optional>
#include <string>
#include <vector>

#include <llvm/IR/Constants.h>
#include <llvm/IR/InlineAsm.h>
#include <llvm/Support/Error.h>

#include "codegen/lower.hpp"
#include "support/ice.hpp"

namespace simtc::codegen::detail {
namespace {

using ir::IntrinsicId;

class WgmmaLowering : IntrinsicLowering {
 public:
  WgmmaLowering(ModuleState& s, llvm::IRBuilder<>& b, const ir::Instruction& inst, llvm::ArrayRef<llvm::Value*> args)
      : IntrinsicLowering(s, b, inst, args) {}

  llvm::Value* run() {
    using I = IntrinsicId;
    if (id_ == I::WgmmaFenceOperand) {
      std::optional<std::uint64_t> count = constant(1, "float count", 1, 128);
      if (!count) return nullptr;
      fence_operand(unsigned(*count));
      return nullptr;
    }
    const bool registers_a = id_ == I::WgmmaRsF16 || id_ == I::WgmmaRsBF16;
    const bool bf16 = id_ == I::WgmmaBF16 || id_ == I::WgmmaRsBF16;
    std::optional<std::uint64_t> n = constant(4, "N", 8, 256);
    if (!n) return nullptr;
    if (*n % 8 != 0) {
      s_.diags.error(where(), "the N of wgmma.mma_async m64nNk16 must be a multiple of 8, got " + std::to_string(*n));
      return nullptr;
    }
    std::optional<std::uint64_t> tnsp_a = registers_a ? std::optional<std::uint64_t>(0) : constant(5, "tnsp_a", 0, 1);
    std::optional<std::uint64_t> tnsp_b = constant(registers_a ? 5 : 6, "tnsp_b", 0, 1);
    if (!tnsp_a || !tnsp_b) return nullptr;

    const unsigned count = unsigned(*n / 2);
    const char* type = bf16 ? "bf16" : "f16";
    // Operands: the accumulators' outputs $0 .. $(count-1), then the A operand (a descriptor,
    // or four registers), the B descriptor, scale_d as an i32, then the accumulators' inputs.
    std::vector<llvm::Value*> inputs;
    std::string a_operand;
    unsigned next = count;
    if (registers_a) {
      a_operand = "{";
      for (unsigned i = 0; i < 4; ++i) {
        inputs.push_back(b_.CreateExtractElement(args_[1], b_.getInt32(i)));
        a_operand += (i ? ", $" : "$") + std::to_string(next++);
      }
      a_operand += "}";
    } else {
      inputs.push_back(args_[1]);
      a_operand = "$" + std::to_string(next++);
    }
    const std::string b_operand = "$" + std::to_string(next++);
    inputs.push_back(args_[2]);
    const std::string scale_operand = "$" + std::to_string(next++);
    inputs.push_back(b_.CreateZExt(args_[3], b_.getInt32Ty()));

    std::string text = "{\n.reg .pred p;\nsetp.ne.b32 p, " + scale_operand + ", 0;\n";
    text += "wgmma.mma_async.sync.aligned.m64n" + std::to_string(*n) + "k16.f32." + type + "." + type + " {";
    for (unsigned i = 0; i < count; ++i) text += (i ? ", $" : "$") + std::to_string(i);
    text += "}, " + a_operand + ", " + b_operand + ", p, 1, 1, ";
    if (!registers_a) text += std::to_string(*tnsp_a) + ", ";
    text += std::to_string(*tnsp_b) + ";\n}";
    std::string constraints;
    for (unsigned i = 0; i < count; ++i) constraints += "=f,";
    constraints += registers_a ? "r,r,r,r,l,r" : "l,l,r";
    accumulate(text, constraints, count, inputs);
    return nullptr;
  }

 private:
  SourceLoc where() { return user_location(s_.ir, inst_); }

  // An asm over the `count` floats at args_[0]: outputs $0 .. $(count-1), `inputs`, then the
  // floats' current values tied to the outputs; the results are stored back.
  void accumulate(const std::string& text, std::string constraints, unsigned count, std::vector<llvm::Value*> inputs) {
    llvm::Type* f32 = b_.getFloatTy();
    std::vector<llvm::Value*> slots;
    for (unsigned i = 0; i < count; ++i) {
      slots.push_back(b_.CreateConstInBoundsGEP1_32(f32, args_[0], i));
      inputs.push_back(b_.CreateAlignedLoad(f32, slots.back(), llvm::Align(4)));
      constraints += "," + std::to_string(i);
    }
    std::vector<llvm::Type*> input_types;
    for (llvm::Value* v : inputs) input_types.push_back(v->getType());
    llvm::Type* result = count == 1 ? f32 : llvm::StructType::get(s_.ctx, std::vector<llvm::Type*>(count, f32));
    auto* fn_type = llvm::FunctionType::get(result, input_types, false);
    if (llvm::Error e = llvm::InlineAsm::verify(fn_type, constraints))
      SIMTC_ICE("wgmma inline asm constraints: " + llvm::toString(std::move(e)));
    auto* asm_value = llvm::InlineAsm::get(fn_type, text, constraints, /*hasSideEffects=*/true);
    llvm::CallInst* call = b_.CreateCall(fn_type, asm_value, inputs);
    call->addFnAttr(llvm::Attribute::Convergent);
    for (unsigned i = 0; i < count; ++i) {
      llvm::Value* v = count == 1 ? call : b_.CreateExtractValue(call, i);
      b_.CreateAlignedStore(v, slots[i], llvm::Align(4));
    }
  }

  void fence_operand(unsigned count) {
    std::string constraints;
    for (unsigned i = 0; i < count; ++i) constraints += (i ? ",=f" : "=f");
    accumulate("", constraints, count, {});
  }
};

}  // namespace

llvm::Value* lower_wgmma(ModuleState& s, llvm::IRBuilder<>& b, const ir::Instruction& inst,
                         llvm::ArrayRef<llvm::Value*> args) {
  return WgmmaLowering(s, b, inst, args).run();
}

}  // namespace simtc::codegen::detail
