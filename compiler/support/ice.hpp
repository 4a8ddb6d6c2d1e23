// Internal compiler errors: a broken invariant inside simtc, never a problem in user code.
// User errors go to a DiagnosticSink (or Clang's DiagnosticsEngine) and compilation goes on.
#pragma once

#include <string>

namespace simtc {

/// Prints "internal compiler error: <what>" with the place in simtc and how to report it,
/// then aborts. The compiler libraries do not throw.
[[noreturn]] void internal_error(const char* file, int line, const std::string& what);

}  // namespace simtc

#define SIMTC_ICE(what) ::simtc::internal_error(__FILE__, __LINE__, (what))
#define SIMTC_ASSERT(cond, what)                                          \
  do {                                                                    \
    if (!(cond)) ::simtc::internal_error(__FILE__, __LINE__, (what));     \
  } while (0)
