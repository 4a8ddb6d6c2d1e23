// What the two race rules (simt-shared-race, simt-global-race) say about a pair of accesses the
// solver did not prove disjoint: the error at one access, a note at the other with the witness
// when there is one.
#pragma once

#include <array>
#include <string>

#include "analysis/race_solver.hpp"
#include "analysis/rule_context.hpp"

namespace simtc::analysis {

struct RaceReportWords {
  std::string memory;           // "shared memory 'tile'", "'out'"
  std::string unit;             // what the witness names: "byte", "element"
  std::uint64_t unit_bytes = 1;  // its size
  std::array<bool, 3> shown{};  // the tid components a witness shows
  std::string where;            // "between the same barriers" / "in one launch"
};

/// Why a pair with an opaque access (a recursive call, inline assembly) is not proven.
const char* opaque_reason(const SharedAccess& a, const SharedAccess& b);

/// Reports the pair (a, b) of one IntervalPair (same: a and b are one instruction) with the
/// solver's answer, which is not Disjoint.
void report_race(RuleContext& context, const SharedAccess& a, const SharedAccess& b, bool same,
                 const RaceAnswer& answer, const RaceReportWords& words);

}  // namespace simtc::analysis
