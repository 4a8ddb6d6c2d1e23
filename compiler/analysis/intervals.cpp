#include "analysis/intervals.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <unordered_map>

namespace simtc::analysis {
namespace {

// Per loop, which back-edge counts since the interval's start the paths have: bit 0 none,
// bit 1 one, bit 2 more; bit 3: the path has not entered the loop since the start.
using Mask = std::uint8_t;
constexpr Mask kZero = 1, kOne = 2, kMany = 4, kOutside = 8;

Mask step(Mask m) { return static_cast<Mask>(((m & kZero) ? kOne : 0) | ((m & (kOne | kMany)) ? kMany : 0)); }

bool same_iteration(Mask a, Mask b) { return a == b && (a == kZero || a == kOne || a == kOutside); }

}  // namespace

bool is_block_barrier(const ir::Instruction& inst) {
  return inst.opcode() == ir::Opcode::Intrinsic && (ir::intrinsic_flags(inst.intrinsic_id()) & ir::BlockCollective);
}

std::vector<IntervalPair> barrier_interval_pairs(const ir::Function& fn, const LoopForest& loops,
                                                 const std::vector<const ir::Instruction*>& insts,
                                                 const std::function<bool(unsigned, unsigned)>& relevant) {
  const std::vector<const ir::Block*>& headers = loops.headers();
  const std::size_t nloops = headers.size();
  std::unordered_map<const ir::Block*, std::size_t> loop_index;
  for (std::size_t l = 0; l < nloops; ++l) loop_index[headers[l]] = l;
  std::unordered_map<const ir::Instruction*, std::vector<unsigned>> index_of;
  for (unsigned i = 0; i < insts.size(); ++i) index_of[insts[i]].push_back(i);

  // The starts: the entry and every barrier (resuming after it).
  std::vector<std::pair<const ir::Block*, std::size_t>> starts;
  if (fn.entry() != nullptr) starts.push_back({fn.entry(), 0});
  for (const ir::Block* b : loops.dominators().rpo())
    for (std::size_t i = 0; i < b->instructions().size(); ++i)
      if (is_block_barrier(*b->instructions()[i])) starts.push_back({b, i + 1});

  std::map<std::pair<unsigned, unsigned>, std::set<const ir::Block*>> pairs;
  std::map<std::pair<unsigned, unsigned>, std::vector<int>> one_apart;
  // (x, y): per loop, whether x runs in the loop's first iteration wherever it meets y.
  std::map<std::pair<unsigned, unsigned>, std::vector<bool>> first_iteration;
  for (const auto& [start_block, start_index] : starts) {
    using State = std::vector<Mask>;
    State initial(nloops, kOutside);
    for (std::size_t l = 0; l < nloops; ++l)
      if (loops.contains(headers[l], start_block)) initial[l] = kZero;
    std::unordered_map<const ir::Block*, State> at_entry;  // merged state at a block's start
    std::unordered_map<unsigned, State> reached;           // merged state at each instruction
    if (start_index > 0)
      if (auto it = index_of.find(start_block->instructions()[start_index - 1]); it != index_of.end())
        for (unsigned k : it->second) reached.emplace(k, initial);
    std::vector<std::pair<const ir::Block*, std::size_t>> work{{start_block, start_index}};
    std::vector<State> work_state{initial};
    while (!work.empty()) {
      auto [b, from] = work.back();
      State state = work_state.back();
      work.pop_back();
      work_state.pop_back();
      bool cut = false;
      for (std::size_t i = from; i < b->instructions().size() && !cut; ++i) {
        const ir::Instruction* inst = b->instructions()[i];
        if (is_block_barrier(*inst)) {
          cut = true;
          break;
        }
        auto it = index_of.find(inst);
        if (it == index_of.end()) continue;
        for (unsigned k : it->second) {
          auto [r, fresh] = reached.emplace(k, state);
          if (!fresh)
            for (std::size_t l = 0; l < nloops; ++l) r->second[l] |= state[l];
        }
      }
      if (cut) continue;
      for (const ir::Block* succ : b->successors()) {
        State next = state;
        auto li = loop_index.find(succ);
        if (li != loop_index.end()) {
          const std::size_t l = li->second;
          if (loops.contains(succ, b)) {
            next[l] = step(next[l]);
            // A new iteration of the loop starts new instances of the loops inside it.
            for (std::size_t n = 0; n < nloops; ++n)
              if (n != l && loops.contains(succ, headers[n])) next[n] = kOutside;
          } else {
            next[l] = kZero;
          }
        }
        auto [e, fresh] = at_entry.emplace(succ, next);
        bool changed = fresh;
        if (!fresh)
          for (std::size_t l = 0; l < nloops; ++l) {
            const Mask merged = e->second[l] | next[l];
            if (merged != e->second[l]) {
              e->second[l] = merged;
              changed = true;
            }
          }
        if (changed) {
          work.push_back({succ, 0});
          work_state.push_back(e->second);
        }
      }
    }
    std::vector<unsigned> seen;
    for (const auto& [k, state] : reached) seen.push_back(k);
    std::sort(seen.begin(), seen.end());
    for (std::size_t x = 0; x < seen.size(); ++x)
      for (std::size_t y = x; y < seen.size(); ++y) {
        const unsigned a = seen[x], b = seen[y];
        if (!relevant(a, b)) continue;
        auto& split = pairs[{a, b}];
        // Per loop, what every start so far found: the same iteration (2), one apart (+1, -1),
        // or anything else (0).
        auto [apart, first_time] = one_apart.emplace(std::make_pair(a, b), std::vector<int>(nloops, 0));
        auto [first_a, fresh_a] = first_iteration.emplace(std::make_pair(a, b), std::vector<bool>(nloops, true));
        auto [first_b, fresh_b] = first_iteration.emplace(std::make_pair(b, a), std::vector<bool>(nloops, true));
        const State& sa = reached.at(a);
        const State& sb = reached.at(b);
        for (std::size_t l = 0; l < nloops; ++l) {
          // Entered after the start and no back edge taken since: the loop's first iteration.
          first_a->second[l] = first_a->second[l] && initial[l] == kOutside && sa[l] == kZero;
          first_b->second[l] = first_b->second[l] && initial[l] == kOutside && sb[l] == kZero;
          const int found = same_iteration(sa[l], sb[l])            ? 2
                            : sa[l] == kZero && sb[l] == kOne ? 1
                            : sa[l] == kOne && sb[l] == kZero ? -1
                                                              : 0;
          if (first_time) apart->second[l] = found;
          else if (apart->second[l] != found) apart->second[l] = 0;
          if (found != 2) split.insert(headers[l]);
        }
      }
  }
  std::vector<IntervalPair> out;
  for (auto& [key, split] : pairs) {
    IntervalPair pair{key.first, key.second, {split.begin(), split.end()}, {}, {}, {}};
    const std::vector<int>& apart = one_apart.at(key);
    for (std::size_t l = 0; l < nloops; ++l)
      if (apart[l] == 1 || apart[l] == -1) pair.one_apart.push_back({headers[l], apart[l]});
    for (int side = 0; side < 2; ++side) {
      const std::vector<bool>& first =
          first_iteration.at(side == 0 ? key : std::make_pair(key.second, key.first));
      for (std::size_t l = 0; l < nloops; ++l)
        if (first[l]) (side == 0 ? pair.first_iteration_first : pair.first_iteration_second).push_back(headers[l]);
    }
    out.push_back(std::move(pair));
  }
  return out;
}

}  // namespace simtc::analysis
