// simt-shared-race: two threads of a block touch the same shared memory between the same two
// barriers, at least one of them writing, and not both atomically
// (docs/rules/simt-shared-race.md). symbolic.hpp gives each access's byte range as a term,
// intervals.hpp the pairs that can meet between two barriers, race_solver.hpp the proof.
#include <algorithm>
#include <cctype>

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
  std::vector<const ir::Instruction*> insts;
  for (const SharedAccess& a : accesses) insts.push_back(a.inst);
  auto relevant = [&](unsigned i, unsigned j) {
    const SharedAccess& a = accesses[i];
    const SharedAccess& b = accesses[j];
    return a.var == b.var && (a.write || b.write) && !(a.atomic && b.atomic) && !(a.unsafe && b.unsafe);
  };
  const std::vector<IntervalPair> pairs = barrier_interval_pairs(*kernel.function, info.loops(), insts, relevant);
  RaceSolver solver(*kernel.function, info);
  const RaceReportWords words{"", "byte", 1, solver.shown_dims(), "between the same barriers"};
  for (const IntervalPair& pair : pairs) {
    const SharedAccess& a = accesses[pair.first];
    const SharedAccess& b = accesses[pair.second];
    RaceAnswer answer;
    if (a.opaque || b.opaque)
      answer.reason = "simtc does not follow recursion";
    else
      answer = solver.check(a, b, pair.split_loops);
    if (answer.verdict == RaceVerdict::Disjoint) continue;
    RaceReportWords these = words;
    these.memory = variable_words(a.var);
    report_race(context, a, b, pair.first == pair.second, answer, these);
  }
}

}  // namespace simtc::analysis
