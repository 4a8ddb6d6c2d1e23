#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <llvm/Support/raw_ostream.h>

#include "frontend/frontend.hpp"

namespace simtc::frontend {

std::string dump_kernels(clang::ASTContext& context,
                         const std::vector<const clang::FunctionDecl*>& kernels) {
  std::string out;
  llvm::raw_string_ostream os(out);
  for (const clang::FunctionDecl* kernel : kernels) {
    kernel->dump(os);
    os << "\n";
  }
  return out;
}

}  // namespace simtc::frontend
