#include "analysis/async_copies.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>
#include <unordered_map>

#include "analysis/intervals.hpp"

namespace simtc::analysis {
namespace {

constexpr int kMaxIterations = 3;     // back edges counted exactly; more: kAnyIterations
constexpr unsigned kMaxCommits = 15;  // commits counted exactly (more than any wait<N> asks)

// Terms made here (SymbolicInfo::adopt): a constant, and op(a, b) of a's width (width 1 and the
// predicate for a comparison).
const Term* made_const(SymbolicInfo& info, unsigned width, std::uint64_t value) {
  Term c;
  c.kind = Term::Kind::Const;
  c.width = width;
  c.value = value;
  return info.adopt(std::move(c));
}
const Term* made_binary(SymbolicInfo& info, ir::Opcode op, const Term* a, const Term* b) {
  Term t;
  t.kind = Term::Kind::Binary;
  t.width = a->width;
  t.op = op;
  t.ops = {a, b};
  return info.adopt(std::move(t));
}

constexpr int kNotEntered = -2;

// An instance: the copy (access index), its back edges per loop around it (innermost first),
// and per loop of the function entered since the copy, its back edges since (kNotEntered for
// the others).
struct Key {
  unsigned access;
  std::vector<int> iterations;
  std::vector<int> entered;
  bool operator<(const Key& o) const {
    return std::tie(access, iterations, entered) < std::tie(o.access, o.iterations, o.entered);
  }
};

int one_more(int n) { return n < 0 ? n : n + 1 > kMaxIterations ? kAnyIterations : n + 1; }

// Keys are interned: an instance is a number into Flow's table.
using KeyId = std::uint32_t;
struct Instance {
  KeyId key;
  unsigned commits;  // the fewest commits it can have seen
};
// The instances that may be in flight, sorted by key, one entry per key.
using State = std::vector<Instance>;

// Merges `from` into `into`; whether `into` changed.
bool merge(State& into, const State& from) {
  if (from.empty()) return false;
  State out;
  out.reserve(into.size() + from.size());
  bool changed = false;
  std::size_t i = 0, j = 0;
  while (i < into.size() || j < from.size()) {
    if (j == from.size() || (i < into.size() && into[i].key < from[j].key)) {
      out.push_back(into[i++]);
    } else if (i == into.size() || from[j].key < into[i].key) {
      out.push_back(from[j++]);
      changed = true;
    } else {
      changed |= from[j].commits < into[i].commits;
      out.push_back({into[i].key, std::min(into[i].commits, from[j].commits)});
      ++i;
      ++j;
    }
  }
  if (changed) into.swap(out);
  return changed;
}

class Flow {
 public:
  Flow(const ir::Function& fn, const SymbolicInfo& info) : fn_(fn), info_(info), loops_(info.loops()) {
    const std::vector<SharedAccess>& accesses = info.accesses();
    for (unsigned i = 0; i < accesses.size(); ++i) {
      const SharedAccess& a = accesses[i];
      if (!a.async || a.in_flight_after != nullptr) continue;
      std::vector<const ir::Block*> around;
      for (const ir::Block* l = loops_.innermost(a.inst->parent()); l != nullptr; l = loops_.parent(l))
        around.push_back(l);
      Key fresh{i, std::vector<int>(around.size(), 0), std::vector<int>(loops_.headers().size(), kNotEntered)};
      copies_[a.inst].push_back(intern(std::move(fresh)));
      around_[i] = std::move(around);
    }
  }

