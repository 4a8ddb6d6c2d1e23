// Shared memory in irgen: locals of the simt shared-storage classes (simt::SharedArray,
// simt::SharedTile, marked `annotate("simt.shared_storage")`) become one shared Global per
// declaration, and simt::detail::dynamic_shared_base() the launch's extern shared Global.  [Clang]
#pragma once

#include <clang/AST/Decl.h>
#include <clang/AST/Expr.h>

#include "ir/value.hpp"

namespace simtc::irgen {

class FunctionGen;

/// The address (a generic pointer) of `var` when it is a shared-memory local; null otherwise.
/// Every execution of the declaration, by every thread of a block, names the same memory.
ir::Value* shared_local_address(FunctionGen& gen, const clang::VarDecl* var);

/// When `callee` is the dynamic shared memory builtin (`annotate("simt.dynamic_shared_base")`): the
/// generic address of the launch's dynamic shared memory. Null for any other callee.
ir::Value* dynamic_shared_address(FunctionGen& gen, const clang::FunctionDecl* callee,
                                  const clang::Expr* call);

class IrgenContext;

/// Reports, at the declaration of the shared variable that crosses it, a kernel whose static
/// shared memory (its own variables and those of the functions it calls) exceeds what a thread
/// block can have.
void check_static_shared(IrgenContext& cx);

}  // namespace simtc::irgen
