#include "support/diagnostics.hpp"

#include <ostream>

namespace simtc {

const char* severity_name(Severity severity) {
  switch (severity) {
    case Severity::Note: return "note";
    case Severity::Warning: return "warning";
    case Severity::Error: return "error";
  }
  return "error";
}

void DiagnosticSink::report(Severity severity, SourceLoc loc, std::string message) {
  if (severity == Severity::Error) ++error_count_;
  diags_.push_back({severity, loc, std::move(message)});
}

void DiagnosticSink::clear() {
  diags_.clear();
  error_count_ = 0;
}

void DiagnosticSink::print(std::ostream& os, const FileTable& files) const {
  for (const Diagnostic& d : diags_) {
    if (d.loc.valid()) os << files.format(d.loc) << ": ";
    else os << "simtc: ";
    os << severity_name(d.severity) << ": " << d.message << "\n";
  }
}

}  // namespace simtc
