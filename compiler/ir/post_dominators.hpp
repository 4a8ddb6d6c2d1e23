// Post-dominator tree of a function's CFG: the dominator tree of the reversed CFG, rooted at a
// virtual exit that every block ending in `ret` or `unreachable` flows into (Cooper, Harvey,
// Kennedy, as dominators.hpp). Blocks may be left out (their edges with them): the analyses
// leave out the paths on which a thread traps. A block that reaches no exit (an endless loop)
// or that the entry does not reach is post-dominated by the virtual exit only.
#pragma once

#include <functional>
#include <unordered_map>
#include <vector>

#include "ir/function.hpp"

namespace simtc::ir {

class PostDominatorTree {
 public:
  /// `ignore(b)` true: b and its edges are not part of the graph.
  explicit PostDominatorTree(const Function& fn,
                             const std::function<bool(const Block*)>& ignore = {});

  /// Whether an exit is reachable from b (in the graph without the ignored blocks).
  bool reaches_exit(const Block* b) const;
  /// The immediate post-dominator; null when only the virtual exit post-dominates b.
  const Block* ipdom(const Block* b) const;
  /// a post-dominates b (every block post-dominates itself).
  bool post_dominates(const Block* a, const Block* b) const;

 private:
  std::unordered_map<const Block*, int> order_;   // post-order number on the reversed CFG; root = -1
  std::unordered_map<const Block*, const Block*> ipdom_;  // null: the virtual exit
};

}  // namespace simtc::ir
