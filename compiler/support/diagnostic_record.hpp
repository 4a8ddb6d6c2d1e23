// Diagnostics as data, for the machine-readable outputs of `simtc check --format=json|sarif`:
// every stage's diagnostics (Clang's, the checker's, irgen's and the analysis rules') are
// collected here instead of printed when the driver is asked to.
#pragma once

#include <string>
#include <vector>

#include "support/diagnostics.hpp"

namespace simtc {

/// Where a diagnostic points; `line` 0 when it names no position (a warning about a whole
/// file, a file that cannot be read: then `file` may still be set).
struct RecordLocation {
  std::string file;
  unsigned line = 0;
  unsigned column = 0;
};

struct DiagnosticNoteRecord {
  std::string message;
  RecordLocation where;
};

struct DiagnosticRecord {
  Severity severity = Severity::Error;
  std::string rule;     // the rule id ("simt-shared-race"); empty for Clang's own diagnostics
  std::string message;  // without the " [rule-id]" the text output ends with
  RecordLocation where;
  std::vector<DiagnosticNoteRecord> notes;
};

/// The diagnostics of one command, in the order they were reported.
class DiagnosticRecords {
 public:
  /// Adds a diagnostic as the text output would print it: a note attaches to the diagnostic
  /// before it (a note with none before it stands alone, as a note-severity record); a
  /// message that ends in " [ID]" for an `ID` that `is_rule` accepts carries that rule id.
  void add(Severity severity, std::string message, RecordLocation where);

  /// Which ids are rules: set once by the driver (the rule tables live above this library).
  bool (*is_rule)(const std::string& id) = nullptr;

  const std::vector<DiagnosticRecord>& records() const { return records_; }
  bool has_errors() const;

 private:
  std::vector<DiagnosticRecord> records_;
};

}  // namespace simtc
