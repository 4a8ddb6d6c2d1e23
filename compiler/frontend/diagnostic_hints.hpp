// Notes that say what to write instead, after the Clang errors that CUDA habits cause in kernel
// code: writing through `y[i]` or `partial[t]` (a DisjointSlice or shared memory is written
// through get_mut / at_mut), get_mut with a number instead of the thread's index, a standard
// library header, and CUDA's printf, math functions, intrinsics and built-in variables.  [Clang]
#pragma once

#include <memory>
#include <optional>
#include <string>

#include <clang/Basic/Diagnostic.h>

#include "frontend/forwarding_consumer.hpp"

namespace simtc::frontend {

/// The note for a CUDA name kernel code cannot use ("kernel code writes simt::sqrt(x) for
/// 'sqrtf' ..."), or nothing for a name simtc has no hint for.
std::optional<std::string> cuda_name_hint(const std::string& name);

/// The note for a standard header a kernel file includes (`#include <vector>`), or nothing when
/// `header` is not one.
std::optional<std::string> std_header_hint(const std::string& header);

/// Passes every diagnostic on and adds a note after those it has a hint for.
class DiagnosticHints : public ForwardingConsumer {
 public:
  using ForwardingConsumer::ForwardingConsumer;

  void HandleDiagnostic(clang::DiagnosticsEngine::Level level, const clang::Diagnostic& info) override;

 private:
  // A note at `loc` (through the engine `from` belongs to).
  void note(clang::SourceLocation loc, const clang::Diagnostic& from, const std::string& text);

  // An assignment to a const element waits for Clang's note on the operator it called, which
  // says whose element it is.
  std::optional<clang::SourceLocation> const_assignment_;
};

}  // namespace simtc::frontend
