// The inliner of the analysis view: replaces every call in a kernel by a copy of the callee's
// body, until no call is left but those into recursive cycles (which stay calls). Every copied
// instruction keeps its own source location; the chain of call sites it was inlined through
// is recorded for the diagnostics (which point at the user's call when the code inlined is
// simt's own).
#pragma once

#include <cstddef>
#include <memory>
#include <unordered_map>
#include <vector>

#include "ir/module.hpp"

namespace simtc::analysis {

/// One inlined call: where it was, and through which calls that place was itself inlined.
struct InlineSite {
  SourceLoc call_loc;
  bool call_in_unsafe = false;        // the call is Tier 2 code
  const ir::Function* callee = nullptr;
  const ir::Function* caller = nullptr;  // the function whose body holds the call
  const InlineSite* parent = nullptr;    // null: the call is in the kernel's own body
};

struct InlineOptions {
  /// Stop inlining once the kernel has this many instructions (the calls left are treated
  /// as recursive ones).
  std::size_t max_instructions = 100000;
};

struct InlineResult {
  std::vector<std::unique_ptr<InlineSite>> sites;  // owned here; the pointers below stay valid
  /// The innermost inlined call each copied instruction came through (absent: the kernel's
  /// own instruction).
  std::unordered_map<const ir::Instruction*, const InlineSite*> site_of;
  /// The calls left in the kernel: into recursive cycles, or past the budget (also listed in
  /// over_budget).
  std::vector<ir::Instruction*> calls_left;
  std::vector<const ir::Instruction*> over_budget;
};

/// Inlines the calls of `kernel` (a function of `module`). Allocas of inlined bodies move to
/// the kernel's entry block.
InlineResult inline_calls(ir::Module& module, ir::Function& kernel, const InlineOptions& options = {});

/// The functions of `module` that can call themselves (directly or through others).
std::vector<const ir::Function*> recursive_functions(const ir::Module& module);

}  // namespace simtc::analysis
