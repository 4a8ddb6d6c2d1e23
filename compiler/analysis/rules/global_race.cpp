// simt-global-race: two threads of a launch touch the same element of a writable buffer
// (DisjointSlice, AtomicSlice), at least one of them writing, not both atomically, and not
// ordered by a barrier of their block (docs/rules/simt-global-race.md). The same engine as
// simt-shared-race, over the whole grid: for two threads of one block, the pairs of accesses
// that can run between the same two barriers; for two threads of different blocks, which no
// barrier orders, every pair.
#include <algorithm>
#include <set>

#include "analysis/intervals.hpp"
#include "analysis/race_solver.hpp"
#include "analysis/rule_context.hpp"
#include "analysis/rules/race_report.hpp"
#include "analysis/symbolic.hpp"

namespace simtc::analysis {

void check_global_race(RuleContext& context) {
  const KernelView& kernel = context.kernel();
  SymbolicOptions options;
  options.in_unsafe = [&](const ir::Instruction* inst) { return context.place_of(inst).in_unsafe; };
  std::map<const ir::Argument*, std::string> names;
  for (const ir::KernelParam& p : kernel.original->signature().params) {
    if (p.kind != ir::KernelParam::Kind::DisjointSlice && p.kind != ir::KernelParam::Kind::AtomicSlice) continue;
    const ir::Argument* data = kernel.function->param(p.first_ir_param);
    options.buffers.push_back(data);
    names[data] = (p.kind == ir::KernelParam::Kind::DisjointSlice ? "DisjointSlice '" : "AtomicSlice '") + p.name + "'";
  }
  if (options.buffers.empty()) return;
  options.from_owner = [&](const ir::Instruction* inst) {
    auto it = kernel.inlined.site_of.find(inst);
    return it != kernel.inlined.site_of.end() && it->second->callee->is_owner_access();
  };
  SymbolicInfo info = analyze_shared_accesses(*kernel.function, context.uniformity(), options);
  std::vector<const SharedAccess*> accesses;
  for (const SharedAccess& a : info.accesses())
    if (a.buffer != nullptr) accesses.push_back(&a);
  if (accesses.empty()) return;
  auto relevant = [&](unsigned i, unsigned j) {
    const SharedAccess& a = *accesses[i];
    const SharedAccess& b = *accesses[j];
    // Two threads' owned elements are disjoint by the index space (safety-model.md).
    return a.buffer == b.buffer && (a.write || b.write) && !(a.atomic && b.atomic) && !(a.unsafe && b.unsafe) &&
           !(a.owned && b.owned);
  };
  std::vector<const ir::Instruction*> insts;
  for (const SharedAccess* a : accesses) insts.push_back(a->inst);
  std::set<std::pair<unsigned, unsigned>> same_interval;
  std::vector<IntervalPair> pairs = barrier_interval_pairs(*kernel.function, info.loops(), insts, relevant);
  for (const IntervalPair& p : pairs) same_interval.insert({p.first, p.second});
  // Threads of two blocks: every pair, whatever the barriers between them.
  for (unsigned i = 0; i < accesses.size(); ++i)
    for (unsigned j = i; j < accesses.size(); ++j)
      if (relevant(i, j) && !same_interval.count({i, j})) pairs.push_back({i, j, {}, {}, {}, {}});
  // The witness counts elements when every access to the buffer moves one of the same size.
  std::map<const ir::Argument*, std::uint64_t> element;
  for (const SharedAccess* a : accesses) {
    const std::uint64_t size = a->size->kind == Term::Kind::Const ? a->size->value : 0;
    auto [it, fresh] = element.emplace(a->buffer, size);
    if (!fresh && it->second != size) it->second = 0;
  }
  RaceSolver solver(*kernel.function, info);
  for (const IntervalPair& pair : pairs) {
    const SharedAccess& a = *accesses[pair.first];
    const SharedAccess& b = *accesses[pair.second];
    RaceAnswer answer;
    if (a.opaque || b.opaque) {
      answer.reason = opaque_reason(a, b);
    } else {
      if (same_interval.count({pair.first, pair.second})) answer = solver.check(a, b, pair.split_loops, false);
      if (answer.verdict == RaceVerdict::Disjoint || !same_interval.count({pair.first, pair.second}))
        answer = solver.check(a, b, {}, true);
    }
    if (answer.verdict == RaceVerdict::Disjoint) continue;
    const std::uint64_t unit = element[a.buffer];
    RaceReportWords words{names[a.buffer], unit != 0 ? "element" : "byte", unit != 0 ? unit : 1, solver.shown_dims(),
                          "in one launch, unordered"};
    report_race(context, a, b, pair.first == pair.second, answer, words);
  }
}

}  // namespace simtc::analysis
