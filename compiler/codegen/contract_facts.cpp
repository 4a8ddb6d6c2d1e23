// The launch contract's requirements as facts of the kernel's code. The checked launcher
// evaluates every `[[simt::requires("...")]]` relation on the host, in 64-bit arithmetic that
// rejects the launch on any overflow or negative difference, before the kernel runs. The
// kernel may therefore assume each relation, with every step of both sides free of unsigned
// wrap: llvm.assume at the entry, where prove_bounds.cpp and LLVM's own passes use it to
// prove bounds checks (docs/performance.md, "Checks the compiler proves"). An `_unchecked`
// launch that breaks a requirement is outside the contract (docs/safety-model.md).
#include <algorithm>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Intrinsics.h>

#include "codegen/lower.hpp"

namespace simtc::codegen::detail {
namespace {

// The IR parameter that holds an operand: a scalar, a slice's size or its row width.
llvm::Argument* operand_arg(const ir::KernelSignature& sig, const ir::KernelContract::Operand& op, llvm::Function& f) {
  const std::optional<unsigned> index = ir::requirement_param(sig, op);
  if (!index || *index >= f.arg_size() || !f.getArg(*index)->getType()->isIntegerTy() ||
      f.getArg(*index)->getType()->getIntegerBitWidth() > 64)
    return nullptr;
  return f.getArg(*index);
}

// The IR parameter that holds a slice's first element (for "x.address()").
llvm::Argument* slice_base(const ir::KernelSignature& sig, const ir::KernelContract::Operand& op, llvm::Function& f) {
  for (const ir::KernelParam& p : sig.params) {
    if (p.name != op.param || p.ir_param_count < 2 || p.first_ir_param >= f.arg_size()) continue;
    llvm::Argument* arg = f.getArg(p.first_ir_param);
    return arg->getType()->isPointerTy() ? arg : nullptr;
  }
  return nullptr;
}

llvm::Value* operand_value(const ir::KernelSignature& sig, const ir::KernelContract::Operand& op, llvm::Function& f,
                           llvm::IRBuilder<>& b) {
  if (op.what == ir::KernelContract::Operand::What::Address) {
    llvm::Argument* base = slice_base(sig, op, f);
    return base == nullptr ? nullptr : b.CreatePtrToInt(base, b.getInt64Ty());
  }
  llvm::Argument* arg = operand_arg(sig, op, f);
  return arg == nullptr ? nullptr : b.CreateZExt(arg, b.getInt64Ty());
}

// `x`, or `x + k` / `k + x` with a literal k: the operand's index and k.
std::optional<std::pair<std::uint64_t, std::uint64_t>> operand_plus_literal(const std::vector<ir::KernelContract::Term>& t) {
  using Op = ir::KernelContract::Term::Op;
  if (t.size() == 1 && t[0].op == Op::Operand) return std::pair{t[0].value, std::uint64_t(0)};
  if (t.size() == 3 && t[2].op == Op::Add) {
    if (t[0].op == Op::Operand && t[1].op == Op::Literal) return std::pair{t[0].value, t[1].value};
    if (t[0].op == Op::Literal && t[1].op == Op::Operand) return std::pair{t[1].value, t[0].value};
  }
  return std::nullopt;
}

// A requirement that bounds one operand by a literal ("cols + 256 <= 4294967296",
// "n < 65536", "k >= 1") also becomes the range of the parameter that holds it. LLVM's
// scalar evolution reads parameter ranges where it does not read assumptions: with the
// first example, `for (uint32_t j = t; j < cols; j += 256)` cannot wrap, so the loop has a
// trip count and is unrolled.
void bound_argument(const ir::KernelSignature& sig, const ir::KernelContract& c, const ir::KernelContract::Requirement& r,
                    llvm::Function& f) {
  using C = ir::KernelContract::Compare;
  using Op = ir::KernelContract::Term::Op;
  auto x = operand_plus_literal(r.lhs);
  const std::vector<ir::KernelContract::Term>* other = &r.rhs;
  C compare = r.compare;
  if (!x) {  // the literal on the left: swap the sides
    x = operand_plus_literal(r.rhs);
    other = &r.lhs;
    switch (compare) {
      case C::Lt: compare = C::Gt; break;
      case C::Le: compare = C::Ge; break;
      case C::Gt: compare = C::Lt; break;
      case C::Ge: compare = C::Le; break;
      default: break;
    }
  }
  if (!x || other->size() != 1 || (*other)[0].op != Op::Literal || x->first >= c.operands.size()) return;
  llvm::Argument* arg = operand_arg(sig, c.operands[x->first], f);
  if (arg == nullptr) return;
  // x + k compared with the literal, all in unsigned 64 bits without wrap: x's bounds.
  const unsigned __int128 k = x->second, literal = (*other)[0].value;
  unsigned __int128 lo = 0, hi = ~std::uint64_t(0);  // x in [lo, hi]
  switch (compare) {
    case C::Lt: if (literal <= k) return; hi = literal - k - 1; break;
    case C::Le: if (literal < k) return; hi = literal - k; break;
    case C::Gt: lo = literal + 1 > k ? literal + 1 - k : 0; break;
    case C::Ge: lo = literal > k ? literal - k : 0; break;
    case C::Eq: if (literal < k) return; lo = hi = literal - k; break;
    case C::Ne: return;
  }
  const unsigned width = arg->getType()->getIntegerBitWidth();
  const unsigned __int128 type_max = (unsigned __int128)(~std::uint64_t(0)) >> (64 - width);
  hi = std::min(hi, type_max);
  if (lo > hi || (lo == 0 && hi == type_max)) return;
  llvm::ConstantRange range(llvm::APInt(width, std::uint64_t(lo)), llvm::APInt(width, std::uint64_t(hi)) + 1);
  if (std::optional<llvm::ConstantRange> old = arg->getRange()) range = range.intersectWith(*old);
  arg->removeAttr(llvm::Attribute::Range);
  arg->addAttr(llvm::Attribute::get(f.getContext(), llvm::Attribute::Range, range));
}

// "x.address() % c == 0" with c a power of two (either side): the slice's pointer parameter is
// `align c`, the form of the fact LLVM reads best (an aligned access, a folded alignment test).
void align_argument(const ir::KernelSignature& sig, const ir::KernelContract& c, const ir::KernelContract::Requirement& r,
                    llvm::Function& f) {
  using Op = ir::KernelContract::Term::Op;
  if (r.compare != ir::KernelContract::Compare::Eq) return;
  auto is_zero = [](const std::vector<ir::KernelContract::Term>& t) {
    return t.size() == 1 && t[0].op == Op::Literal && t[0].value == 0;
  };
  const std::vector<ir::KernelContract::Term>& t = is_zero(r.rhs) ? r.lhs : r.rhs;
  if (!is_zero(is_zero(r.rhs) ? r.rhs : r.lhs) || t.size() != 3 || t[0].op != Op::Operand ||
      t[1].op != Op::Literal || t[2].op != Op::Rem || t[0].value >= c.operands.size())
    return;
  const ir::KernelContract::Operand& op = c.operands[t[0].value];
  const std::uint64_t align = t[1].value;
  if (op.what != ir::KernelContract::Operand::What::Address || align == 0 || (align & (align - 1)) != 0 ||
      align > (std::uint64_t(1) << 32))
    return;
  llvm::Argument* base = slice_base(sig, op, f);
  if (base == nullptr) return;
  const llvm::MaybeAlign old = base->getParamAlign();
  if (old && old->value() >= align) return;
  base->removeAttr(llvm::Attribute::Alignment);
  base->addAttr(llvm::Attribute::getWithAlignment(f.getContext(), llvm::Align(align)));
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
    if (t.op == Op::Rem) stack.push_back(b.CreateURem(lhs, rhs));  // rhs: a literal above zero
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
    bound_argument(sig, c, r, f);
    align_argument(sig, c, r, f);
  }
}

}  // namespace simtc::codegen::detail
