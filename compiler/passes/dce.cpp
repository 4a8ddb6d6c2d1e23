#include "passes/dce.hpp"

#include <unordered_set>

namespace simtc::passes {

bool is_removable_if_unused(const ir::Instruction& inst) {
  using ir::Opcode;
  const Opcode op = inst.opcode();
  if (ir::is_binary(op) || ir::is_cast(op)) return true;
  switch (op) {
    case Opcode::FNeg: case Opcode::ICmp: case Opcode::FCmp: case Opcode::Select:
    case Opcode::PtrAdd: case Opcode::Phi: case Opcode::Alloca: case Opcode::ExtractElement:
    case Opcode::InsertElement:
      return true;
    case Opcode::Load: return (inst.flags() & ir::Volatile) == 0;
    case Opcode::Intrinsic: return (ir::intrinsic_flags(inst.intrinsic_id()) & ir::Pure) != 0;
    default: return false;  // stores, calls, memcpy/memset, terminators
  }
}

bool dce(ir::Function& fn) {
  // Mark: everything that must stay, then whatever it uses, transitively.
  std::unordered_set<const ir::Instruction*> live;
  std::vector<const ir::Instruction*> work;
  for (ir::Block* b : fn.blocks())
    for (ir::Instruction* i : b->instructions())
      if (!is_removable_if_unused(*i) && live.insert(i).second) work.push_back(i);
  while (!work.empty()) {
    const ir::Instruction* i = work.back();
    work.pop_back();
    for (ir::Value* v : i->operands())
      if (v && v->value_kind() == ir::Value::ValueKind::Instruction) {
        auto* def = static_cast<const ir::Instruction*>(v);
        if (live.insert(def).second) work.push_back(def);
      }
  }
  // Sweep.
  bool changed = false;
  for (ir::Block* b : fn.blocks()) {
    std::vector<ir::Instruction*> insts = b->instructions();
    for (ir::Instruction* i : insts)
      if (!live.count(i)) {
        b->remove(i);
        changed = true;
      }
  }
  return changed;
}

void dce(ir::Module& module) {
  for (ir::Function* fn : module.functions()) dce(*fn);
}

}  // namespace simtc::passes
