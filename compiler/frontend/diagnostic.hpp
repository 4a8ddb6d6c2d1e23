// Reporting a simtc diagnostic through Clang's DiagnosticsEngine, so that it prints with
// Clang's format, caret and ranges. Shared by the checker and irgen.  [Clang]
#pragma once

#include <string_view>

#include <clang/Basic/Diagnostic.h>

namespace simtc::frontend {

/// Reports `message` (plain text: a '%' in it is not a format directive) at `where` as an
/// error or a note; stream ranges into the result for underlines.
clang::DiagnosticBuilder report(clang::DiagnosticsEngine& diags, clang::SourceLocation where, bool is_error,
                                std::string_view message);

/// A diagnostic that is not shown: for a repeat of one already reported (the same error in two
/// instantiations of a template); the notes streamed after it are dropped with it.
clang::DiagnosticBuilder ignore(clang::DiagnosticsEngine& diags, clang::SourceLocation where);

/// Reports `message` as a warning (an invalid `where`: a warning about the whole file).
clang::DiagnosticBuilder warn(clang::DiagnosticsEngine& diags, clang::SourceLocation where, std::string_view message);

}  // namespace simtc::frontend
