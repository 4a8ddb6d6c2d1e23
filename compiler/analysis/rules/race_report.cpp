#include "analysis/rules/race_report.hpp"

namespace simtc::analysis {
namespace {

bool is_asm(const SharedAccess& a) { return a.inst != nullptr && a.inst->opcode() == ir::Opcode::InlineAsm; }

std::string kind(const SharedAccess& a) {
  if (a.opaque) return is_asm(a) ? "statement of inline assembly" : "recursive call";
  if (a.async) return "asynchronous copy";
  if (a.atomic) return a.write ? "atomic update" : "atomic read";
  return a.write ? "write" : "read";
}

std::string verb(const SharedAccess& a) {
  if (a.opaque) return "may touch";
  if (a.async) return "copies into";
  if (a.atomic) return a.write ? "atomically updates" : "atomically reads";
  return a.write ? "writes" : "reads";
}

std::string plural_verb(const SharedAccess& a) {
  if (a.opaque) return "may touch";
  if (a.async) return "copy into";
  if (a.atomic) return a.write ? "atomically update" : "atomically read";
  return a.write ? "write" : "read";
}

std::string coordinates(const std::array<std::uint64_t, 3>& v, const std::array<bool, 3>& shown) {
  std::string out = "(" + std::to_string(v[0]);
  for (unsigned d = 1; d < 3; ++d)
    if (shown[d]) out += ", " + std::to_string(v[d]);
  return out + ")";
}

// "tid.x = 3" when the block is 1-D, else "tid = (3, 1)" or "tid = (3, 1, 0)"; threads of two
// blocks also name their block: "block (2, 0) tid.x = 3".
std::string thread_words(const std::array<std::uint64_t, 3>& tid, const std::array<std::uint64_t, 3>& ctaid,
                         const RaceWitness& w, const std::array<bool, 3>& shown) {
  std::string out;
  if (w.other_block) out = "block " + coordinates(ctaid, {true, true, true}) + " ";
  if (!shown[1] && !shown[2]) return out + "tid.x = " + std::to_string(tid[0]);
  return out + "tid = " + coordinates(tid, shown);
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

const char* opaque_reason(const SharedAccess& a, const SharedAccess& b) {
  return (a.opaque && is_asm(a)) || (b.opaque && is_asm(b)) ? "simtc does not see what inline assembly touches"
                                                             : "simtc does not follow recursion";
}

void report_race(RuleContext& context, const SharedAccess& a, const SharedAccess& b, bool same,
                 const RaceAnswer& answer, const RaceReportWords& words) {
  const bool swap = report_at_second(a, b);
  const SharedAccess& at = swap ? b : a;
  const SharedAccess& other = swap ? a : b;
  const std::string other_words = same ? "the same " + kind(other) + " by another thread"
                                       : (other.atomic || other.async ? "an " : "a ") + kind(other) + " by another thread";
  Place place = context.place_of(at.inst);
  Place other_place = context.place_of(other.inst);
  Report report{place.loc, "", {}};
  std::string note;
  if (answer.verdict == RaceVerdict::Race) {
    report.message = "threads may race on " + words.memory + ": this " + kind(at) + " and " + other_words + " run " +
                     words.where;
    note = same ? "the same " + kind(other) + " in another thread" : "the " + kind(other);
    if (answer.witness) {
      const RaceWitness& w = *answer.witness;
      const std::string ta = swap ? thread_words(w.tid_b, w.ctaid_b, w, words.shown)
                                  : thread_words(w.tid_a, w.ctaid_a, w, words.shown);
      const std::string tb = swap ? thread_words(w.tid_a, w.ctaid_a, w, words.shown)
                                  : thread_words(w.tid_b, w.ctaid_b, w, words.shown);
      const std::string unit = words.unit + " " + std::to_string(w.byte / words.unit_bytes) + " of " + words.memory;
      note += same ? " (" + tb + " and " + ta + " both " + plural_verb(at) + " " + unit + ")"
                   : " (" + tb + " " + verb(other) + " " + unit + ", which " + ta + " " + verb(at) + ")";
    }
  } else {
    report.message = "threads may race on " + words.memory + ": simtc cannot prove that this " + kind(at) + " and " +
                     other_words + " " + words.where + " touch different " + words.unit + "s";
    note = (same ? "the same " : "the ") + kind(other) + " (not proven: " + answer.reason + ")";
  }
  report.notes.push_back({other_place.loc, note});
  for (const SharedAccess* x : {&at, &other})
    if (x->in_flight_after != nullptr && (x == &at || !same))
      report.notes.push_back({context.place_of(x->in_flight_after).loc,
                              "the asynchronous copy can still be in flight after this barrier: no "
                              "simt::async::wait before it completes the copy's group"});
  for (SourceLoc call : place.call_chain) report.notes.push_back({call, "reached through this call"});
  context.report(std::move(report));
}

}  // namespace simtc::analysis
