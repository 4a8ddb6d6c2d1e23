#include "frontend/diagnostic.hpp"

#include <string>

#include <clang/Basic/DiagnosticIDs.h>

namespace simtc::frontend {
namespace {

clang::DiagnosticBuilder report_at_level(clang::DiagnosticsEngine& diags, clang::SourceLocation where,
                                         clang::DiagnosticIDs::Level level, std::string_view message) {
  // A custom diagnostic's text is a Clang format string: escape '%'.
  std::string text;
  for (char c : message) {
    if (c == '%') text += '%';
    text += c;
  }
  unsigned id = diags.getDiagnosticIDs()->getCustomDiagID(level, text);
  return diags.Report(where, id);
}

}  // namespace

clang::DiagnosticBuilder report(clang::DiagnosticsEngine& diags, clang::SourceLocation where, bool is_error,
                                std::string_view message) {
  return report_at_level(diags, where, is_error ? clang::DiagnosticIDs::Error : clang::DiagnosticIDs::Note,
                         message);
}

clang::DiagnosticBuilder ignore(clang::DiagnosticsEngine& diags, clang::SourceLocation where) {
  return report_at_level(diags, where, clang::DiagnosticIDs::Ignored, "a repeated diagnostic");
}

clang::DiagnosticBuilder warn(clang::DiagnosticsEngine& diags, clang::SourceLocation where, std::string_view message) {
  return report_at_level(diags, where, clang::DiagnosticIDs::Warning, message);
}

}  // namespace simtc::frontend
