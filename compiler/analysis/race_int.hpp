// The race solver's first question in linear integer arithmetic (race_solver.cpp asks it before
// the bit-vector one). Each term of the IR's wrapping arithmetic is its unsigned value, an
// integer in [0, 2^width): additions, constant multiplications, truncations and the like are
// exact, with one integer quotient where the static bounds of the operands (term_bits) do not
// rule a wrap out; a product of two unknowns is a fresh integer with the laws of products
// (race_solver.hpp). Z3's simplex decides the orderings that row and tile layouts rest on much
// faster than bit-blasting does. A term with no linear form (bitwise or/xor, shifts and
// divisions by unknowns, signed division) makes the query unsupported, and the bit-vector
// question is asked instead.
#pragma once

#include <z3++.h>

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "analysis/race_solver.hpp"
#include "analysis/symbolic.hpp"

namespace simtc::analysis {

using BlockShape = std::optional<std::array<std::uint32_t, 3>>;

/// The translation of `t` in `memo`, made by `make` the first time.
template <class Make>
z3::expr memoized(std::unordered_map<const Term*, z3::expr>& memo, const Term* t, Make make) {
  if (auto it = memo.find(t); it != memo.end()) return it->second;
  z3::expr e = make();
  memo.emplace(t, e);
  return e;
}

/// An upper bound on the bits of a term's unsigned value (its width when nothing is known), from
/// the leaves' ranges (tid below 1024 or the contract's block, ctaid below 2^31 or 2^16, ...).
unsigned term_bits(const Term* t, const BlockShape& shape);

struct IntQuestion {
  const SharedAccess* a = nullptr;  // run by thread A
  const SharedAccess* b = nullptr;  // run by thread B
  const std::vector<const ir::Block*>* split = nullptr;  // loops A and B may be apart in
  bool other_block = false;  // A and B in different blocks
  int split_dim = -1;        // other_block: the first dimension the blocks differ in (-1: any)
  const std::vector<unsigned>* size_params = nullptr;  // IR params that are views' sizes
};

struct IntAnswer {
  z3::check_result result = z3::unknown;  // unsat: proven disjoint; sat: `witness` holds
  bool unsupported = false;               // no linear form: ask the bit-vector question
  std::optional<RaceWitness> witness;     // sat only: a model whose products are products
  std::string why;                        // unknown: the solver's reason
  std::uint64_t units = 0;                // Z3's resource units the question used
};

/// Z3's resource units counted so far in the solver's context ("rlimit count"): what its
/// deterministic limits are measured in.
std::uint64_t resource_units(const z3::solver& solver);

/// Asks the question within Z3's resource limit `rlimit` (deterministic) and `timeout_ms`.
/// Never throws z3 exceptions past it.
IntAnswer ask_in_integers(unsigned timeout_ms, unsigned rlimit, const SymbolicInfo& info, const BlockShape& shape,
                          const IntQuestion& question);

}  // namespace simtc::analysis