  std::vector<InFlightCopy> run() {
    if (copies_.empty() || fn_.entry() == nullptr) return {};
    std::unordered_map<const ir::Block*, State> in;
    in[fn_.entry()] = {};
    // Blocks in reverse post-order: a loop's body before its back edge is taken again.
    const std::vector<const ir::Block*>& rpo = loops_.dominators().rpo();
    std::unordered_map<const ir::Block*, std::size_t> position;
    for (std::size_t i = 0; i < rpo.size(); ++i) position[rpo[i]] = i;
    std::set<std::size_t> work{position.at(fn_.entry())};
    std::unordered_map<const ir::Instruction*, State> at_barrier;
    while (!work.empty()) {
      const ir::Block* b = rpo[*work.begin()];
      work.erase(work.begin());
      State state = in[b];
      for (const ir::Instruction* inst : b->instructions()) {
        if (is_block_barrier(*inst)) merge(at_barrier[inst], state);
        step(*inst, state);
      }
      for (const ir::Block* succ : b->successors()) {
        State next = along_edge(state, b, succ);
        auto [it, fresh] = in.emplace(succ, next);
        if (fresh || merge(it->second, next)) work.insert(position.at(succ));
      }
    }
    // In the order of the instructions, not of their addresses; at a barrier, in key order.
    std::vector<InFlightCopy> out;
    for (const ir::Block* b : fn_.blocks())
      for (const ir::Instruction* barrier : b->instructions()) {
        auto found = at_barrier.find(barrier);
        if (found == at_barrier.end()) continue;
        std::vector<const Key*> keys;
        for (const Instance& instance : found->second) keys.push_back(&keys_[instance.key]);
        std::sort(keys.begin(), keys.end(), [](const Key* x, const Key* y) { return *x < *y; });
        for (const Key* key : keys) {
          InFlightCopy copy{key->access, barrier, {}, {}};
          const std::vector<const ir::Block*>& around = around_.at(key->access);
          for (std::size_t l = 0; l < around.size(); ++l) copy.iterations.push_back({around[l], key->iterations[l]});
          for (std::size_t l = 0; l < key->entered.size(); ++l)
            if (key->entered[l] >= 0)
              copy.entered.push_back({loops_.headers()[l], static_cast<unsigned>(key->entered[l])});
          out.push_back(std::move(copy));
        }
      }
    return out;
  }

 private:
  KeyId intern(Key key) {
    auto [it, fresh] = ids_.emplace(std::move(key), static_cast<KeyId>(keys_.size()));
    if (fresh) keys_.push_back(it->first);
    return it->second;
  }

  void step(const ir::Instruction& inst, State& state) const {
    if (auto it = copies_.find(&inst); it != copies_.end()) {
      for (KeyId key : it->second) {  // the newest instance: no commit since
        auto at = std::lower_bound(state.begin(), state.end(), key,
                                   [](const Instance& x, KeyId k) { return x.key < k; });
        if (at != state.end() && at->key == key) at->commits = 0;
        else state.insert(at, {key, 0});
      }
      return;
    }
    if (inst.opcode() != ir::Opcode::Intrinsic) return;
    switch (inst.intrinsic_id()) {
      case ir::IntrinsicId::AsyncCommit:
        for (Instance& instance : state) instance.commits = std::min(instance.commits + 1, kMaxCommits);
        break;
      case ir::IntrinsicId::AsyncWaitAll: state.clear(); break;
      case ir::IntrinsicId::AsyncWait: {
        const ir::Value* n = inst.operand(0);
        if (n->value_kind() != ir::Value::ValueKind::Constant) break;  // completes nothing known
        const std::uint64_t pending = static_cast<const ir::Constant*>(n)->int_bits();
        std::erase_if(state, [&](const Instance& instance) { return instance.commits > pending; });
        break;
      }
      default: break;
    }
  }

  // The instances after the edge b -> succ: a back edge of a loop around a copy moves it one
  // iteration back, leaving the loop loses its iteration.
  enum class Crossing : std::uint8_t { Enter, Back, Leave };
  struct Edge {
    std::uint32_t id;
    std::vector<std::pair<std::size_t, Crossing>> crossed;  // by index into headers()
  };
  // The loops the edge b -> succ enters, goes round or leaves.
  const Edge& edge(const ir::Block* b, const ir::Block* succ) {
    auto [it, fresh] = edges_.emplace(std::make_pair(b, succ), Edge{static_cast<std::uint32_t>(edges_.size()), {}});
    if (fresh) {
      const std::vector<const ir::Block*>& headers = loops_.headers();
      for (std::size_t l = 0; l < headers.size(); ++l) {
        const bool from_inside = loops_.contains(headers[l], b);
        if (succ == headers[l]) it->second.crossed.push_back({l, from_inside ? Crossing::Back : Crossing::Enter});
        else if (from_inside && !loops_.contains(headers[l], succ)) it->second.crossed.push_back({l, Crossing::Leave});
      }
    }
    return it->second;
  }

