// A Clang DiagnosticConsumer that keeps each diagnostic as a DiagnosticRecord instead of
// printing it (simtc check --format=json|sarif).  [Clang]
#pragma once

#include <clang/Basic/Diagnostic.h>

#include "support/diagnostic_record.hpp"

namespace simtc::frontend {

class DiagnosticRecorder : public clang::DiagnosticConsumer {
 public:
  explicit DiagnosticRecorder(DiagnosticRecords& records) : records_(records) {}
  void HandleDiagnostic(clang::DiagnosticsEngine::Level level, const clang::Diagnostic& info) override;

 private:
  DiagnosticRecords& records_;
};

}  // namespace simtc::frontend
