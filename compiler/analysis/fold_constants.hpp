// Constant folding for the analysis view: integer arithmetic, comparisons and casts of
// constants (with the IR's defined semantics: wrapping, division by zero), algebraic
// identities (x + 0, x * 1, x * 0, ...), selects on a constant and phis of one value, and the
// special registers the launch contract fixes: with an exact block shape (reqntid) ntid.* are
// constants and tid.y / tid.z (tid.x) are 0 where the extent is 1.
#pragma once

#include "ir/module.hpp"

namespace simtc::analysis {

struct FoldOptions {
  bool use_launch_bounds = true;  // fold ntid.* and tid.* from the function's reqntid
};

/// Folds `fn` to a fixed point; returns whether anything changed.
bool fold_constants(ir::Module& module, ir::Function& fn, const FoldOptions& options = {});

}  // namespace simtc::analysis
