// The analysis view: a copy of the module in which each kernel has its calls inlined and its
// locals promoted to SSA values, folded and simplified, so that the analyses see one CFG per
// kernel in which values flow through SSA instead of memory. Codegen keeps the original
// module: nothing here changes the code that is emitted.
#pragma once

#include <memory>
#include <vector>

#include "analysis/fold_constants.hpp"
#include "analysis/inline_calls.hpp"
#include "analysis/promote_allocas.hpp"
#include "ir/module.hpp"

namespace simtc::analysis {

struct ViewOptions {
  InlineOptions inlining;
  PromoteOptions promotion;
  FoldOptions folding;
  unsigned max_rounds = 6;  // promote / fold / simplify rounds per kernel
};

struct KernelView {
  const ir::Function* original = nullptr;  // the kernel in the module irgen made
  ir::Function* function = nullptr;        // its copy in the view's module
  InlineResult inlined;                    // call sites of the inlined instructions
};

struct AnalysisView {
  std::unique_ptr<ir::Module> module;
  std::vector<KernelView> kernels;
};

AnalysisView build_analysis_view(const ir::Module& module, const ViewOptions& options = {});

}  // namespace simtc::analysis
