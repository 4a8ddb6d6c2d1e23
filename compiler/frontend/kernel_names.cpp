#include "frontend/kernel_names.hpp"

#include <utility>

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
  return with_simt_float16_names(out);
}

std::string with_simt_float16_names(std::string type) {
  // Clang spells the 16-bit float types by their builtin names; kernel code says simt::half.
  for (auto [builtin, simt] : {std::pair{"_Float16", "simt::half"}, std::pair{"__bf16", "simt::bfloat16"}})
    for (std::size_t at = type.find(builtin); at != std::string::npos; at = type.find(builtin, at + 1))
      type.replace(at, std::string(builtin).size(), simt);
  return type;
}

std::string kernel_entry_name(const clang::FunctionDecl& kernel) {
  std::string display = kernel_display_name(kernel);
  // simt's own types read better without their namespace: scale<simt::half> -> scale_half.
  for (std::size_t at = display.find("simt::"); at != std::string::npos; at = display.find("simt::", at))
    display.erase(at, 6);
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
