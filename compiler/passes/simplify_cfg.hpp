// CFG clean-up: removes unreachable blocks, folds constant and trivial branches, merges
// straight-line blocks, forwards blocks that only branch on, and replaces phis that have a
// single incoming edge by its value. Iterates to a fixed point.
#pragma once

#include "ir/module.hpp"

namespace simtc::passes {

void simplify_cfg(ir::Module& module);
/// One function (returns whether anything changed).
bool simplify_cfg(ir::Module& module, ir::Function& fn);

}  // namespace simtc::passes
