// The launch contract's requirements as facts of the kernel's code. The checked launcher
// evaluates every `[[simt::requires("...")]]` relation on the host, in 64-bit arithmetic that
// rejects the launch on any overflow or negative difference, before the kernel runs. The
// kernel may therefore assume each relation, with every step of both sides free of unsigned
// wrap: llvm.assume at the entry, where prove_bounds.cpp and LLVM's own passes use it to
// prove bounds checks (docs/performance.md, "Checks the compiler proves"). An `_unchecked`
// launch that breaks a requirement is outside the contract (docs/safety-model.md).
#include <vector>

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Intrinsics.h>

#include "codegen/lower.hpp"

namespace simtc::codegen::detail {
namespace {

// The IR parameter that holds an operand: a scalar, a slice's size or its row width.
llvm::Value* operand_value(const ir::KernelSignature& sig, const ir::KernelContract::Operand& op, llvm::Function& f,
                           llvm::IRBuilder<>& b) {
  for (const ir::KernelParam& p : sig.params) {
    if (p.name != op.param) continue;
    unsigned index = p.first_ir_param;
    switch (op.what) {
      case ir::KernelContract::Operand::What::Value:
        if (p.kind != ir::KernelParam::Kind::Scalar) return nullptr;
        break;
      case ir::KernelContract::Operand::What::Size:
        if (p.ir_param_count < 2) return nullptr;
        index += 1;
        break;
      case ir::KernelContract::Operand::What::RowWidth:
        if (!p.has_row_width) return nullptr;
        index += 2;
        break;
    }
    if (index >= f.arg_size() || !f.getArg(index)->getType()->isIntegerTy() ||
        f.getArg(index)->getType()->getIntegerBitWidth() > 64)
      return nullptr;
    return b.CreateZExt(f.getArg(index), b.getInt64Ty());
  }
  return nullptr;
}

// One side of a requirement in postfix order; nullptr when an operand is not found.
llvm::Value* side(const std::vector<ir::KernelContract::Term>& terms, const std::vector<llvm::Value*>& operands,
                  llvm::IRBuilder<>& b) {
  std::vector<llvm::Value*> stack;
  for (const ir::KernelContract::Term& t : terms) {
    using Op = ir::KernelContract::Term::Op;
    if (t.op == Op::Operand) {
      if (t.value >= operands.size() || operands[t.value] == nullptr) return nullptr;
      stack.push_back(operands[t.value]);
      continue;
    }
    if (t.op == Op::Literal) {
      stack.push_back(b.getInt64(t.value));
      continue;
    }
    if (stack.size() < 2) return nullptr;
    llvm::Value* rhs = stack.back();
    stack.pop_back();
    llvm::Value* lhs = stack.back();
    stack.pop_back();
    // The host rejects a launch whose evaluation wraps: every step is nuw.
    if (t.op == Op::Add) stack.push_back(b.CreateAdd(lhs, rhs, "", /*HasNUW=*/true));
    if (t.op == Op::Sub) stack.push_back(b.CreateSub(lhs, rhs, "", /*HasNUW=*/true));
    if (t.op == Op::Mul) stack.push_back(b.CreateMul(lhs, rhs, "", /*HasNUW=*/true));
  }
  return stack.size() == 1 ? stack.back() : nullptr;
}

}  // namespace

void assume_contract(const ir::Function& fn, llvm::Function& f, llvm::IRBuilder<>& b) {
  const ir::KernelSignature& sig = fn.signature();
  const ir::KernelContract& c = sig.contract;
  if (!fn.is_kernel() || !c.present || c.requirements.empty()) return;
  std::vector<llvm::Value*> operands;
  for (const ir::KernelContract::Operand& op : c.operands) operands.push_back(operand_value(sig, op, f, b));
  for (const ir::KernelContract::Requirement& r : c.requirements) {
    llvm::Value* lhs = side(r.lhs, operands, b);
    llvm::Value* rhs = side(r.rhs, operands, b);
    if (lhs == nullptr || rhs == nullptr) continue;
    using C = ir::KernelContract::Compare;
    llvm::Value* holds = nullptr;
    switch (r.compare) {
      case C::Lt: holds = b.CreateICmpULT(lhs, rhs); break;
      case C::Le: holds = b.CreateICmpULE(lhs, rhs); break;
      case C::Gt: holds = b.CreateICmpUGT(lhs, rhs); break;
      case C::Ge: holds = b.CreateICmpUGE(lhs, rhs); break;
      case C::Eq: holds = b.CreateICmpEQ(lhs, rhs); break;
      case C::Ne: holds = b.CreateICmpNE(lhs, rhs); break;
    }
    b.CreateAssumption(holds);
  }
}

}  // namespace simtc::codegen::detail
