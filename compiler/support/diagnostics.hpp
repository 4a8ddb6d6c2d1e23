// User diagnostics for the stages that do not see Clang (passes, codegen, driver).
// The frontend, checker and irgen report through Clang's DiagnosticsEngine instead, so that
// their messages get carets and ranges; both print in the same `file:line:col: error: ...`
// format.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include "support/source_loc.hpp"

namespace simtc {

enum class Severity { Note, Warning, Error };

struct Diagnostic {
  Severity severity = Severity::Error;
  SourceLoc loc;
  std::string message;  // lower-case start, no final period, may end with "[rule-id]"
};

/// Collects diagnostics; a stage reports every problem it finds, then the driver decides.
class DiagnosticSink {
 public:
  void report(Severity severity, SourceLoc loc, std::string message);
  void error(SourceLoc loc, std::string message) { report(Severity::Error, loc, std::move(message)); }
  void warning(SourceLoc loc, std::string message) { report(Severity::Warning, loc, std::move(message)); }
  void note(SourceLoc loc, std::string message) { report(Severity::Note, loc, std::move(message)); }

  bool has_errors() const { return error_count_ > 0; }
  unsigned error_count() const { return error_count_; }
  /// The diagnostics in the order reported, each error with the notes after it; an error whose
  /// notes repeat an earlier error's too (the same code checked in two template instantiations
  /// or for two kernels, reached the same way) is left out, notes and all.
  std::vector<Diagnostic> diagnostics() const;
  void clear();

  /// Prints every diagnostic as `file:line:col: error: message`.
  void print(std::ostream& os, const FileTable& files) const;

 private:
  std::vector<Diagnostic> diags_;
  unsigned error_count_ = 0;
};

const char* severity_name(Severity severity);

}  // namespace simtc
