// Asynchronous copies (cp.async) for the race rule: when a copy's write can land.
//
// A thread's cp.async writes its bytes of shared memory at some moment between the copy and the
// wait that completes it, and other threads see them after the next barrier. So the copy is a
// write that may run anywhere in the interval it is issued in (simt-shared-race pairs it there
// like a store) and in every interval it is still in flight at the start of: those that begin at a
// barrier the thread reaches before its wait.
//
// Completion follows PTX's group rule. Each commit closes the copies since the last commit into a
// group; wait<N> completes every group but the N newest, wait_all everything. A copy whose group
// has k - 1 groups committed after it (k commits since the copy) is complete after wait<N> when
// k > N; a copy not committed yet is not completed by any wait<N>.
//
// A forward dataflow over the analysis view tracks, per copy instruction, the instances that may
// be in flight: how many commits each has seen at least, and for every loop around the copy how
// many of its back edges were taken since (0 to 3, or any number: after more, or once the path has
// left the loop). A copy in a loop stands for a different iteration's copy after its back edge:
// its loop count is then the current one minus those iterations, and the other values defined in
// the loop are that iteration's (new unknowns). At each barrier, the instances still in flight
// become accesses of their own (SharedAccess::in_flight_after). A copy made before a loop the
// thread has since entered knows the thread's iteration of it (a prologue's copies in flight in
// the first iterations of a pipeline).
#pragma once

#include <utility>
#include <vector>

#include "analysis/symbolic.hpp"
#include "ir/function.hpp"

namespace simtc::analysis {

/// One instance of a cp.async write still in flight when the thread passes a barrier.
struct InFlightCopy {
  unsigned access = 0;                      // index into SymbolicInfo::accesses() of the copy
  const ir::Instruction* barrier = nullptr;
  /// For each loop around the copy, innermost first: back edges taken since it was issued
  /// (kAnyIterations: unknown).
  std::vector<std::pair<const ir::Block*, int>> iterations;
  /// Loops the thread entered after the copy and is still in: back edges taken since (0 to 3),
  /// so its loop count there.
  std::vector<std::pair<const ir::Block*, unsigned>> entered;
};
constexpr int kAnyIterations = -1;

/// The copies that can be in flight at each barrier of `fn` (the view the accesses are of).
std::vector<InFlightCopy> copies_in_flight(const ir::Function& fn, const SymbolicInfo& info);

/// The access of `copy`, for a thread whose iteration of each loop in `shifts` is that many
/// iterations after the copy's (the others: the same iteration, or any one in the pair's split
/// loops). Its loop counts go back by the shift; the other leaves defined in a shifted loop
/// become new unknowns.
SharedAccess in_flight_access(SymbolicInfo& info, const InFlightCopy& copy,
                              const std::vector<std::pair<const ir::Block*, unsigned>>& shifts);

/// Adds to `a`'s guards that it runs in iteration `n` of the loop of `header` (nothing when no
/// term counts that loop's iterations).
void add_iteration_guard(SymbolicInfo& info, SharedAccess& a, const ir::Block* header, unsigned n);

}  // namespace simtc::analysis
