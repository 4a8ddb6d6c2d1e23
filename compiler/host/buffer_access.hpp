// Which buffer a launch argument in host code views, when that is certain: the object it
// starts from (a variable, a member chain on one, an element at a constant or unchanged index)
// and the subviews taken of it. Two arguments whose accesses `overlap` pass bytes of one buffer
// twice. Anything the resolver does not recognize resolves to nothing: only what is certainly
// the same buffer is compared.  [Clang]
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <clang/AST/ASTContext.h>
#include <clang/AST/Expr.h>
#include <llvm/ADT/FoldingSet.h>

namespace simtc::host {

/// One `.subview(offset, count)` of a DeviceView.
struct Subview {
  std::optional<std::uint64_t> offset, count;  // when both are constants
  llvm::FoldingSetNodeID shape;                // the two expressions, for "written the same way"
};

struct BufferAccess {
  std::string root_key;        // identifies the object: equal keys, the same object
  std::string name;            // the object as the message names it ("s.buf", "bufs[0]")
  std::vector<Subview> subviews;
  /// It depends on a variable's value (an index, a subview's bounds): equal only when no other
  /// argument of the call can change that variable.
  bool reads_variables = false;
  /// The reference or view variables followed to reach the object (for notes).
  std::vector<const clang::VarDecl*> through;
};

/// The access `argument` (a launcher's argument, as written) makes, or nothing.
std::optional<BufferAccess> resolve_access(const clang::Expr* argument, clang::ASTContext& context);

enum class Overlap { none, same_buffer, overlapping_views };

/// Whether `a` and `b` certainly share bytes: the same object with no subviews, or subviews
/// whose bounds show they overlap.
Overlap overlap(const BufferAccess& a, const BufferAccess& b);

}  // namespace simtc::host
