// irgen: Clang AST -> simt IR. The only stage that sees both Clang's AST and the IR.
#pragma once

#include <memory>
#include <vector>

#include "ir/module.hpp"

namespace clang {
class ASTContext;
class FunctionDecl;
}  // namespace clang

namespace simtc::irgen {

struct IrgenOptions {
  /// Leave out the bounds checks of Slice reads and local arrays (per-kernel
  /// `unchecked_indexing`; a wrong index is then undefined behaviour).
  bool unchecked_indexing = false;
  /// Describe named locals and parameters for the debugger (simtc build -g).
  bool debug_variables = false;
};

/// Lowers `kernels` and every function they reach. Problems are reported through the
/// context's DiagnosticsEngine at the user's source location (an unsupported construct is
/// named, never a crash); returns null when any was reported.
std::unique_ptr<ir::Module> generate(clang::ASTContext& context,
                                     const std::vector<const clang::FunctionDecl*>& kernels,
                                     const IrgenOptions& options = {});

}  // namespace simtc::irgen
