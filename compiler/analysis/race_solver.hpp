// The decision procedure of the race rule (simt-shared-race): can two different threads of a
// block, running the accesses `a` and `b` of one barrier interval, touch a common byte?
//
// GPUVerify's two-thread reduction: a kernel is free of races when no two arbitrary distinct
// threads A and B race, so the query has one copy of each per-thread symbol for A and one for B
// (tid.*, laneid, per-thread unknowns, and the leaves of loops in which the two may be in
// different iterations), and one copy of each block-uniform symbol. Facts: 0 <= tid < ntid with
// the launch contract's exact block shape when the kernel has one (reqntid), else
// 1 <= ntid.x, ntid.y <= 1024, 1 <= ntid.z <= 64 and ntid.x * ntid.y * ntid.z <= 1024; A and B
// differ in some tid component; each access lies inside its shared variable (safe code is
// bounds-checked; unsafe code that leaves it is undefined behaviour); the branch conditions
// that guard each access. Terms are 64-bit (and narrower) bit-vectors with the IR's wrapping
// semantics, so no overflow argument is needed. Cheap cases are decided without the solver;
// the rest goes to Z3 with a resource limit per query (deterministic) and time limits per
// query and per kernel as a backstop. An answer the solver cannot give (a limit reached, an
// unknown, an exception) is Unknown: not proven.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "analysis/symbolic.hpp"

namespace simtc::analysis {

struct RaceSolverOptions {
  // Z3's resource limit per query: deterministic (the same answer on every machine, however
  // loaded); the queries of the tests and examples need at most 4 % of it.
  unsigned query_rlimit = 20000000;
  // The first question, in integers (race_int.hpp): decides most pairs in milliseconds, and
  // gives up early on the rest (its resource limit, again deterministic), which go to the
  // bit-vector question.
  unsigned int_query_rlimit = 1000000;
  // The resource units of all queries of one kernel together (both kinds): the kernel's
  // budget, deterministic as well. The heaviest kernel of the tests and examples needs a
  // fifth of it.
  std::uint64_t kernel_rlimit = 200000000;
  // Time limits as a backstop only, well above what the resource limits allow on a quiet
  // machine: a time limit that a query can reach first makes the verdict depend on the load
  // (a grid-stride loop's 0.5 s integer query ran past a 1 s limit on a loaded 2-core machine,
  // and the kernel was rejected there and accepted elsewhere; a kernel whose queries took
  // 11.6 s on a quiet machine ran past a 60 s limit for the whole kernel on a loaded one).
  unsigned int_query_ms = 10000;
  unsigned query_ms = 20000;    // per query
  unsigned kernel_ms = 600000;  // all queries of one kernel together
};

enum class RaceVerdict : std::uint8_t {
  Disjoint,  // proven: the two threads never touch a common byte
  Race,      // the solver found two threads that do (the witness)
  Unknown,   // not proven either way (the reason says why)
};

struct RaceWitness {
  std::array<std::uint64_t, 3> tid_a{};  // thread A (running access a)
  std::array<std::uint64_t, 3> tid_b{};
  std::uint64_t byte = 0;                // a byte both touch, from the variable's start
  bool other_block = false;              // the two threads are in different blocks:
  std::array<std::uint64_t, 3> ctaid_a{};  // their block indices
  std::array<std::uint64_t, 3> ctaid_b{};
};

struct RaceAnswer {
  RaceVerdict verdict = RaceVerdict::Unknown;
  std::string reason;                   // Unknown: why
  std::optional<RaceWitness> witness;   // Race: two threads and a byte (absent when decided
                                        // without a model)
  bool used_solver = false;
};

class RaceSolver {
 public:
  RaceSolver(const ir::Function& fn, const SymbolicInfo& info, const RaceSolverOptions& options = {});
  ~RaceSolver();
  RaceSolver(const RaceSolver&) = delete;
  RaceSolver& operator=(const RaceSolver&) = delete;

  /// Thread A runs `a`, thread B runs `b` in one interval; `split_loops` are the loops in which
  /// they may be in different iterations (intervals.hpp). With `other_block`, A and B are in
  /// two different blocks of the grid instead (any iterations, nothing block-uniform shared but
  /// the launch's extents and the arguments). Never throws.
  RaceAnswer check(const SharedAccess& a, const SharedAccess& b, const std::vector<const ir::Block*>& split_loops,
                   bool other_block = false);

  /// Which tid components a witness should show: x always; y and z unless the contract's block
  /// shape makes them 0 (then y is shown when z is).
  std::array<bool, 3> shown_dims() const;

 private:
  struct Impl;
  const SymbolicInfo& info_;
  RaceSolverOptions options_;
  std::optional<std::array<std::uint32_t, 3>> shape_;  // the contract's block shape
  std::vector<unsigned> size_params_;                  // IR params that are views' sizes
  std::unique_ptr<Impl> impl_;                          // Z3, made for the first pair it is needed for
};

}  // namespace simtc::analysis
