#include "passes/default_pipeline.hpp"

#include "passes/dce.hpp"
#include "passes/simplify_cfg.hpp"

namespace simtc::passes {

Pipeline default_pipeline() {
  Pipeline pipeline;
  pipeline.add("simplify-cfg", [](ir::Module& m, DiagnosticSink&) { simplify_cfg(m); });
  pipeline.add("dce", [](ir::Module& m, DiagnosticSink&) { dce(m); });
  return pipeline;
}

}  // namespace simtc::passes
