// The allowlist: what safe kernel code may contain, for every statement and expression node
// kind, cast kind and builtin function Clang has (allowlist.def, builtins.def). A construct
// the table does not name is unclassified, and unclassified means refused.  [Clang]
#pragma once

#include <clang/AST/OperationKinds.h>
#include <clang/AST/Stmt.h>
#include <llvm/ADT/StringRef.h>

#include "checker/allowlist/listing.hpp"

namespace simtc::checker {

Classification classify_stmt(clang::Stmt::StmtClass kind);
Classification classify_cast(clang::CastKind kind);
/// By the builtin's name (e.g. "__builtin_memcpy").
Classification classify_builtin(llvm::StringRef name);

}  // namespace simtc::checker
