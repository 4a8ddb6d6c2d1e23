// A rule's identity for listings, --explain and SARIF: the checker's rules (on the AST), the
// analysis rules (on the simt IR) and the host rules each keep a table of these.
#pragma once

namespace simtc {

struct RuleInfo {
  const char* id;       // "simt-global-race"
  const char* title;    // one line
  const char* summary;  // one sentence: what the rule holds
};

}  // namespace simtc