  // The key an instance of `id` has after crossing `e` (memoised).
  KeyId moved(KeyId id, const Edge& e) {
    const std::uint64_t slot = (std::uint64_t{e.id} << 32) | id;
    if (auto it = moved_.find(slot); it != moved_.end()) return it->second;
    Key key = keys_[id];
    const std::vector<const ir::Block*>& around = around_.at(key.access);
    for (const auto& [l, how] : e.crossed) {
      const ir::Block* header = loops_.headers()[l];
      const auto at = std::find(around.begin(), around.end(), header);
      if (at != around.end()) {
        int& n = key.iterations[static_cast<std::size_t>(at - around.begin())];
        if (how == Crossing::Leave) n = kAnyIterations;
        else if (how == Crossing::Back) n = one_more(n);
        continue;
      }
      int& n = key.entered[l];
      n = how == Crossing::Enter ? 0 : how == Crossing::Back ? one_more(n) : kNotEntered;
    }
    const KeyId out = intern(std::move(key));
    moved_.emplace(slot, out);
    return out;
  }

  State along_edge(const State& state, const ir::Block* b, const ir::Block* succ) {
    const Edge& e = edge(b, succ);
    if (e.crossed.empty()) return state;
    State next;
    next.reserve(state.size());
    for (const Instance& instance : state) next.push_back({moved(instance.key, e), instance.commits});
    std::sort(next.begin(), next.end(), [](const Instance& x, const Instance& y) {
      return x.key != y.key ? x.key < y.key : x.commits < y.commits;
    });
    // One entry per key, with the fewest commits (the first after the sort).
    next.erase(std::unique(next.begin(), next.end(), [](const Instance& x, const Instance& y) { return x.key == y.key; }),
               next.end());
    return next;
  }

  const ir::Function& fn_;
  const SymbolicInfo& info_;
  const LoopForest& loops_;
  std::unordered_map<const ir::Instruction*, std::vector<KeyId>> copies_;  // each copy's newest instance
  std::unordered_map<unsigned, std::vector<const ir::Block*>> around_;
  std::vector<Key> keys_;
  std::map<Key, KeyId> ids_;
  std::map<std::pair<const ir::Block*, const ir::Block*>, Edge> edges_;
  std::unordered_map<std::uint64_t, KeyId> moved_;
};

// Rewrites the leaves of a copy's terms for a thread `shift` iterations later in some loops.
class Shifter {
 public:
  Shifter(SymbolicInfo& info, const ir::Instruction* copy, const std::vector<std::pair<const ir::Block*, unsigned>>& shifts)
      : info_(info), copy_(copy) {
    for (const auto& [loop, n] : shifts)
      if (n > 0) shifts_.push_back({loop, n});
  }

  /// Every use of `count` becomes `by`.
  void replace(const Term* count, const Term* by) { replaced_[count] = by; }

  const Term* operator()(const Term* t) {
    if (shifts_.empty() && replaced_.empty()) return t;
    if (auto it = memo_.find(t); it != memo_.end()) return it->second;
    const Term* out = rewrite(t);
    memo_[t] = out;
    return out;
  }

 private:
  // The shift of `header`'s loop, 0 when it is not shifted.
  unsigned shift_of(const ir::Block* header) const {
    for (const auto& [loop, n] : shifts_)
      if (loop == header) return n;
    return 0;
  }
  // Whether a leaf of `scope` is defined in a shifted loop (its value is another iteration's).
  bool in_shifted(const ir::Block* scope) const {
    if (scope == nullptr) return false;
    for (const auto& [loop, n] : shifts_)
      if (info_.loops().contains(loop, scope)) return true;
    return false;
  }

  const Term* rewrite(const Term* t) {
    switch (t->kind) {
      case Term::Kind::LoopCount: {
        if (auto it = replaced_.find(t); it != replaced_.end()) return it->second;
        if (const unsigned n = shift_of(t->scope))
          return made_binary(info_, ir::Opcode::Sub, t, made_const(info_, t->width, n));
        if (!in_shifted(t->scope)) return t;
        // A loop nested in a shifted one: that iteration's instance of it, whose count is
        // bounded by nothing known now.
        Term fresh;
        fresh.kind = Term::Kind::Symbol;
        fresh.width = t->width;
        fresh.source = copy_;
        fresh.per_thread = true;
        fresh.scope = t->scope;
        return info_.adopt(std::move(fresh));
      }
      case Term::Kind::Symbol: {
        if (!in_shifted(t->scope)) return t;
        Term fresh = *t;
        if (t->upper != nullptr) fresh.upper = (*this)(t->upper);
        return info_.adopt(std::move(fresh));
      }
      case Term::Kind::Binary: case Term::Kind::Cast: case Term::Kind::Compare: case Term::Kind::Select: {
        Term copy = *t;
        bool changed = false;
        for (const Term*& op : copy.ops) {
          const Term* r = (*this)(op);
          changed = changed || r != op;
          op = r;
        }
        return changed ? info_.adopt(std::move(copy)) : t;
      }
      default: return t;
    }
  }

