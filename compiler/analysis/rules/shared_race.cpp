// simt-shared-race: two threads of a block touch the same shared memory between the same two
// barriers, at least one of them writing, and not both atomically
// (docs/rules/simt-shared-race.md). symbolic.hpp gives each access's byte range as a term,
// intervals.hpp the pairs that can meet between two barriers, race_solver.hpp the proof.
#include <algorithm>
#include <cctype>
#include <map>
#include <set>

#include "analysis/async_copies.hpp"
#include "analysis/intervals.hpp"
#include "analysis/race_solver.hpp"
#include "analysis/rule_context.hpp"
#include "analysis/rules/race_report.hpp"
#include "analysis/symbolic.hpp"

namespace simtc::analysis {
namespace {

// 'partial' for @shared.partial (and @shared.partial.2, a second variable of that name).
std::string variable_words(const ir::Global* g) {
  if (g->is_extern()) return "dynamic shared memory";
  std::string name = g->symbol();
  if (name.rfind("shared.", 0) == 0) name = name.substr(7);
  const std::size_t dot = name.rfind('.');
  if (dot != std::string::npos && dot + 1 < name.size() &&
      std::all_of(name.begin() + static_cast<long>(dot) + 1, name.end(), [](char c) { return std::isdigit(c) != 0; }))
    name = name.substr(0, dot);
  return "shared memory '" + name + "'";
}

}  // namespace

void check_shared_race(RuleContext& context) {
  const KernelView& kernel = context.kernel();
  SymbolicOptions options;
  options.in_unsafe = [&](const ir::Instruction* inst) { return context.place_of(inst).in_unsafe; };
  SymbolicInfo info = analyze_shared_accesses(*kernel.function, context.uniformity(), options);
  const std::vector<SharedAccess>& accesses = info.accesses();
  if (accesses.empty()) return;
  // Copies still in flight after a barrier: accesses of their own, at the barrier.
  const std::vector<InFlightCopy> flying = copies_in_flight(*kernel.function, info);
  const unsigned real = static_cast<unsigned>(accesses.size());
  auto base = [&](unsigned i) -> const SharedAccess& { return accesses[i < real ? i : flying[i - real].access]; };
  std::vector<const ir::Instruction*> insts;
  for (const SharedAccess& a : accesses) insts.push_back(a.inst);
  for (const InFlightCopy& f : flying) insts.push_back(f.barrier);
  auto relevant = [&](unsigned i, unsigned j) {
    const SharedAccess& a = base(i);
    const SharedAccess& b = base(j);
    return a.var == b.var && (a.write || b.write) && !(a.atomic && b.atomic) && !(a.unsafe && b.unsafe);
  };
  const std::vector<IntervalPair> pairs = barrier_interval_pairs(*kernel.function, info.loops(), insts, relevant);
  RaceSolver solver(*kernel.function, info);
  const RaceReportWords words{"", "byte", 1, solver.shown_dims(), "between the same barriers"};
  // One access per in-flight copy and shift (the same unknowns for both threads).
  std::map<std::pair<unsigned, std::vector<std::pair<const ir::Block*, unsigned>>>, SharedAccess> made;
  std::set<std::pair<std::vector<SourceLoc>, std::vector<SourceLoc>>> reported;
  for (const IntervalPair& pair : pairs) {
    std::vector<const ir::Block*> split = pair.split_loops;
    // An in-flight copy for the other thread's iteration: the loops it is shifted in leave the
    // split; those where nothing is known join it.
    auto side = [&](unsigned i, unsigned other, int other_ahead) -> SharedAccess {
      if (i < real) return accesses[i];
      const InFlightCopy& f = flying[i - real];
      std::vector<std::pair<const ir::Block*, unsigned>> shifts;
      for (const auto& [loop, n] : f.iterations) {
        auto at = std::find(split.begin(), split.end(), loop);
        if (n == kAnyIterations) {
          if (at == split.end()) split.push_back(loop);
          continue;
        }
        if (at == split.end()) {
          shifts.push_back({loop, static_cast<unsigned>(n)});
          continue;
        }
        const bool ahead = std::find(pair.one_apart.begin(), pair.one_apart.end(), std::make_pair(loop, other_ahead)) !=
                           pair.one_apart.end();
        // The other thread one iteration on, in the loop's body (where its count's bound holds).
        if (ahead && other < real && info.in_body(loop, block_of(accesses[other]))) {
          shifts.push_back({loop, static_cast<unsigned>(n) + 1});
          split.erase(at);
        }
      }
      auto key = std::make_pair(i, shifts);
      auto it = made.find(key);
      if (it == made.end()) it = made.emplace(std::move(key), in_flight_access(info, f, shifts)).first;
      return it->second;
    };
    SharedAccess a = side(pair.first, pair.second, 1);
    SharedAccess b = side(pair.second, pair.first, -1);
    // A thread that entered a loop after the interval's start and took no back edge since runs
    // its first iteration.
    for (const auto& [x, loops] : {std::pair{&a, &pair.first_iteration_first}, std::pair{&b, &pair.first_iteration_second}})
      for (const ir::Block* loop : *loops)
        if (info.loops().contains(loop, block_of(*x))) add_iteration_guard(info, *x, loop, 0);
    RaceAnswer answer;
    if (a.opaque || b.opaque)
      answer.reason = opaque_reason(a, b);
    else
      answer = solver.check(a, b, split);
    if (answer.verdict == RaceVerdict::Disjoint) continue;
    // One source place can be several accesses (an asynchronous copy is the copy, its zero
    // fill and one per barrier it is in flight across): one error per pair of places.
    {
      Place pa = context.place_of(a.inst), pb = context.place_of(b.inst);
      pa.call_chain.insert(pa.call_chain.begin(), pa.loc);
      pb.call_chain.insert(pb.call_chain.begin(), pb.loc);
      if (pb.call_chain < pa.call_chain) std::swap(pa, pb);
      if (!reported.insert({pa.call_chain, pb.call_chain}).second) continue;
    }
    RaceReportWords these = words;
    these.memory = variable_words(a.var);
    report_race(context, a, b, pair.first == pair.second, answer, these);
  }
}

}  // namespace simtc::analysis
