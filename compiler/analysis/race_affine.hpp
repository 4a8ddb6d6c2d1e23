// The race solver's first question, without a solver: interval arithmetic over the offsets'
// terms, for the row, tile and strided layouts that most pairs of accesses have. It can only
// prove two accesses disjoint; everything it cannot prove goes on to Z3 (race_solver.hpp), which
// also finds the witnesses of races.
//
// Each term of the two offsets is its unsigned value, bounded by an interval whose ends are
// linear in the values both threads share (the kernel's arguments, the block's uniform values,
// the iteration of a loop both are in): leaves by their ranges (tid below the block shape, a
// loop's count by its bound, ...), tightened by the accesses' guards (`col < n` bounds `col` by
// `n - 1`). A node whose value cannot wrap is its exact sum, difference or product; the offsets'
// exact linear parts give each thread's units (tid.x, a loop count, tid.x / 32, ...) with a
// coefficient. The proof is a case split on the units, largest coefficient first: if the two
// threads' values of unit u differ, |c_u| is larger than the rest of the offsets can make up,
// so the byte ranges miss each other; if they are equal, u drops out and the next one is split.
// When every unit is equal in the two threads, the offsets are equal too, and that must
// contradict the threads being different: their units determine tid (tid.x / 32 and the lane,
// x / c and x % c give x, the linear thread index gives all three), or in two blocks the block
// index in the dimension they differ in.
#pragma once

#include "analysis/race_int.hpp"

namespace simtc::analysis {

/// Whether the interval argument proves that the two threads of `question` never touch a common
/// byte. False means "not proven here", never "they race".
bool disjoint_by_intervals(const SymbolicInfo& info, const BlockShape& shape, const IntQuestion& question);

}  // namespace simtc::analysis
