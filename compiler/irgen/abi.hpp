// The kernel launch ABI as irgen sees it: which IR parameters a C++ kernel parameter
// becomes.  [Clang]
#pragma once

#include <string>
#include <vector>

#include <clang/AST/ASTContext.h>

#include "ir/kernel_signature.hpp"

namespace simtc::irgen {

/// One scalar leaf of a struct parameter, in declaration order.
struct Leaf {
  std::string path;        // "a", "pos.x", "w[2]"
  clang::QualType type;    // the leaf's scalar type
  std::uint64_t offset;    // bytes from the start of the struct
};

/// The scalar leaves of a trivially copyable struct of scalars (nested structs and
/// constant arrays are walked).
std::vector<Leaf> scalar_leaves(clang::ASTContext& ast, clang::QualType record);

/// The host spelling of a type in the generated header.
std::string host_spelling(clang::ASTContext& ast, clang::QualType type);

/// A struct or element type for the generated header (`out`'s host_type, host_definitions,
/// host_includes): the user's own type, with a check of its layout, when a user header
/// declares it; otherwise a copy of its definition.
void host_record(clang::ASTContext& ast, const clang::RecordDecl* record, ir::KernelParam& out);

}  // namespace simtc::irgen
