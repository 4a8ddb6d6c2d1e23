// simt-shared-race: two threads of a block touch the same shared memory between the same two
// barriers, at least one of them writing, and not both atomically
// (docs/rules/simt-shared-race.md). symbolic.hpp gives each access's byte range as a term,
// intervals.hpp the pairs that can meet between two barriers, race_solver.hpp the proof.
#include <algorithm>
#include <cctype>

#include "analysis/intervals.hpp"
#include "analysis/race_solver.hpp"
#include "analysis/rule_context.hpp"
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

std::string kind(const SharedAccess& a) {
  if (a.opaque) return "recursive call";
  if (a.atomic) return a.write ? "atomic update" : "atomic read";
  return a.write ? "write" : "read";
}

std::string verb(const SharedAccess& a) {
  if (a.opaque) return "may touch";
  if (a.atomic) return a.write ? "atomically updates" : "atomically reads";
  return a.write ? "writes" : "reads";
}

std::string plural_verb(const SharedAccess& a) {
  if (a.opaque) return "may touch";
  if (a.atomic) return a.write ? "atomically update" : "atomically read";
  return a.write ? "write" : "read";
}

// "tid.x = 3" when the block is 1-D, else "tid = (3, 1)" or "tid = (3, 1, 0)".
std::string thread_words(const std::array<std::uint64_t, 3>& tid, const std::array<bool, 3>& shown) {
  if (!shown[1] && !shown[2]) return "tid.x = " + std::to_string(tid[0]);
  std::string out = "tid = (" + std::to_string(tid[0]);
  for (unsigned d = 1; d < 3; ++d)
    if (shown[d]) out += ", " + std::to_string(tid[d]);
  return out + ")";
}

// Where the error goes: at the safe access when only one is safe, else at an access rather than
// a recursive call, else at a plain access rather than an atomic one, else at a read rather
// than a write.
bool report_at_second(const SharedAccess& a, const SharedAccess& b) {
  if (a.unsafe != b.unsafe) return a.unsafe;
  if (a.opaque != b.opaque) return a.opaque;
  if (a.atomic != b.atomic) return a.atomic;
  if (a.write != b.write) return a.write;
  return false;
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
  const std::array<bool, 3> shown = solver.shown_dims();
  for (const IntervalPair& pair : pairs) {
    const SharedAccess& a = accesses[pair.first];
    const SharedAccess& b = accesses[pair.second];
    RaceAnswer answer;
    if (a.opaque || b.opaque)
      answer.reason = "simtc does not follow recursion";
    else
      answer = solver.check(a, b, pair.split_loops);
    if (answer.verdict == RaceVerdict::Disjoint) continue;
    const bool swap = report_at_second(a, b);
    const SharedAccess& at = swap ? b : a;
    const SharedAccess& other = swap ? a : b;
    const bool same = pair.first == pair.second;
    const std::string var = variable_words(at.var);
    const std::string other_words = same ? "the same " + kind(other) + " by another thread"
                                         : (other.atomic ? "an " : "a ") + kind(other) + " by another thread";
    Place place = context.place_of(at.inst);
    Place other_place = context.place_of(other.inst);
    Report report{place.loc, "", {}};
    std::string note;
    if (answer.verdict == RaceVerdict::Race) {
      report.message = "threads may race on " + var + ": this " + kind(at) + " and " + other_words +
                       " run between the same barriers";
      note = same ? "the same " + kind(other) + " in another thread" : "the " + kind(other);
      if (answer.witness) {
        const RaceWitness& w = *answer.witness;
        const std::string ta = thread_words(swap ? w.tid_b : w.tid_a, shown);
        const std::string tb = thread_words(swap ? w.tid_a : w.tid_b, shown);
        const std::string byte = "byte " + std::to_string(w.byte) + " of " + var;
        note += same ? " (" + tb + " and " + ta + " both " + plural_verb(at) + " " + byte + ")"
                     : " (" + tb + " " + verb(other) + " " + byte + ", which " + ta + " " + verb(at) + ")";
      }
    } else {
      report.message = "threads may race on " + var + ": simtc cannot prove that this " + kind(at) + " and " +
                       other_words + " between the same barriers touch different bytes";
      note = (same ? "the same " : "the ") + kind(other) + " (not proven: " + answer.reason + ")";
    }
    report.notes.push_back({other_place.loc, note});
    for (SourceLoc call : place.call_chain) report.notes.push_back({call, "reached through this call"});
    context.report(std::move(report));
  }
}

}  // namespace simtc::analysis
