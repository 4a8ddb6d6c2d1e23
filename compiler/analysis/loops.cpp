#include "analysis/loops.hpp"

#include <algorithm>

namespace simtc::analysis {

LoopForest::LoopForest(const ir::Function& fn) : dom_(fn) {
  // Headers in reverse post-order: an outer loop's header comes before its inner loops'.
  for (const ir::Block* b : dom_.rpo()) {
    std::vector<const ir::Block*> latches;
    for (const ir::Block* pred : dom_.predecessors(b))
      if (dom_.reachable(pred) && dom_.dominates(b, pred)) latches.push_back(pred);
    if (latches.empty()) continue;
    headers_.push_back(b);
    auto& body = body_[b];
    body.insert(b);
    std::vector<const ir::Block*> work = latches;
    while (!work.empty()) {
      const ir::Block* x = work.back();
      work.pop_back();
      if (!body.insert(x).second) continue;
      for (const ir::Block* pred : dom_.predecessors(x))
        if (dom_.reachable(pred) && !body.count(pred)) work.push_back(pred);
    }
  }
  // Innermost loop of each block: the last header (in RPO, the most deeply nested) containing it.
  for (const ir::Block* h : headers_)
    for (const ir::Block* b : body_[h]) innermost_[b] = h;
  for (const ir::Block* h : headers_) {
    const ir::Block* best = nullptr;
    for (const ir::Block* outer : headers_) {
      if (outer == h) break;
      if (body_[outer].count(h)) best = outer;
    }
    parent_[h] = best;
  }
}

const ir::Block* LoopForest::innermost(const ir::Block* b) const {
  auto it = innermost_.find(b);
  return it == innermost_.end() ? nullptr : it->second;
}

const ir::Block* LoopForest::parent(const ir::Block* header) const {
  auto it = parent_.find(header);
  return it == parent_.end() ? nullptr : it->second;
}

bool LoopForest::contains(const ir::Block* header, const ir::Block* b) const {
  auto it = body_.find(header);
  return it != body_.end() && it->second.count(b) != 0;
}

bool LoopForest::is_back_edge(const ir::Block* from, const ir::Block* to) const {
  return body_.count(to) != 0 && contains(to, from) && dom_.dominates(to, from);
}

}  // namespace simtc::analysis
