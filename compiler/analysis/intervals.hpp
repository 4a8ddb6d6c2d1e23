// Barrier intervals, for the race rule (simt-shared-race): which pairs of instructions two
// threads of a block can run between the same two barriers (GPUVerify's barrier intervals).
//
// Every thread runs the same sequence of barriers (simt-divergent-barrier reports a barrier that
// is not reached uniformly), so an interval starts at the kernel's entry or at a barrier P and
// holds what the threads run after P before they reach the next barrier. Two instructions meet
// in an interval when both are reachable from one such P on paths that cross no barrier. A
// barrier is barrier.sync, .popc, .and or .or; warp.sync separates no warps.
//
// Around loops: along each path from P the analysis counts, per loop, the back edges taken since
// P (0, 1, more) and whether the path entered the loop at all. When both instructions are reached
// only with the same count (0 or 1) for a loop and for every loop around it, the two threads are
// in the same iteration of it: a loop whose body is cut by a barrier. Otherwise (a loop with a
// barrier-free path around its back edge) thread A may be in iteration k and thread B in k' and
// the loop is in the pair's `split_loops`.
#pragma once

#include <functional>
#include <utility>
#include <vector>

#include "analysis/loops.hpp"
#include "ir/function.hpp"

namespace simtc::analysis {

struct IntervalPair {
  unsigned first = 0;   // indices into the instructions given (first <= second; equal: one
  unsigned second = 0;  // instruction run by two threads)
  /// Headers of the loops in which the two threads may be in different iterations.
  std::vector<const ir::Block*> split_loops;
  /// Those of them in which `second` always runs exactly one iteration after `first` (+1) or
  /// one before it (-1): the walk from the interval's start took the loop's back edge once to
  /// reach the one and never to reach the other.
  std::vector<std::pair<const ir::Block*, int>> one_apart;
  /// Loops that `first` (`second`) runs in the first iteration of, wherever the two meet: the
  /// thread entered the loop after the interval's start and has not taken its back edge since.
  std::vector<const ir::Block*> first_iteration_first;
  std::vector<const ir::Block*> first_iteration_second;
};

bool is_block_barrier(const ir::Instruction& inst);

/// The pairs of `insts` that can run between the same two barriers and that `relevant` keeps.
/// A barrier among `insts` stands for the point just after it (where its interval starts).
std::vector<IntervalPair> barrier_interval_pairs(const ir::Function& fn, const LoopForest& loops,
                                                 const std::vector<const ir::Instruction*>& insts,
                                                 const std::function<bool(unsigned, unsigned)>& relevant);

}  // namespace simtc::analysis
