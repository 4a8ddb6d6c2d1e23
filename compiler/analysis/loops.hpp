// Natural loops of a function's CFG, for the race analysis: a back edge is an edge whose target
// dominates its source; the loop of a header is the header and every block that reaches one of
// its back edges without passing the header. Loops that share a header are one loop. Irgen
// emits structured control flow only, so every cycle has a header that dominates it.
#pragma once

#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "ir/dominators.hpp"
#include "ir/function.hpp"

namespace simtc::analysis {

class LoopForest {
 public:
  explicit LoopForest(const ir::Function& fn);

  const ir::DominatorTree& dominators() const { return dom_; }
  /// The headers of the function's loops, outer loops before the loops nested in them.
  const std::vector<const ir::Block*>& headers() const { return headers_; }
  /// The header of the innermost loop containing `b`, or null.
  const ir::Block* innermost(const ir::Block* b) const;
  /// The header of the loop that immediately contains the loop of `header`, or null.
  const ir::Block* parent(const ir::Block* header) const;
  /// `b` lies in the loop of `header`.
  bool contains(const ir::Block* header, const ir::Block* b) const;
  /// The edge from -> to is a back edge (to is the header of a loop containing from).
  bool is_back_edge(const ir::Block* from, const ir::Block* to) const;

 private:
  ir::DominatorTree dom_;
  std::vector<const ir::Block*> headers_;
  std::unordered_map<const ir::Block*, std::unordered_set<const ir::Block*>> body_;
  std::unordered_map<const ir::Block*, const ir::Block*> innermost_;
  std::unordered_map<const ir::Block*, const ir::Block*> parent_;
};

}  // namespace simtc::analysis
