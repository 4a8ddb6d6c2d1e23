// The allowlist's verdicts and its listing (`simtc check --list-allowlist`), without Clang's
// headers; checker/allowlist/allowlist.hpp classifies Clang's nodes.
#pragma once

#include <string>
#include <vector>

namespace simtc::checker {

enum class Verdict {
  Safe,           // allowed; its safety argument is the reason
  Checked,        // allowed; the rules the reason names check each use
  Unsafe,         // Tier 2 only: inside [[simt::unsafe]] (simt-unsafe)
  Unsupported,    // outside the kernel language everywhere (simt-language-subset)
  NotInLanguage,  // cannot be written in simtc's language mode; refused like Unsupported
  Unclassified,   // missing from the table: refused everywhere
};

struct Classification {
  Verdict verdict = Verdict::Unclassified;
  const char* reason = "";
};

/// "safe", "checked", "unsafe", "unsupported", "not-in-language", "unclassified".
const char* verdict_name(Verdict verdict);
/// True for the verdicts safe code may use without an unsafe block.
inline bool allowed_in_safe_code(Verdict verdict) { return verdict == Verdict::Safe || verdict == Verdict::Checked; }

/// One row of the allowlist as Clang 22 defines the constructs: its table ("stmt", "cast",
/// "builtin"), Clang's name for it and its classification.
struct AllowlistRow {
  const char* table;
  std::string name;
  Classification classification;
};
/// Every statement/expression class, cast kind and builtin (target-independent and NVPTX)
/// Clang has, with its classification: unclassified ones included.
std::vector<AllowlistRow> allowlist_rows();
/// Names the table classifies that Clang does not have (stale rows), as "table name".
std::vector<std::string> allowlist_stale_names();

}  // namespace simtc::checker
