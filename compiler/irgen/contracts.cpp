// Translates frontend::LaunchContract (read from the attributes) into ir::KernelContract and
// LaunchBounds. An exact block becomes .reqntid and a bound .maxntid, never both: the reader
// drops max_threads when a block is given (after the checker has reported it).
#include "irgen/contracts.hpp"

#include "frontend/contract.hpp"
#include "ir/function.hpp"

namespace simtc::irgen {
namespace {

std::vector<ir::KernelContract::Term> terms(const std::vector<frontend::RequiresTerm>& in) {
  std::vector<ir::KernelContract::Term> out;
  for (const frontend::RequiresTerm& term : in) {
    ir::KernelContract::Term t;
    t.value = term.value;
    switch (term.op) {
      case frontend::RequiresTerm::Op::Operand: t.op = ir::KernelContract::Term::Op::Operand; break;
      case frontend::RequiresTerm::Op::Literal: t.op = ir::KernelContract::Term::Op::Literal; break;
      case frontend::RequiresTerm::Op::Add: t.op = ir::KernelContract::Term::Op::Add; break;
      case frontend::RequiresTerm::Op::Sub: t.op = ir::KernelContract::Term::Op::Sub; break;
      case frontend::RequiresTerm::Op::Mul: t.op = ir::KernelContract::Term::Op::Mul; break;
      case frontend::RequiresTerm::Op::Rem: t.op = ir::KernelContract::Term::Op::Rem; break;
    }
    out.push_back(t);
  }
  return out;
}

ir::KernelContract::Compare compare(frontend::RequiresCompare c) {
  switch (c) {
    case frontend::RequiresCompare::Lt: return ir::KernelContract::Compare::Lt;
    case frontend::RequiresCompare::Le: return ir::KernelContract::Compare::Le;
    case frontend::RequiresCompare::Gt: return ir::KernelContract::Compare::Gt;
    case frontend::RequiresCompare::Ge: return ir::KernelContract::Compare::Ge;
    case frontend::RequiresCompare::Eq: return ir::KernelContract::Compare::Eq;
    case frontend::RequiresCompare::Ne: return ir::KernelContract::Compare::Ne;
  }
  return ir::KernelContract::Compare::Ge;
}

}  // namespace

void attach_contract(clang::ASTContext& context, const clang::FunctionDecl& kernel, ir::Function& fn) {
  frontend::LaunchContract in = frontend::read_contract(context, kernel, nullptr);
  ir::KernelContract& out = fn.signature().contract;
  out.present = in.present();
  out.block = in.block;
  out.max_threads = in.max_threads;
  out.min_blocks_per_sm = in.min_blocks_per_sm;
  out.dynamic_shared = in.dynamic_shared;
  out.min_arch = in.min_arch;
  out.cluster = in.cluster;
  for (const frontend::RequiresOperand& operand : in.operands) {
    ir::KernelContract::Operand o;
    o.param = operand.param;
    o.spelling = operand.spelling();
    switch (operand.what) {
      case frontend::RequiresOperand::What::Value: o.what = ir::KernelContract::Operand::What::Value; break;
      case frontend::RequiresOperand::What::Size: o.what = ir::KernelContract::Operand::What::Size; break;
      case frontend::RequiresOperand::What::RowWidth: o.what = ir::KernelContract::Operand::What::RowWidth; break;
      case frontend::RequiresOperand::What::Address: o.what = ir::KernelContract::Operand::What::Address; break;
    }
    out.operands.push_back(std::move(o));
  }
  for (const frontend::ParsedRequirement& requirement : in.requirements)
    out.requirements.push_back({requirement.text, terms(requirement.lhs), terms(requirement.rhs),
                                compare(requirement.compare)});

  ir::LaunchBounds& bounds = fn.launch_bounds();
  if (in.block) bounds.reqntid = *in.block;
  else if (in.max_threads) bounds.maxntid = std::array<std::uint32_t, 3>{*in.max_threads, 1, 1};
  if (in.min_blocks_per_sm) bounds.min_blocks_per_sm = *in.min_blocks_per_sm;
  if (in.cluster) bounds.reqnctapercluster = *in.cluster;
}

}  // namespace simtc::irgen
