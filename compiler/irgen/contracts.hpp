// The launch contract of a kernel, carried into the IR: the block shape or bound as the
// function's LaunchBounds (.reqntid / .maxntid / .minnctapersm), the whole contract in its
// KernelSignature for the header generator.  [Clang in the .cpp only]
#pragma once

namespace clang {
class ASTContext;
class FunctionDecl;
}  // namespace clang

namespace simtc::ir {
class Function;
}

namespace simtc::irgen {

/// Reads `kernel`'s contract attributes (the checker has already reported any problem with
/// them) into `fn`'s launch bounds and signature.
void attach_contract(clang::ASTContext& context, const clang::FunctionDecl& kernel, ir::Function& fn);

}  // namespace simtc::irgen
