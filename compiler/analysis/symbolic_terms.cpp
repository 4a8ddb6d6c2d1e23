// The terms of values: hash-consed expressions over thread indices, loop counts and symbols
// (symbolic.hpp).
#include "analysis/symbolic_builder.hpp"

namespace simtc::analysis {

bool SymbolicBuilder::induction(const ir::Instruction* phi, Induction& out) const {
  const ir::Block* header = phi->parent();
  if (phi->opcode() != ir::Opcode::Phi || !info_.loops_->contains(header, header)) return false;
  const ir::Value* init = nullptr;
  const ir::Value* step = nullptr;
  bool subtract = false;
  for (unsigned i = 0; i < phi->num_operands(); ++i) {
    const ir::Value* in = phi->operand(i);
    const ir::Block* from = phi->blocks()[i];
    if (!info_.loops_->contains(header, from)) {
      if (init != nullptr && init != in) return false;
      init = in;
      continue;
    }
    auto* next = as_inst(in);
    if (next == nullptr || (next->opcode() != ir::Opcode::Add && next->opcode() != ir::Opcode::Sub &&
                            next->opcode() != ir::Opcode::PtrAdd))
      return false;
    const ir::Value* s = nullptr;
    if (next->operand(0) == phi) s = next->operand(1);
    else if (next->opcode() == ir::Opcode::Add && next->operand(1) == phi) s = next->operand(0);
    if (s == nullptr || !invariant(s, header)) return false;
    const bool sub = next->opcode() == ir::Opcode::Sub;
    if (step != nullptr && (step != s || subtract != sub)) return false;
    step = s;
    subtract = sub;
  }
  if (init == nullptr || step == nullptr) return false;
  if (is_undef(init)) return false;
  out = {header, init, step, subtract};
  return true;
}

bool SymbolicBuilder::phi_sides(const ir::Instruction* phi, const Term*& cond, unsigned& true_operand) {
  const ir::DominatorTree& dom = info_.loops_->dominators();
  const ir::Block* join = phi->parent();
  const ir::Block* d = dom.idom(join);
  if (d == nullptr || phi->num_operands() != 2 || info_.loops_->contains(join, join)) return false;
  const ir::Instruction* br = d->terminator();
  if (br == nullptr || br->opcode() != ir::Opcode::CondBr || br->blocks()[0] == br->blocks()[1]) return false;
  // Which side of the branch an incoming edge from `from` is on: 0 true, 1 false, -1 unknown.
  auto side = [&](const ir::Block* from) -> int {
    int found = -1;
    for (int s = 0; s < 2; ++s) {
      const ir::Block* succ = br->blocks()[s];
      const bool on = from == d ? succ == join
                                : succ != join && dom.predecessors(succ).size() == 1 && dom.dominates(succ, from);
      if (on) {
        if (found != -1) return -1;
        found = s;
      }
    }
    return found;
  };
  const int s0 = side(phi->blocks()[0]);
  const int s1 = side(phi->blocks()[1]);
  if (s0 < 0 || s1 < 0 || s0 == s1) return false;
  cond = term(br->operand(0));
  true_operand = s0 == 0 ? 0 : 1;
  return cond != nullptr;
}

const Term* SymbolicBuilder::phi_as_select(const ir::Instruction* phi) {
  const Term* c = nullptr;
  unsigned k = 0;
  if (!phi_sides(phi, c, k)) return nullptr;
  const Term* a = term(phi->operand(k));
  const Term* b = term(phi->operand(1 - k));
  if (a == nullptr || b == nullptr) return nullptr;
  return select(c, a, b);
}

const Term* SymbolicBuilder::term(const ir::Value* v) {
  const unsigned width = int_width(v);
  if (width == 0) return nullptr;
  if (const Term* known = info_.term_of(v)) return known;
  const Term* result = nullptr;
  switch (v->value_kind()) {
    case ir::Value::ValueKind::Constant: {
      auto* c = static_cast<const ir::Constant*>(v);
      result = c->const_kind() == ir::Constant::ConstKind::Int ? constant(c->int_bits(), width) : symbol(v, width);
      break;
    }
    case ir::Value::ValueKind::Argument:
      result = leaf(Term::Kind::Argument, width, static_cast<const ir::Argument*>(v)->index());
      break;
    case ir::Value::ValueKind::Global: result = symbol(v, width); break;
    case ir::Value::ValueKind::Instruction: {
      auto* inst = static_cast<const ir::Instruction*>(v);
      if (!busy_.insert(v).second) return symbol(v, width);  // a cycle of phis
      result = compute(inst, width);
      busy_.erase(v);
      break;
    }
  }
  info_.terms_[v] = result;
  return result;
}

const Term* SymbolicBuilder::compute(const ir::Instruction* inst, unsigned width) {
  using ir::Opcode;
  const Opcode op = inst->opcode();
  switch (op) {
    case Opcode::Add: case Opcode::Sub: case Opcode::Mul: case Opcode::And: case Opcode::Or:
    case Opcode::Xor: case Opcode::Shl: case Opcode::LShr: case Opcode::AShr: case Opcode::UDiv:
    case Opcode::URem: case Opcode::SDiv: case Opcode::SRem: {
      const Term* a = term(inst->operand(0));
      const Term* b = term(inst->operand(1));
      if (a == nullptr || b == nullptr) break;
      // The IR's signed division by zero (-1) differs from the solver's: constants only.
      if ((op == Opcode::SDiv || op == Opcode::SRem) && (b->kind != Term::Kind::Const || b->value == 0)) break;
      return binary(op, a, b);
    }
    case Opcode::ZExt: case Opcode::SExt: case Opcode::Trunc: {
      const Term* a = term(inst->operand(0));
      if (a == nullptr) break;
      Term t;
      t.kind = Term::Kind::Cast;
      t.width = width;
      t.op = op;
      t.ops = {a};
      return make(std::move(t));
    }
    case Opcode::ICmp: {
      const Term* a = term(inst->operand(0));
      const Term* b = term(inst->operand(1));
      if (a == nullptr || b == nullptr) break;
      Term t;
      t.kind = Term::Kind::Compare;
      t.width = 1;
      t.pred = inst->cmp_pred();
      t.ops = {a, b};
      return make(std::move(t));
    }
    case Opcode::Select: {
      const Term* c = term(inst->operand(0));
      const Term* a = term(inst->operand(1));
      const Term* b = term(inst->operand(2));
      if (c == nullptr || a == nullptr || b == nullptr) break;
      return select(c, a, b);
    }
    case Opcode::Phi: {
      // phi [undef, x] is x: the value is unused on the undef path.
      const ir::Value* only = nullptr;
      bool several = false;
      for (const ir::Value* in : inst->operands()) {
        if (is_undef(in) || in == inst) continue;
        if (only != nullptr && only != in) several = true;
        only = in;
      }
      if (only != nullptr && !several) {
        if (const Term* t = term(only)) return t;
        break;
      }
      if (const Term* t = phi_as_select(inst)) return t;
      if (const ir::Value* init = shrinking(inst)) {
        const Term* bound = term(init);
        Term t;
        t.kind = Term::Kind::Symbol;
        t.width = width;
        t.source = inst;
        t.per_thread = u_.value(inst) != Uniformity::Block;
        t.scope = info_.loops_->innermost(inst->parent());
        t.upper = bound;
        return make(std::move(t));
      }
      Induction iv;
      if (induction(inst, iv)) {
        const Term* init = term(iv.init);
        const Term* step = term(iv.step);
        if (init == nullptr || step == nullptr) break;
        const Term* count = loop_count(iv.header, width);
        const Term* stride = binary(Opcode::Mul, step, count);
        if (!iv.subtract) note_loop_bound(inst, iv.header, init, step, count);
        return binary(iv.subtract ? Opcode::Sub : Opcode::Add, init, stride);
      }
      break;
    }
    case Opcode::Intrinsic: {
      using ir::IntrinsicId;
      switch (inst->intrinsic_id()) {
        case IntrinsicId::TidX: return leaf(Term::Kind::ThreadIndex, width, 0);
        case IntrinsicId::TidY: return leaf(Term::Kind::ThreadIndex, width, 1);
        case IntrinsicId::TidZ: return leaf(Term::Kind::ThreadIndex, width, 2);
        case IntrinsicId::NtidX: return leaf(Term::Kind::BlockDim, width, 0);
        case IntrinsicId::NtidY: return leaf(Term::Kind::BlockDim, width, 1);
        case IntrinsicId::NtidZ: return leaf(Term::Kind::BlockDim, width, 2);
        case IntrinsicId::CtaidX: return leaf(Term::Kind::BlockIndex, width, 0);
        case IntrinsicId::CtaidY: return leaf(Term::Kind::BlockIndex, width, 1);
        case IntrinsicId::CtaidZ: return leaf(Term::Kind::BlockIndex, width, 2);
        case IntrinsicId::NctaidX: return leaf(Term::Kind::GridDim, width, 0);
        case IntrinsicId::NctaidY: return leaf(Term::Kind::GridDim, width, 1);
        case IntrinsicId::NctaidZ: return leaf(Term::Kind::GridDim, width, 2);
        case IntrinsicId::LaneId: return leaf(Term::Kind::LaneIndex, width);
        case IntrinsicId::WarpSize: return constant(32, width);
        case IntrinsicId::DynamicSharedSize: return leaf(Term::Kind::DynamicShared, width);
        default: break;
      }
      break;
    }
    default: break;
  }
  return symbol(inst, width);
}


}  // namespace simtc::analysis
