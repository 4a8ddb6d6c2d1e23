// A diagnostic consumer in front of another one (Clang's printer, the recorder): it passes on
// every call, and subclasses decide what of HandleDiagnostic to pass on or add.  [Clang]
#pragma once

#include <memory>

#include <clang/Basic/Diagnostic.h>

namespace simtc::frontend {

class ForwardingConsumer : public clang::DiagnosticConsumer {
 public:
  /// `owned` is `inner` when this consumer takes ownership of it, else null.
  ForwardingConsumer(clang::DiagnosticConsumer* inner, std::unique_ptr<clang::DiagnosticConsumer> owned)
      : inner_(inner), owned_(std::move(owned)) {}

  void BeginSourceFile(const clang::LangOptions& lang, const clang::Preprocessor* pp) override {
    inner_->BeginSourceFile(lang, pp);
  }
  void EndSourceFile() override { inner_->EndSourceFile(); }
  void finish() override { inner_->finish(); }
  bool IncludeInDiagnosticCounts() const override { return inner_->IncludeInDiagnosticCounts(); }

 protected:
  /// Counts `info` here and passes it on.
  void forward(clang::DiagnosticsEngine::Level level, const clang::Diagnostic& info) {
    clang::DiagnosticConsumer::HandleDiagnostic(level, info);
    inner_->HandleDiagnostic(level, info);
  }
  clang::DiagnosticConsumer& inner() { return *inner_; }

 private:
  clang::DiagnosticConsumer* inner_;
  std::unique_ptr<clang::DiagnosticConsumer> owned_;
};

}  // namespace simtc::frontend
