#include "frontend/diagnostic_recorder.hpp"

#include <clang/Basic/SourceManager.h>
#include <llvm/ADT/SmallString.h>

namespace simtc::frontend {

void DiagnosticRecorder::HandleDiagnostic(clang::DiagnosticsEngine::Level level, const clang::Diagnostic& info) {
  clang::DiagnosticConsumer::HandleDiagnostic(level, info);  // keeps the error count Clang reads
  Severity severity;
  switch (level) {
    case clang::DiagnosticsEngine::Note: severity = Severity::Note; break;
    case clang::DiagnosticsEngine::Warning: severity = Severity::Warning; break;
    case clang::DiagnosticsEngine::Error:
    case clang::DiagnosticsEngine::Fatal: severity = Severity::Error; break;
    default: return;  // ignored diagnostics and remarks are not printed either
  }
  llvm::SmallString<256> message;
  info.FormatDiagnostic(message);
  RecordLocation where;
  if (info.getLocation().isValid() && info.hasSourceManager()) {
    // A location inside a macro expansion is reported where the expansion is written, as
    // Clang's text output names it first.
    const clang::SourceManager& sm = info.getSourceManager();
    clang::PresumedLoc presumed = sm.getPresumedLoc(sm.getFileLoc(info.getLocation()));
    if (presumed.isValid()) where = {presumed.getFilename(), presumed.getLine(), presumed.getColumn()};
  }
  records_.add(severity, std::string(message), std::move(where));
}

}  // namespace simtc::frontend
