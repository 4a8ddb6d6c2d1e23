#include "passes/pass_utils.hpp"

namespace simtc::passes {

void replace_all_uses(ir::Function& fn, ir::Value* from, ir::Value* to) {
  for (ir::Block* b : fn.blocks())
    for (ir::Instruction* i : b->instructions())
      for (unsigned k = 0; k < i->num_operands(); ++k)
        if (i->operand(k) == from) i->set_operand(k, to);
}

std::unordered_map<ir::Block*, std::vector<ir::Block*>> predecessor_map(ir::Function& fn) {
  std::unordered_map<ir::Block*, std::vector<ir::Block*>> preds;
  for (ir::Block* b : fn.blocks()) preds[b];
  for (ir::Block* b : fn.blocks())
    for (ir::Block* s : b->successors()) preds[s].push_back(b);
  return preds;
}

std::vector<ir::Instruction*> phis(const ir::Block* block) {
  std::vector<ir::Instruction*> out;
  for (ir::Instruction* i : block->instructions()) {
    if (i->opcode() != ir::Opcode::Phi) break;
    out.push_back(i);
  }
  return out;
}

void remove_phi_edges(ir::Block* block, ir::Block* from) {
  for (ir::Instruction* phi : phis(block))
    for (unsigned j = static_cast<unsigned>(phi->blocks().size()); j-- > 0;)
      if (phi->blocks()[j] == from) phi->remove_incoming(j);
}

}  // namespace simtc::passes
