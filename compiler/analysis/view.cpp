#include "analysis/view.hpp"

#include "analysis/clone.hpp"
#include "passes/simplify_cfg.hpp"

namespace simtc::analysis {

AnalysisView build_analysis_view(const ir::Module& module, const ViewOptions& options) {
  AnalysisView view;
  CloneMap map;
  view.module = clone_module(module, map);
  for (const ir::Function* fn : module.functions()) {
    if (!fn->is_kernel() || fn->blocks().empty()) continue;
    KernelView kernel;
    kernel.original = fn;
    kernel.function = map.functions.at(fn);
    kernel.inlined = inline_calls(*view.module, *kernel.function, options.inlining);
    ir::Function& f = *kernel.function;
    passes::simplify_cfg(*view.module, f);
    for (unsigned round = 0; round < options.max_rounds; ++round) {
      bool changed = promote_allocas(*view.module, f, options.promotion);
      changed = fold_constants(*view.module, f, options.folding) || changed;
      // No dce: an unused shuffle or vote is still an operation the user wrote.
      changed = passes::simplify_cfg(*view.module, f) || changed;
      if (!changed) break;
    }
    view.kernels.push_back(std::move(kernel));
  }
  return view;
}

}  // namespace simtc::analysis
