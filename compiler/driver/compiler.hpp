// The driver: runs the pipeline stages on a kernel file. No Clang or LLVM types here.
//
//   frontend → checker → irgen → analysis → passes → codegen → PTX, then the header generator.
#pragma once

#include <iosfwd>
#include <memory>
#include <string>

#include "analysis/rules.hpp"
#include "checker/checker.hpp"
#include "codegen/codegen.hpp"
#include "frontend/frontend.hpp"
#include "ir/module.hpp"
#include "irgen/irgen.hpp"
#include "passes/pipeline.hpp"

namespace simtc::driver {

struct CompileOptions {
  frontend::FrontendOptions frontend;
  checker::CheckOptions checker;
  irgen::IrgenOptions irgen;
  analysis::RuleOptions analysis;
  passes::PipelineOptions pipeline;
  codegen::TargetOptions target;
};

/// Parses and checks `path`: the checker's rules on the AST, then irgen and the analysis
/// rules on the IR (what `simtc build` runs before the passes, without codegen). Diagnostics
/// go to stderr (to options.frontend.records when set); returns true when there were none of
/// error severity.
bool check_file(const std::string& path, const CompileOptions& options);

/// True when `id` names one of simtc's rules (the checker's, the analysis rules' or the host rules').
bool is_rule_id(const std::string& id);

/// Runs the analysis rules on `module` (which stays as it is); false when one reported an
/// error (printed to `err`).
bool run_analysis(const ir::Module& module, const CompileOptions& options, std::ostream& err);

/// Parses, checks and lowers `path` to IR (before the pass pipeline). Null on error.
std::unique_ptr<ir::Module> lower_file(const std::string& path, const CompileOptions& options);

/// Runs the pass pipeline; false on an internal error (reported to `err`).
bool run_passes(ir::Module& module, const CompileOptions& options, std::ostream& err);

/// Lowers, optimizes and generates PTX. `module_out` receives the optimized simt IR.
bool compile_to_ptx(const std::string& path, const CompileOptions& options, std::string& ptx,
                    std::unique_ptr<ir::Module>* module_out = nullptr);

/// Prints the Clang AST of the kernels of `path` (after checking) to `out`.
bool dump_ast(const std::string& path, const CompileOptions& options, std::ostream& out);

}  // namespace simtc::driver