  SymbolicInfo& info_;
  const ir::Instruction* copy_;
  std::vector<std::pair<const ir::Block*, unsigned>> shifts_;
  std::unordered_map<const Term*, const Term*> memo_;
  std::unordered_map<const Term*, const Term*> replaced_;
};

// The iteration count of a loop the copy was made in and the thread has left since: some
// iteration of the body of `lb`'s loop, which runs while init + step * k < bound, so with a
// constant step and bound that cannot wrap (symbolic.hpp, LoopBound) at most
// (bound - 1 - init) / step; null when the loop has no such bound.
const Term* bounded_count(SymbolicInfo& info, const LoopBound& lb, const ir::Instruction* copy) {
  if (lb.step->kind != Term::Kind::Const || lb.bound->kind != Term::Kind::Const) return nullptr;
  const unsigned w = lb.bound->width;
  const unsigned __int128 room = static_cast<unsigned __int128>(1) << w;
  if (lb.step->value == 0 || static_cast<unsigned __int128>(lb.bound->value) + lb.step->value > room ||
      lb.bound->value == 0)
    return nullptr;
  const Term* last = made_const(info, w, lb.bound->value - 1);
  const Term* upper = made_binary(info, ir::Opcode::UDiv, made_binary(info, ir::Opcode::Sub, last, lb.init), lb.step);
  if (lb.count->width < w) return nullptr;  // a truncated bound would bound nothing
  if (upper->width != lb.count->width) {
    Term fit;
    fit.kind = Term::Kind::Cast;
    fit.width = lb.count->width;
    fit.op = ir::Opcode::ZExt;
    fit.ops = {upper};
    upper = info.adopt(std::move(fit));
  }
  Term k;
  k.kind = Term::Kind::Symbol;
  k.width = lb.count->width;
  k.source = copy;
  k.per_thread = true;
  k.scope = lb.header;
  k.upper = upper;
  return info.adopt(std::move(k));
}

}  // namespace

void add_iteration_guard(SymbolicInfo& info, SharedAccess& a, const ir::Block* loop, unsigned n) {
  const Term* k = info.loop_count(loop);
  if (k == nullptr) return;  // no term counts that loop's iterations
  Term eq;
  eq.kind = Term::Kind::Compare;
  eq.width = 1;
  eq.pred = ir::CmpPred::Eq;
  eq.ops = {k, made_const(info, k->width, n)};
  a.guards.push_back({info.adopt(std::move(eq)), true});
}

std::vector<InFlightCopy> copies_in_flight(const ir::Function& fn, const SymbolicInfo& info) {
  return Flow(fn, info).run();
}

SharedAccess in_flight_access(SymbolicInfo& info, const InFlightCopy& copy,
                              const std::vector<std::pair<const ir::Block*, unsigned>>& shifts) {
  SharedAccess a = info.accesses().at(copy.access);
  Shifter shift(info, a.inst, shifts);
  // A loop left since the copy: the copy ran in its body, where its bound held.
  for (const auto& [loop, n] : copy.iterations) {
    if (n != kAnyIterations || !info.in_body(loop, a.inst->parent())) continue;
    for (const LoopBound& lb : std::vector<LoopBound>(info.loop_bounds()))
      if (lb.header == loop)
        if (const Term* k = bounded_count(info, lb, a.inst)) shift.replace(lb.count, k);
  }
  a.offset = shift(a.offset);
  a.size = shift(a.size);
  for (Guard& g : a.guards) g.cond = shift(g.cond);
  // In a loop entered after the copy, the thread's iteration is known.
  for (const auto& [loop, n] : copy.entered) add_iteration_guard(info, a, loop, n);
  a.in_flight_after = copy.barrier;
  a.at = copy.barrier->parent();
  return a;
}

}  // namespace simtc::analysis
