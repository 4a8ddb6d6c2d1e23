// AddressAlignmentPass (passes.hpp): alignment tests of addresses whose alignment is known.
// A slice's pointer parameter is `align N` when the contract requires `x.address() % N == 0`
// (contract_facts.cpp), a shared array is a global with its declared alignment, and the
// offsets are multiples the known bits of their indices show: simt::async::copy's and the
// vector views' alignment checks then fold, where LLVM's own known bits stop at the cast of
// the parameter or the shared array to a generic pointer.
#include <llvm/Analysis/AssumptionCache.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/DataLayout.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/GetElementPtrTypeIterator.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Operator.h>
#include <llvm/IR/PatternMatch.h>
#include <llvm/Support/KnownBits.h>

#include <algorithm>
#include <vector>

#include "codegen/passes.hpp"

namespace simtc::codegen::detail {
namespace {

constexpr unsigned kMaxLog = 12;  // alignments up to 4096 bytes are looked for

// How many low bits of the integer `v` are known to be zero (at least), through sums,
// products, shifts, casts, selects and phis, down to what LLVM's known bits (the contract's
// assumptions among them) say of a leaf. A phi being computed counts as having `cap`: by
// induction over the loop, the bits every other incoming value keeps stay zero.
unsigned trailing_zeros(const llvm::Value* v, const llvm::SimplifyQuery& q, std::vector<const llvm::PHINode*>& open,
                        unsigned cap, unsigned depth = 0) {
  using llvm::Instruction;
  if (auto* c = llvm::dyn_cast<llvm::ConstantInt>(v)) return c->isZero() ? cap : std::min(cap, unsigned(c->getValue().countr_zero()));
  auto leaf = [&] { return std::min(cap, llvm::computeKnownBits(v, q).countMinTrailingZeros()); };
  auto* inst = llvm::dyn_cast<llvm::Instruction>(v);
  if (inst == nullptr || depth > 12) return leaf();
  auto op = [&](unsigned i) { return trailing_zeros(inst->getOperand(i), q, open, cap, depth + 1); };
  switch (inst->getOpcode()) {
    case Instruction::Add:
    case Instruction::Sub:
    case Instruction::Or: return std::min(op(0), op(1));
    case Instruction::Mul: return std::min(cap, op(0) + op(1));
    case Instruction::Shl:
      if (auto* c = llvm::dyn_cast<llvm::ConstantInt>(inst->getOperand(1)))
        return std::min<std::uint64_t>(cap, op(0) + c->getZExtValue());
      return leaf();
    case Instruction::ZExt:
    case Instruction::SExt:
    case Instruction::Trunc:  // an assumption may name the cast itself (contract_facts.cpp)
      return std::max(leaf(), std::min(op(0), inst->getType()->getScalarSizeInBits()));
    case Instruction::Select: return std::min(op(1), op(2));
    case Instruction::PHI: {
      auto* phi = llvm::cast<llvm::PHINode>(inst);
      if (std::find(open.begin(), open.end(), phi) != open.end()) return cap;
      open.push_back(phi);
      unsigned r = cap;
      for (const llvm::Value* in : phi->incoming_values()) r = std::min(r, trailing_zeros(in, q, open, cap, depth + 1));
      open.pop_back();
      return std::max(r, leaf());
    }
    default: return leaf();
  }
}

// log2 of an alignment that `p` is known to have (0: none), through GEPs and address-space
// casts down to a parameter or a global.
unsigned known_log_align(const llvm::Value* p, const llvm::DataLayout& dl, const llvm::SimplifyQuery& q,
                         unsigned depth = 0) {
  if (depth > 8) return 0;
  p = p->stripPointerCastsSameRepresentation();
  if (auto* arg = llvm::dyn_cast<llvm::Argument>(p)) {
    const llvm::MaybeAlign a = arg->getParamAlign();
    return a ? std::min(kMaxLog, unsigned(llvm::Log2(*a))) : 0;
  }
  if (auto* g = llvm::dyn_cast<llvm::GlobalVariable>(p)) {
    const llvm::MaybeAlign a = g->getAlign();
    return a ? std::min(kMaxLog, unsigned(llvm::Log2(*a))) : 0;
  }
  if (auto* cast = llvm::dyn_cast<llvm::AddrSpaceCastOperator>(p))
    return known_log_align(cast->getPointerOperand(), dl, q, depth + 1);
  if (auto* gep = llvm::dyn_cast<llvm::GEPOperator>(p)) {
    unsigned log = known_log_align(gep->getPointerOperand(), dl, q, depth + 1);
    if (log == 0) return 0;
    const unsigned bits = dl.getIndexTypeSizeInBits(gep->getType());
    // Each index times its element's size: the trailing zeros of the sum's terms.
    for (llvm::gep_type_iterator it = llvm::gep_type_begin(gep), end = llvm::gep_type_end(gep); it != end; ++it) {
      const llvm::Value* index = it.getOperand();
      std::uint64_t scale = 0;
      if (llvm::StructType* st = it.getStructTypeOrNull()) {
        const auto* c = llvm::cast<llvm::ConstantInt>(index);
        const std::uint64_t offset = dl.getStructLayout(st)->getElementOffset(unsigned(c->getZExtValue()));
        if (offset != 0) log = std::min(log, unsigned(llvm::countr_zero(offset)));
        continue;
      }
      scale = it.getSequentialElementStride(dl).getFixedValue();
      if (scale == 0) continue;
      std::vector<const llvm::PHINode*> open;
      const unsigned zeros = trailing_zeros(index, q, open, std::min(bits, kMaxLog));
      log = std::min(log, zeros + unsigned(llvm::countr_zero(scale)));
    }
    return log;
  }
  return 0;
}

}  // namespace

llvm::PreservedAnalyses AddressAlignmentPass::run(llvm::Function& f, llvm::FunctionAnalysisManager& fam) {
  const llvm::DataLayout& dl = f.getDataLayout();
  const llvm::SimplifyQuery q(dl, &fam.getResult<llvm::DominatorTreeAnalysis>(f),
                              &fam.getResult<llvm::AssumptionAnalysis>(f));
  std::vector<llvm::Instruction*> folded;
  for (llvm::BasicBlock& bb : f)
    for (llvm::Instruction& inst : bb) {
      using namespace llvm::PatternMatch;
      llvm::Value* p = nullptr;
      const llvm::APInt* mask = nullptr;
      if (!match(&inst, m_And(m_PtrToInt(m_Value(p)), m_APInt(mask)))) continue;
      if (!mask->isMask()) continue;  // 2^j - 1
      const unsigned need = mask->countr_one();
      if (need > kMaxLog || known_log_align(p, dl, q.getWithInstruction(&inst)) < need) continue;
      inst.replaceAllUsesWith(llvm::Constant::getNullValue(inst.getType()));
      folded.push_back(&inst);
    }
  for (llvm::Instruction* inst : folded) inst->eraseFromParent();
  if (folded.empty()) return llvm::PreservedAnalyses::all();
  llvm::PreservedAnalyses pa;
  pa.preserveSet<llvm::CFGAnalyses>();
  return pa;
}

}  // namespace simtc::codegen::detail
