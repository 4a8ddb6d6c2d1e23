// Small helpers the passes share (the IR keeps no use lists: these scan).
#pragma once

#include <unordered_map>
#include <vector>

#include "ir/function.hpp"

namespace simtc::passes {

/// Replaces every use of `from` by `to` in the operands of `fn`'s instructions.
void replace_all_uses(ir::Function& fn, ir::Value* from, ir::Value* to);

/// The distinct predecessors of every block of `fn`, in block order.
std::unordered_map<ir::Block*, std::vector<ir::Block*>> predecessor_map(ir::Function& fn);

/// The phis at the start of `block`.
std::vector<ir::Instruction*> phis(const ir::Block* block);

/// Removes every incoming edge from `from` in the phis of `block`.
void remove_phi_edges(ir::Block* block, ir::Block* from);

}  // namespace simtc::passes
