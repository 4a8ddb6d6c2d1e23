// Parities for the interval argument (race_affine.cpp): x % 2 (or x & 1) of a value both threads
// share as an atom P(base) in [0, 1], where x is base plus or minus constants, times odd
// constants, through casts (none of which changes the parity but by an odd constant, wrapping
// included). So the double-buffered stages `k % 2` and `(k + 1) % 2` are P and 1 - P, two linear
// forms of one atom, and `(k - 1 + 1) % 2` is P again; the argument then splits on P = 0 and 1.
#pragma once

#include <deque>
#include <map>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "analysis/race_linear.hpp"

namespace simtc::analysis::affine {

class ParityAtoms {
 public:
  /// `pins`: bases whose parity is fixed (one case of the split).
  explicit ParityAtoms(std::map<const Term*, unsigned, TermOrder> pins = {}) : pins_(std::move(pins)) {}

  /// The exact form of `t` when it is a parity (a constant, P or 1 - P); a new atom gets the
  /// range [0, 1] in `ranges`.
  bool form(const Term* t, Lin& out, std::unordered_map<const Term*, std::pair<Int, Int>>& ranges);
  /// Whether `l` names an atom.
  bool mentioned_in(const Lin& l) const;
  /// The bases of the atoms made, in the order they were met.
  const std::vector<const Term*>& bases() const { return bases_; }

 private:
  std::map<const Term*, unsigned, TermOrder> pins_;
  std::vector<const Term*> bases_;
  std::map<const Term*, const Term*, TermOrder> atom_of_;
  std::deque<Term> atoms_;  // terms of their own: keys of the forms' monomials only
  std::unordered_set<const Term*> is_atom_;
};

}  // namespace simtc::analysis::affine
