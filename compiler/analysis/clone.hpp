// Copies of IR: a whole module (the analysis view starts from one, so that codegen's module
// stays as irgen made it), or one function's blocks into another function (the inliner).
#pragma once

#include <memory>
#include <unordered_map>

#include "ir/module.hpp"

namespace simtc::analysis {

/// What each original node became in the copy.
struct CloneMap {
  std::unordered_map<const ir::Value*, ir::Value*> values;
  std::unordered_map<const ir::Block*, ir::Block*> blocks;
  std::unordered_map<const ir::Function*, ir::Function*> functions;
};

/// A copy of `module`: files, globals, functions (with their launch bounds, signatures and
/// parameter attributes) and every instruction with its location and Tier 2 mark.
std::unique_ptr<ir::Module> clone_module(const ir::Module& module, CloneMap& map);

/// Appends copies of `from`'s blocks to `to` (a function of `module`) and returns the copy of
/// `from`'s entry. Operands are looked up in `map` first (map `from`'s parameters there);
/// constants not in it are remade in `module` (they may belong to another module), globals and
/// functions not in it stay as they are. Every copied instruction is recorded in `map`.
ir::Block* clone_blocks(const ir::Function& from, ir::Function& to, ir::Module& module,
                        CloneMap& map);

}  // namespace simtc::analysis
