#include "ir/dominators.hpp"

#include <algorithm>
#include <unordered_set>

namespace simtc::ir {

DominatorTree::DominatorTree(const Function& fn) {
  for (const Block* b : fn.blocks()) preds_[b];
  for (const Block* b : fn.blocks())
    for (const Block* s : b->successors()) preds_[s].push_back(b);
  const Block* entry = fn.entry();
  if (!entry) return;

  // Post-order by an iterative depth-first search, then reversed.
  std::vector<const Block*> post;
  std::unordered_set<const Block*> visited{entry};
  // Each frame keeps its block's successors: computing them again at every step would make a
  // switch with n targets cost n^2 (or worse) here.
  struct Frame {
    const Block* block;
    std::vector<Block*> succs;
    std::size_t next = 0;
  };
  std::vector<Frame> stack;
  stack.push_back({entry, entry->successors()});
  while (!stack.empty()) {
    Frame& top = stack.back();
    if (top.next < top.succs.size()) {
      const Block* s = top.succs[top.next++];
      if (visited.insert(s).second) stack.push_back({s, s->successors()});
    } else {
      post.push_back(top.block);
      stack.pop_back();
    }
  }
  rpo_.assign(post.rbegin(), post.rend());
  for (std::size_t i = 0; i < rpo_.size(); ++i) order_[rpo_[i]] = static_cast<int>(i);

  // Cooper, Harvey, Kennedy: iterate idom(b) = intersect of the processed predecessors.
  idom_[entry] = entry;
  auto intersect = [&](const Block* a, const Block* b) {
    while (a != b) {
      while (order_[a] > order_[b]) a = idom_[a];
      while (order_[b] > order_[a]) b = idom_[b];
    }
    return a;
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (std::size_t i = 1; i < rpo_.size(); ++i) {
      const Block* b = rpo_[i];
      const Block* new_idom = nullptr;
      for (const Block* p : preds_[b]) {
        if (!idom_.count(p)) continue;  // unprocessed or unreachable
        new_idom = new_idom ? intersect(p, new_idom) : p;
      }
      if (new_idom && idom_[b] != new_idom) {
        idom_[b] = new_idom;
        changed = true;
      }
    }
  }
}

bool DominatorTree::reachable(const Block* b) const { return order_.count(b) != 0; }

const Block* DominatorTree::idom(const Block* b) const {
  auto it = idom_.find(b);
  if (it == idom_.end() || it->second == b) return nullptr;  // unreachable, or the entry
  return it->second;
}

bool DominatorTree::dominates(const Block* a, const Block* b) const {
  if (!reachable(a) || !reachable(b)) return false;
  const int order_a = order_.at(a);
  for (;;) {
    if (b == a) return true;
    const Block* up = idom_.at(b);
    if (up == b || order_.at(up) < order_a) return false;
    b = up;
  }
}

bool DominatorTree::dominates(const Instruction* def, const Instruction* user,
                              const Block* phi_pred) const {
  const Block* def_block = def->parent();
  if (!def_block) return false;
  if (phi_pred) return dominates(def_block, phi_pred);
  const Block* use_block = user->parent();
  if (!use_block) return false;
  if (def_block != use_block) return dominates(def_block, use_block);
  if (!reachable(def_block) || def == user) return false;
  const auto& insts = def_block->instructions();
  auto d = std::find(insts.begin(), insts.end(), def);
  auto u = std::find(insts.begin(), insts.end(), user);
  return d < u;
}

const std::vector<const Block*>& DominatorTree::predecessors(const Block* b) const {
  static const std::vector<const Block*> kNone;
  auto it = preds_.find(b);
  return it == preds_.end() ? kNone : it->second;
}

}  // namespace simtc::ir
