// Dominator tree of a function's CFG (Cooper, Harvey, Kennedy: "A Simple, Fast Dominance
// Algorithm"). Unreachable blocks have no dominator and dominate nothing.
#pragma once

#include <unordered_map>
#include <vector>

#include "ir/function.hpp"

namespace simtc::ir {

class DominatorTree {
 public:
  explicit DominatorTree(const Function& fn);

  bool reachable(const Block* b) const;
  /// The immediate dominator (null for the entry and for unreachable blocks).
  const Block* idom(const Block* b) const;
  /// a dominates b (every block dominates itself).
  bool dominates(const Block* a, const Block* b) const;
  /// The definition `def` dominates the use at instruction `user` (for a phi user, the use
  /// is at the end of the incoming block `phi_pred`).
  bool dominates(const Instruction* def, const Instruction* user,
                 const Block* phi_pred = nullptr) const;
  /// Blocks in reverse post-order from the entry.
  const std::vector<const Block*>& rpo() const { return rpo_; }
  /// The distinct predecessors of `b` (none for a block of another function).
  const std::vector<const Block*>& predecessors(const Block* b) const;

 private:
  std::vector<const Block*> rpo_;
  std::unordered_map<const Block*, int> order_;
  std::unordered_map<const Block*, const Block*> idom_;
  std::unordered_map<const Block*, std::vector<const Block*>> preds_;
};

}  // namespace simtc::ir
