// Dead code elimination: removes instructions whose results nothing live uses and that have
// no side effects (also dead cycles of phis). Stores, calls, memcpy/memset, volatile loads,
// non-pure intrinsics and terminators always stay.
#pragma once

#include "ir/module.hpp"

namespace simtc::passes {

void dce(ir::Module& module);
/// One function (returns whether anything was removed).
bool dce(ir::Function& fn);
/// Whether `inst` may be removed when its result is unused.
bool is_removable_if_unused(const ir::Instruction& inst);

}  // namespace simtc::passes
