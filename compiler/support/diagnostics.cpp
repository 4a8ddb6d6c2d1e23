#include "support/diagnostics.hpp"

#include <algorithm>
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

std::vector<Diagnostic> DiagnosticSink::diagnostics() const {
  // Groups: a diagnostic that is not a note, and the notes after it.
  std::vector<std::vector<Diagnostic>> groups;
  for (const Diagnostic& d : diags_) {
    if (d.severity != Severity::Note || groups.empty()) groups.emplace_back();
    groups.back().push_back(d);
  }
  std::vector<Diagnostic> out;
  std::vector<const std::vector<Diagnostic>*> shown;
  for (const std::vector<Diagnostic>& group : groups) {
    const bool repeat = group.front().severity == Severity::Error &&
                        std::any_of(shown.begin(), shown.end(), [&](const std::vector<Diagnostic>* earlier) {
                          return std::equal(group.begin(), group.end(), earlier->begin(), earlier->end(),
                                            [](const Diagnostic& a, const Diagnostic& b) {
                                              return a.severity == b.severity && a.loc == b.loc && a.message == b.message;
                                            });
                        });
    if (repeat) continue;
    shown.push_back(&group);
    out.insert(out.end(), group.begin(), group.end());
  }
  return out;
}

void DiagnosticSink::clear() {
  diags_.clear();
  error_count_ = 0;
}

void DiagnosticSink::print(std::ostream& os, const FileTable& files) const {
  for (const Diagnostic& d : diagnostics()) {
    if (d.loc.valid()) os << files.format(d.loc) << ": ";
    else os << "simtc: ";
    os << severity_name(d.severity) << ": " << d.message << "\n";
  }
}

}  // namespace simtc
