#include "analysis/promote_allocas.hpp"

#include <algorithm>
#include <map>
#include <unordered_map>
#include <unordered_set>

#include "ir/builder.hpp"
#include "ir/dominators.hpp"

namespace simtc::analysis {
namespace {

using ir::Block;
using ir::Instruction;
using ir::Opcode;
using ir::Value;

struct Slice {
  Instruction* alloca;
  std::int64_t offset;
  ir::Type type;
};

const ir::Constant* int_constant(const Value* v) {
  if (v->value_kind() != Value::ValueKind::Constant) return nullptr;
  auto* c = static_cast<const ir::Constant*>(v);
  return c->const_kind() == ir::Constant::ConstKind::Int ? c : nullptr;
}

}  // namespace

bool promote_allocas(ir::Module& module, ir::Function& fn, const PromoteOptions& options) {
  if (fn.blocks().empty()) return false;
  // Pointers into allocas at a constant byte offset.
  std::unordered_map<const Value*, std::pair<Instruction*, std::int64_t>> base;
  for (Block* b : fn.blocks())
    for (Instruction* i : b->instructions())
      if (i->opcode() == Opcode::Alloca) base[i] = {i, 0};
  if (base.empty()) return false;
  for (bool changed = true; changed;) {
    changed = false;
    for (Block* b : fn.blocks())
      for (Instruction* i : b->instructions()) {
        if (i->opcode() != Opcode::PtrAdd || base.count(i)) continue;
        auto it = base.find(i->operand(0));
        const ir::Constant* off = int_constant(i->operand(1));
        if (it == base.end() || off == nullptr) continue;
        base[i] = {it->second.first, it->second.second + off->int_value_signed()};
        changed = true;
      }
  }

  // Every use of such a pointer must be a plain load or store through it.
  std::unordered_set<Instruction*> escaped;
  std::map<Instruction*, std::map<std::int64_t, std::vector<ir::Type>>> accesses;
  std::vector<Instruction*> memory_ops;
  for (Block* b : fn.blocks())
    for (Instruction* i : b->instructions())
      for (unsigned k = 0; k < i->num_operands(); ++k) {
        auto it = base.find(i->operand(k));
        if (it == base.end()) continue;
        auto [alloca, offset] = it->second;
        const bool plain = (i->flags() & ir::Volatile) == 0;
        if (i->opcode() == Opcode::Load && k == 0 && plain) {
          accesses[alloca][offset].push_back(i->type());
          memory_ops.push_back(i);
        } else if (i->opcode() == Opcode::Store && k == 1 && plain) {
          // Storing a pointer into a local is a plain store to this one (the stored local itself
          // escapes, through operand 0; once this slot is promoted, a later round sees it used
          // directly: a lambda's captures by reference).
          accesses[alloca][offset].push_back(i->operand(0)->type());
          memory_ops.push_back(i);
        } else if (i->opcode() == Opcode::PtrAdd && k == 0 && base.count(i)) {
          // a derived pointer: its own uses decide
        } else {
          escaped.insert(alloca);
        }
      }

  std::vector<Slice> slices;
  std::map<std::pair<Instruction*, std::int64_t>, unsigned> slice_of;
  for (auto& [alloca, by_offset] : accesses) {
    if (escaped.count(alloca)) continue;
    bool ok = true;
    std::int64_t end_of_last = 0;
    for (auto& [offset, types] : by_offset) {
      ir::Type t = types.front();
      ok = ok && std::all_of(types.begin(), types.end(), [&](ir::Type u) { return u == t; });
      ok = ok && offset >= end_of_last &&
           static_cast<std::uint64_t>(offset) + t.size_bytes() <= alloca->alloca_size();
      end_of_last = offset + t.size_bytes();
    }
    if (!ok) continue;
    for (auto& [offset, types] : by_offset) {
      if (slices.size() >= options.max_slices) break;
      slice_of[{alloca, offset}] = static_cast<unsigned>(slices.size());
      slices.push_back({alloca, offset, types.front()});
    }
  }
  if (slices.empty()) return false;
  auto slice_index = [&](const Instruction* mem) -> int {
    const Value* ptr = mem->opcode() == Opcode::Load ? mem->operand(0) : mem->operand(1);
    auto it = base.find(ptr);
    if (it == base.end()) return -1;
    auto s = slice_of.find(it->second);
    return s == slice_of.end() ? -1 : static_cast<int>(s->second);
  };

  // Phis at the iterated dominance frontier of each slice's stores.
  ir::DominatorTree dom(fn);
  std::unordered_map<const Block*, std::vector<Block*>> frontier, children;
  for (Block* b : fn.blocks()) {
    if (const Block* up = dom.idom(b)) children[up].push_back(b);
    std::vector<const Block*> preds = dom.predecessors(b);
    if (preds.size() < 2) continue;
    for (const Block* p : preds) {
      for (const Block* runner = p; runner && runner != dom.idom(b); runner = dom.idom(runner)) {
        auto& f = frontier[runner];
        if (std::find(f.begin(), f.end(), b) == f.end()) f.push_back(b);
      }
    }
  }
  std::vector<std::vector<Block*>> def_blocks(slices.size());
  for (Instruction* mem : memory_ops)
    if (mem->opcode() == Opcode::Store)
      if (int s = slice_index(mem); s >= 0) def_blocks[s].push_back(mem->parent());
  std::unordered_map<Instruction*, unsigned> phi_slice;
  ir::Builder builder(module);
  for (unsigned s = 0; s < slices.size(); ++s) {
    std::unordered_set<const Block*> has_phi, queued(def_blocks[s].begin(), def_blocks[s].end());
    std::vector<Block*> work = def_blocks[s];
    while (!work.empty()) {
      Block* b = work.back();
      work.pop_back();
      for (Block* f : frontier[b]) {
        if (!has_phi.insert(f).second) continue;
        builder.set_insert_point(f);
        builder.set_loc(slices[s].alloca->loc());
        Instruction* phi = builder.phi(slices[s].type);
        phi->set_name(slices[s].alloca->name());
        phi_slice[phi] = s;
        if (queued.insert(f).second) work.push_back(f);
      }
    }
  }

  // Renaming along the dominator tree.
  std::unordered_map<const Value*, Value*> replace;
  std::vector<Instruction*> dead;
  std::vector<std::vector<Value*>> current(slices.size());
  auto value_of = [&](unsigned s) -> Value* {
    return current[s].empty() ? module.get_undef(slices[s].type) : current[s].back();
  };
  struct Frame {
    Block* block;
    std::vector<unsigned> pushed;
    bool entered = false;
  };
  std::vector<Frame> stack{{fn.entry(), {}}};
  while (!stack.empty()) {
    Frame& frame = stack.back();
    if (frame.entered) {
      for (unsigned s : frame.pushed) current[s].pop_back();
      stack.pop_back();
      continue;
    }
    frame.entered = true;
    Block* b = frame.block;
    std::vector<unsigned> pushed;
    for (Instruction* i : b->instructions()) {
      if (auto it = phi_slice.find(i); it != phi_slice.end()) {
        current[it->second].push_back(i);
        pushed.push_back(it->second);
        continue;
      }
      if (i->opcode() != Opcode::Load && i->opcode() != Opcode::Store) continue;
      int s = slice_index(i);
      if (s < 0) continue;
      if (i->opcode() == Opcode::Load) {
        replace[i] = value_of(s);
      } else {
        current[s].push_back(i->operand(0));
        pushed.push_back(s);
      }
      dead.push_back(i);
    }
    for (Block* succ : b->successors())
      for (Instruction* i : succ->instructions()) {
        if (i->opcode() != Opcode::Phi) break;
        if (auto it = phi_slice.find(i); it != phi_slice.end()) i->add_incoming(value_of(it->second), b);
      }
    stack.back().pushed = std::move(pushed);  // `frame` may dangle after the pushes below
    for (Block* child : children[b]) stack.push_back({child, {}});
  }

  auto resolve = [&](Value* v) {
    for (auto it = replace.find(v); it != replace.end(); it = replace.find(v)) v = it->second;
    return v;
  };
  // The promoted allocas and the pointers into them have no uses left.
  std::unordered_set<const Instruction*> whole;
  for (auto& [alloca, by_offset] : accesses)
    if (std::all_of(by_offset.begin(), by_offset.end(),
                    [&, a = alloca](const auto& entry) { return slice_of.count({a, entry.first}) != 0; }))
      whole.insert(alloca);
  for (auto& [ptr, where] : base)
    if (whole.count(where.first)) dead.push_back(const_cast<Instruction*>(static_cast<const Instruction*>(ptr)));
  for (Instruction* i : dead) i->parent()->remove(i);
  for (Block* b : fn.blocks())
    for (Instruction* i : b->instructions())
      for (unsigned k = 0; k < i->num_operands(); ++k)
        if (replace.count(i->operand(k))) i->set_operand(k, resolve(i->operand(k)));
  return true;
}

}  // namespace simtc::analysis
