#include "analysis/race_parity.hpp"

namespace simtc::analysis::affine {
namespace {

// x + c, x - c, c - x, c * x with c odd, casts: the same parity as x, flipped by an odd c.
// Null: the value is even whatever x is.
const Term* parity_base(const Term* t, bool& flip) {
  for (;;) {
    std::uint64_t c = 0;
    if (t->kind == Term::Kind::Cast) {
      t = t->ops[0];
      continue;
    }
    if (t->kind != Term::Kind::Binary) return t;
    const bool c0 = is_const(t->ops[0], &c);
    const bool c1 = !c0 && is_const(t->ops[1], &c);
    if (!c0 && !c1) return t;
    const Term* other = c0 ? t->ops[1] : t->ops[0];
    switch (t->op) {
      case ir::Opcode::Add: case ir::Opcode::Sub: flip ^= (c & 1) != 0; t = other; continue;
      case ir::Opcode::Mul:
        if ((c & 1) == 0) return nullptr;
        t = other;
        continue;
      case ir::Opcode::Shl:
        if (c1 && c >= 1 && c < t->width) return nullptr;
        return t;
      default: return t;
    }
  }
}

}  // namespace

bool ParityAtoms::form(const Term* t, Lin& out, std::unordered_map<const Term*, std::pair<Int, Int>>& ranges) {
  std::uint64_t c = 0;
  if (t->kind != Term::Kind::Binary || !is_const(t->ops[1], &c)) return false;
  if (!((t->op == ir::Opcode::URem && c == 2) || (t->op == ir::Opcode::And && c == 1))) return false;
  bool flip = false;
  const Term* base = parity_base(t->ops[0], flip);
  if (base == nullptr) {
    out = constant(flip ? 1 : 0);
    return true;
  }
  if (auto pin = pins_.find(base); pin != pins_.end()) {
    out = constant((pin->second ^ (flip ? 1u : 0u)) & 1u);
    return true;
  }
  auto [it, fresh] = atom_of_.emplace(base, nullptr);
  if (fresh) {
    Term atom = *base;
    atom.kind = Term::Kind::Binary;
    atom.op = ir::Opcode::URem;
    atom.ops = {base, base};
    atom.id = 0xF0000000u + static_cast<unsigned>(atoms_.size());  // after every real term
    atoms_.push_back(std::move(atom));
    it->second = &atoms_.back();
    is_atom_.insert(it->second);
    ranges[it->second] = {0, 1};
    bases_.push_back(base);
  }
  const Lin p = monomial({it->second}, 1);
  out = flip ? constant(1) + scale(p, -1) : p;
  return true;
}

bool ParityAtoms::mentioned_in(const Lin& l) const {
  for (const auto& [m, k] : l.s)
    for (const Term* t : m)
      if (is_atom_.count(t)) return true;
  return false;
}

}  // namespace simtc::analysis::affine
