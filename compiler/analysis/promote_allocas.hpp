// mem2reg with a small scalar replacement of aggregates: an alloca whose every use is a
// non-volatile load or store of a whole value at a constant byte offset (directly, or through
// `ptr_add` by constants), with accesses at one offset all of one type and accesses at
// different offsets not overlapping, becomes one SSA value per accessed offset, with phis at
// the iterated dominance frontier of its stores (Cytron et al.). An alloca whose address
// escapes (a call, memcpy, a stored pointer, a non-constant offset, ...) stays in memory.
#pragma once

#include "ir/module.hpp"

namespace simtc::analysis {

struct PromoteOptions {
  /// Promote at most this many (alloca, offset) slices per function.
  unsigned max_slices = 4096;
};

/// Promotes the allocas of `fn`, whose blocks must all be reachable from the entry. Returns
/// whether any was promoted.
bool promote_allocas(ir::Module& module, ir::Function& fn, const PromoteOptions& options = {});

}  // namespace simtc::analysis
