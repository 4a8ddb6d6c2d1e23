#include "ir/post_dominators.hpp"

#include <unordered_set>

namespace simtc::ir {

PostDominatorTree::PostDominatorTree(const Function& fn,
                                     const std::function<bool(const Block*)>& ignore) {
  auto ignored = [&](const Block* b) { return ignore && ignore(b); };
  // The reversed graph: the virtual exit's successors are the exits, a block's are its
  // predecessors.
  std::unordered_map<const Block*, std::vector<const Block*>> preds;
  std::vector<const Block*> exits;
  for (const Block* b : fn.blocks()) {
    if (ignored(b)) continue;
    preds[b];
    const Instruction* term = b->terminator();
    if (term && (term->opcode() == Opcode::Ret || term->opcode() == Opcode::Unreachable))
      exits.push_back(b);
  }
  for (const Block* b : fn.blocks()) {
    if (ignored(b)) continue;
    for (const Block* s : b->successors())
      if (!ignored(s)) preds[s].push_back(b);
  }

  // Post-order of the reversed graph from the virtual exit (iterative depth-first search).
  // Index 0 of `nodes` is the virtual exit (null).
  std::vector<const Block*> post;
  std::unordered_set<const Block*> visited;
  std::vector<std::pair<const Block*, std::size_t>> stack;
  for (const Block* e : exits) {
    if (!visited.insert(e).second) continue;
    stack.push_back({e, 0});
    while (!stack.empty()) {
      auto& [block, next] = stack.back();
      const std::vector<const Block*>& succs = preds[block];
      if (next < succs.size()) {
        const Block* s = succs[next++];
        if (visited.insert(s).second) stack.push_back({s, 0});
      } else {
        post.push_back(block);
        stack.pop_back();
      }
    }
  }
  for (std::size_t i = 0; i < post.size(); ++i) order_[post[i]] = static_cast<int>(i);
  const int root = static_cast<int>(post.size());  // the virtual exit comes last in post-order

  // Cooper, Harvey, Kennedy on the reversed graph; null stands for the virtual exit.
  std::unordered_map<const Block*, const Block*> idom;
  auto order_of = [&](const Block* b) { return b ? order_.at(b) : root; };
  auto intersect = [&](const Block* a, const Block* b) {
    while (a != b) {
      while (order_of(a) < order_of(b)) a = idom.at(a);
      while (order_of(b) < order_of(a)) b = idom.at(b);
    }
    return a;
  };
  std::unordered_set<const Block*> exit_set(exits.begin(), exits.end());
  for (const Block* e : exits) idom[e] = nullptr;
  for (bool changed = true; changed;) {
    changed = false;
    for (std::size_t i = post.size(); i-- > 0;) {  // reverse post-order
      const Block* b = post[i];
      if (exit_set.count(b)) continue;
      bool have = false;
      const Block* new_idom = nullptr;
      for (const Block* s : b->successors()) {  // b's predecessors in the reversed graph
        if (ignored(s)) continue;
        // A successor that never reaches an exit (an endless loop) counts as the virtual exit.
        const Block* t = order_.count(s) ? s : nullptr;
        if (t != nullptr && !idom.count(t)) continue;  // not processed yet
        new_idom = have ? intersect(t, new_idom) : t;
        have = true;
      }
      if (!have) continue;
      auto it = idom.find(b);
      if (it == idom.end() || it->second != new_idom) {
        idom[b] = new_idom;
        changed = true;
      }
    }
  }
  ipdom_ = std::move(idom);
}

bool PostDominatorTree::reaches_exit(const Block* b) const { return order_.count(b) != 0; }

const Block* PostDominatorTree::ipdom(const Block* b) const {
  auto it = ipdom_.find(b);
  return it == ipdom_.end() ? nullptr : it->second;
}

bool PostDominatorTree::post_dominates(const Block* a, const Block* b) const {
  if (a == b) return true;
  if (!reaches_exit(a) || !reaches_exit(b)) return false;
  const int order_a = order_.at(a);
  for (const Block* up = ipdom(b); up != nullptr; up = ipdom(up)) {
    if (up == a) return true;
    if (order_.at(up) > order_a) return false;
  }
  return false;
}

}  // namespace simtc::ir
