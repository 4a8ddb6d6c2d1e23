// The machine-readable outputs of `simtc check`: --format=json (simtc's own list of
// diagnostics) and --format=sarif (SARIF 2.1.0, for code scanning services and editors).
#pragma once

#include <string>

#include "support/diagnostic_record.hpp"

namespace simtc::cli {

/// [{"rule", "severity", "message", "file", "line", "column", "notes": [...]}, ...], each
/// note {"message", "file", "line", "column"}; "rule" is null for Clang's own diagnostics
/// and "line"/"column" are null for a diagnostic about a whole file.
std::string diagnostics_json(const DiagnosticRecords& records);

/// One SARIF 2.1.0 log: one run of simtc, every rule in tool.driver.rules (the checker's,
/// then the analysis rules', in the order they run, then the host rules'), one result per diagnostic, its notes
/// as relatedLocations. Relative paths are relative to %SRCROOT%, the current directory.
std::string diagnostics_sarif(const DiagnosticRecords& records, const std::string& version,
                              const std::string& current_dir);

}  // namespace simtc::cli
