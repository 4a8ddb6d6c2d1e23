#include "frontend/diagnostic.hpp"

#include <string>

#include <clang/Basic/DiagnosticIDs.h>

namespace simtc::frontend {

clang::DiagnosticBuilder report(clang::DiagnosticsEngine& diags, clang::SourceLocation where, bool is_error,
                                std::string_view message) {
  // A custom diagnostic's text is a Clang format string: escape '%'.
  std::string text;
  for (char c : message) {
    if (c == '%') text += '%';
    text += c;
  }
  unsigned id = diags.getDiagnosticIDs()->getCustomDiagID(
      is_error ? clang::DiagnosticIDs::Error : clang::DiagnosticIDs::Note, text);
  return diags.Report(where, id);
}

}  // namespace simtc::frontend
