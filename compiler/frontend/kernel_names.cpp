#include "frontend/kernel_names.hpp"

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>
#include <clang/AST/PrettyPrinter.h>
#include <clang/AST/TemplateBase.h>
#include <llvm/Support/raw_ostream.h>

namespace simtc::frontend {

std::string kernel_display_name(const clang::FunctionDecl& kernel) {
  std::string out;
  llvm::raw_string_ostream os(out);
  clang::PrintingPolicy policy(kernel.getASTContext().getLangOpts());
  policy.SuppressScope = false;
  policy.FullyQualifiedName = true;
  kernel.getNameForDiagnostic(os, policy, /*Qualified=*/true);
  return out;
}

std::string kernel_entry_name(const clang::FunctionDecl& kernel) {
  std::string display = kernel_display_name(kernel);
  std::string out;
  for (std::size_t i = 0; i < display.size(); ++i) {
    char c = display[i];
    bool ident = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    char next = ident ? c : '_';
    if (next == '_' && !out.empty() && out.back() == '_') continue;
    out += next;
  }
  while (!out.empty() && out.back() == '_') out.pop_back();
  return out;
}

}  // namespace simtc::frontend
