#include "passes/simplify_cfg.hpp"

#include <algorithm>
#include <unordered_set>

#include "ir/builder.hpp"
#include "passes/pass_utils.hpp"

namespace simtc::passes {
namespace {

using ir::Block;
using ir::Instruction;
using ir::Opcode;

// Removes the blocks the entry cannot reach, and their edges in the phis of live blocks.
bool remove_unreachable(ir::Function& fn) {
  std::unordered_set<Block*> live{fn.entry()};
  std::vector<Block*> work{fn.entry()};
  while (!work.empty()) {
    Block* b = work.back();
    work.pop_back();
    for (Block* s : b->successors())
      if (live.insert(s).second) work.push_back(s);
  }
  std::vector<Block*> dead;
  for (Block* b : fn.blocks())
    if (!live.count(b)) dead.push_back(b);
  for (Block* d : dead)
    for (Block* s : d->successors())
      if (live.count(s)) remove_phi_edges(s, d);
  for (Block* d : dead)
    if (Instruction* term = d->terminator()) d->remove(term);
  fn.remove_blocks(dead);
  return !dead.empty();
}

// Replaces `b`'s terminator by `br target`, dropping `b` from the phis of the successors it
// no longer reaches.
void branch_to(ir::Module& m, Block* b, Block* target) {
  Instruction* term = b->terminator();
  for (Block* s : b->successors())
    if (s != target) remove_phi_edges(s, b);
  b->remove(term);
  ir::Builder builder(m);
  builder.set_insert_point(b);
  builder.set_loc(term->loc());
  builder.br(target)->set_loop_unroll(term->loop_unroll());  // a folded latch stays a latch
}

const ir::Constant* int_constant(const ir::Value* v) {
  if (v->value_kind() != ir::Value::ValueKind::Constant) return nullptr;
  auto* c = static_cast<const ir::Constant*>(v);
  return c->const_kind() == ir::Constant::ConstKind::Int ? c : nullptr;
}

// cond_br / switch on a constant, or with one target, becomes br.
bool fold_branches(ir::Module& m, ir::Function& fn) {
  bool changed = false;
  for (Block* b : fn.blocks()) {
    Instruction* term = b->terminator();
    if (!term || (term->opcode() != Opcode::CondBr && term->opcode() != Opcode::Switch)) continue;
    Block* target = nullptr;
    auto targets = term->blocks();
    if (std::all_of(targets.begin(), targets.end(), [&](Block* t) { return t == targets[0]; })) {
      target = targets[0];
    } else if (const ir::Constant* c = int_constant(term->operand(0))) {
      if (term->opcode() == Opcode::CondBr) {
        target = c->int_bits() ? targets[0] : targets[1];
      } else {
        target = targets[0];
        for (std::size_t k = 0; k < term->case_values().size(); ++k)
          if (term->case_values()[k] == c->int_value_signed()) target = targets[k + 1];
      }
    }
    if (!target) continue;
    branch_to(m, b, target);
    changed = true;
  }
  return changed;
}

// A block whose only predecessor ends in `br` to it joins that predecessor.
bool merge_blocks(ir::Function& fn) {
  auto preds = predecessor_map(fn);
  std::vector<Block*> blocks = fn.blocks();
  std::vector<Block*> merged;  // removed together at the end: one removal costs the function
  for (Block* b : blocks) {
    if (b == fn.entry() || preds[b].size() != 1) continue;
    Block* p = preds[b][0];
    Instruction* term = p->terminator();
    if (p == b || !term || term->opcode() != Opcode::Br) continue;
    std::vector<Instruction*> b_phis = phis(b);
    if (std::any_of(b_phis.begin(), b_phis.end(),
                    [](Instruction* phi) { return phi->num_operands() != 1; }))
      continue;
    for (Instruction* phi : b_phis) {
      replace_all_uses(fn, phi, phi->operand(0));
      b->remove(phi);
    }
    p->remove(term);
    std::vector<Instruction*> moved = b->instructions();
    for (Instruction* i : moved) {
      b->remove(i);
      p->append(i);
    }
    for (Block* s : p->successors()) {
      for (Instruction* phi : phis(s))
        for (unsigned j = 0; j < phi->blocks().size(); ++j)
          if (phi->blocks()[j] == b) phi->set_block(j, p);
      std::replace(preds[s].begin(), preds[s].end(), b, p);
    }
    merged.push_back(b);
    preds.erase(b);
  }
  fn.remove_blocks(merged);
  return !merged.empty();
}

// Phis with a single incoming edge (in a block with a single predecessor) are that value.
bool remove_trivial_phis(ir::Function& fn) {
  bool changed = false;
  auto preds = predecessor_map(fn);
  for (Block* b : fn.blocks()) {
    if (preds[b].size() != 1) continue;
    for (Instruction* phi : phis(b)) {
      if (phi->num_operands() != 1 || phi->operand(0) == phi) continue;
      replace_all_uses(fn, phi, phi->operand(0));
      b->remove(phi);
      changed = true;
    }
  }
  return changed;
}

// Value of `phi` on the edge from `from`, or null.
ir::Value* incoming(const Instruction* phi, const Block* from) {
  for (unsigned j = 0; j < phi->blocks().size(); ++j)
    if (phi->blocks()[j] == from) return phi->operand(j);
  return nullptr;
}

// A block holding only `br T` is bypassed: its predecessors branch to T directly, unless
// a phi of T would then need two different values for one predecessor.
bool forward_empty_blocks(ir::Function& fn) {
  auto preds = predecessor_map(fn);
  std::vector<Block*> blocks = fn.blocks();
  std::vector<Block*> bypassed;  // removed together at the end
  for (Block* e : blocks) {
    if (e == fn.entry() || e->instructions().size() != 1) continue;
    Instruction* br = e->instructions()[0];
    if (br->opcode() != Opcode::Br || br->blocks()[0] == e || preds[e].empty()) continue;
    // A loop hint on the bypassed branch moves to the predecessors' branches (they become
    // the latches); `e` stays when a predecessor ends in a switch (no hint there) or already
    // carries another loop's hint.
    const std::uint32_t hint = br->loop_unroll();
    if (hint != ir::kUnrollNone &&
        std::any_of(preds[e].begin(), preds[e].end(), [&](Block* p) {
          const Instruction* own = p->terminator();
          return own->opcode() == Opcode::Switch ||
                 (own->loop_unroll() != ir::kUnrollNone && own->loop_unroll() != hint);
        }))
      continue;
    Block* t = br->blocks()[0];
    std::vector<Instruction*> t_phis = phis(t);
    auto& t_preds = preds[t];
    bool ambiguous = false;
    for (Block* p : preds[e]) {
      if (std::find(t_preds.begin(), t_preds.end(), p) == t_preds.end()) continue;
      for (Instruction* phi : t_phis)
        ambiguous = ambiguous || incoming(phi, p) != incoming(phi, e);
    }
    if (ambiguous) continue;
    for (Block* p : preds[e]) {
      Instruction* term = p->terminator();
      for (unsigned k = 0; k < term->blocks().size(); ++k)
        if (term->blocks()[k] == e) term->set_block(k, t);
      if (hint != ir::kUnrollNone) term->set_loop_unroll(hint);
      if (std::find(t_preds.begin(), t_preds.end(), p) != t_preds.end()) continue;
      for (Instruction* phi : t_phis) phi->add_incoming(incoming(phi, e), p);
      t_preds.push_back(p);
    }
    remove_phi_edges(t, e);
    t_preds.erase(std::find(t_preds.begin(), t_preds.end(), e));
    preds[e].clear();
    bypassed.push_back(e);
  }
  fn.remove_blocks(bypassed);
  return !bypassed.empty();
}

}  // namespace

bool simplify_cfg(ir::Module& module, ir::Function& fn) {
  if (fn.blocks().empty()) return false;
  bool any = false;
  for (bool changed = true; changed; any = any || changed) {
    changed = remove_unreachable(fn);
    changed = fold_branches(module, fn) || changed;
    changed = merge_blocks(fn) || changed;
    changed = forward_empty_blocks(fn) || changed;
    changed = remove_trivial_phis(fn) || changed;
  }
  return any;
}

void simplify_cfg(ir::Module& module) {
  for (ir::Function* fn : module.functions()) simplify_cfg(module, *fn);
}

}  // namespace simtc::passes
