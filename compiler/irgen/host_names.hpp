// How host code names what a kernel's launch takes: the kernel function and its parameter
// types, for the CPU launchers of the generated header, and the user headers that declare
// them, so that the launchers take the user's own types.  [Clang]
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <clang/AST/ASTContext.h>
#include <clang/AST/Decl.h>

namespace simtc::irgen {

/// The C++ spelling of a scalar, enum or struct type as host code declares it: as the kernel
/// file writes it, qualified ("uint32_t", "simt::half", "::Taps"), or nothing when host code
/// cannot name it (a struct or enum the kernel file itself defines: the generated header cannot
/// include a kernel file).
std::optional<std::string> host_declared_type(clang::ASTContext& ast, clang::QualType type);

/// The element type of a slice type as the kernel file writes it (`uint64_t` of
/// `simt::Slice<const uint64_t>`), when the type is spelled as a template specialization.
std::optional<clang::QualType> written_element(clang::QualType slice);

/// The header that declares `tag` when host code can include it: a user header (not the kernel
/// file, not a system header), as an absolute path. Nothing otherwise.
std::optional<std::string> declaring_header(clang::ASTContext& ast, const clang::TagDecl* tag);

/// The kernel's name as host code calls it ("::saxpy", "::ns::scale"), or nothing for a template
/// instantiation or a member function (host code cannot declare those on their own).
std::optional<std::string> host_function_name(const clang::FunctionDecl& kernel);

}  // namespace simtc::irgen
