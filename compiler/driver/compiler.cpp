#include "driver/compiler.hpp"

#include <chrono>
#include <cstdio>
#include <iostream>

#include "driver/stage_clock.hpp"
#include "host/host_check.hpp"
#include "passes/default_pipeline.hpp"
#include "support/diagnostic_record.hpp"

namespace simtc::driver {
namespace {

// Runs the checker and, when asked, irgen while the AST is alive.
class PipelineConsumer : public frontend::AstConsumer {
 public:
  PipelineConsumer(const CompileOptions& options, bool lower, std::ostream* ast_out)
      : options_(options), lower_(lower), ast_out_(ast_out), clock_(options.frontend.verbose) {}

  void handle(clang::ASTContext& context,
              const std::vector<const clang::FunctionDecl*>& kernels) override {
    clock_.lap("frontend");
    checked_ = checker::check(context, kernels, options_.checker);
    clock_.lap("checker");
    if (!checked_) return;
    if (ast_out_ != nullptr) *ast_out_ << frontend::dump_kernels(context, checker::reachable_functions(context, kernels));
    if (lower_) {
      module_ = irgen::generate(context, kernels, options_.irgen);
      clock_.lap("irgen");
    }
  }

  bool checked() const { return checked_; }
  std::unique_ptr<ir::Module> take_module() { return std::move(module_); }

 private:
  const CompileOptions& options_;
  bool lower_;
  std::ostream* ast_out_;
  StageClock clock_;  // started with the parse
  bool checked_ = false;
  std::unique_ptr<ir::Module> module_;
};

// The diagnostics of a stage after the frontend: printed, or kept as records (--format).
void report(const DiagnosticSink& diags, const FileTable& files, const CompileOptions& options, std::ostream& err) {
  if (options.frontend.records == nullptr) {
    diags.print(err, files);
    return;
  }
  for (const Diagnostic& d : diags.diagnostics()) {
    RecordLocation where;
    if (d.loc.valid()) where = {files.path(d.loc.file), d.loc.line, d.loc.column};
    options.frontend.records->add(d.severity, d.message, where);
  }
}

}  // namespace

bool check_file(const std::string& path, const CompileOptions& options) {
  std::unique_ptr<ir::Module> module = lower_file(path, options);
  return module != nullptr && run_analysis(*module, options, std::cerr);
}

bool is_rule_id(const std::string& id) {
  return checker::find_rule(id) != nullptr || analysis::find_rule(id) != nullptr || host::find_rule(id) != nullptr;
}

bool run_analysis(const ir::Module& module, const CompileOptions& options, std::ostream& err) {
  DiagnosticSink diags;
  StageClock clock(options.frontend.verbose);
  const auto start = std::chrono::steady_clock::now();
  std::vector<std::pair<std::string, double>> timings;
  analysis::RuleOptions rule_options = options.analysis;
  if (options.pipeline.time_passes) rule_options.timings = &timings;
  bool ok = analysis::run_rules(module, diags, rule_options);
  // Shared variables the target cannot hold, or cannot move into dynamic shared memory (over
  // 48 KiB): check and build report them alike.
  const unsigned before = diags.error_count();
  (void)codegen::plan_dynamic_shared(module, options.target.arch, &diags);
  ok = ok && diags.error_count() == before;
  clock.lap("analysis");
  if (options.pipeline.time_passes) {
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    char line[128];
    err << "; analysis timings (wall clock)\n";
    for (const auto& [stage, stage_ms] : timings) {
      std::snprintf(line, sizeof line, ";   %-24s %10.3f ms\n", stage.c_str(), stage_ms);
      err << line;
    }
    std::snprintf(line, sizeof line, ";   %-24s %10.3f ms\n", "total", ms);
    err << line;
  }
  report(diags, module.files(), options, err);
  return ok;
}

std::unique_ptr<ir::Module> lower_file(const std::string& path, const CompileOptions& options) {
  PipelineConsumer consumer(options, /*lower=*/true, nullptr);
  bool parsed = frontend::parse_file(path, options.frontend, consumer);
  std::unique_ptr<ir::Module> module = consumer.take_module();
  if (!parsed || !consumer.checked()) return nullptr;
  return module;
}

bool dump_ast(const std::string& path, const CompileOptions& options, std::ostream& out) {
  PipelineConsumer consumer(options, /*lower=*/false, &out);
  bool parsed = frontend::parse_file(path, options.frontend, consumer);
  return parsed && consumer.checked();
}

bool run_passes(ir::Module& module, const CompileOptions& options, std::ostream& err) {
  DiagnosticSink diags;
  StageClock clock(options.frontend.verbose);
  passes::PipelineOptions pipeline = options.pipeline;
  if (pipeline.dump == nullptr) pipeline.dump = &err;
  bool ok = passes::default_pipeline().run(module, diags, pipeline);
  clock.lap("passes");
  report(diags, module.files(), options, err);
  return ok && !diags.has_errors();
}

bool compile_to_ptx(const std::string& path, const CompileOptions& options, std::string& ptx,
                    std::unique_ptr<ir::Module>* module_out) {
  std::string target_error = codegen::check_target(options.target);
  if (!target_error.empty()) {
    std::cerr << "simtc: error: " << target_error << "\n";
    return false;
  }
  // --time-passes: the wall time of each stage, after the tables of the analysis and the passes.
  using Clock = std::chrono::steady_clock;
  std::vector<std::pair<const char*, double>> stages;
  auto start = Clock::now();
  auto lap = [&](const char* stage) {
    const auto now = Clock::now();
    stages.push_back({stage, std::chrono::duration<double, std::milli>(now - start).count()});
    start = now;
  };
  auto report_stages = [&] {
    if (!options.pipeline.time_passes) return;
    char line[128];
    std::cerr << "; stage timings (wall clock)\n";
    for (const auto& [stage, ms] : stages) {
      std::snprintf(line, sizeof line, ";   %-24s %10.3f ms\n", stage, ms);
      std::cerr << line;
    }
  };
  std::unique_ptr<ir::Module> module = lower_file(path, options);
  lap("parse, check, irgen");
  if (module == nullptr) return false;
  if (!run_analysis(*module, options, std::cerr)) return false;
  lap("analysis");
  if (!run_passes(*module, options, std::cerr)) return false;
  lap("simt passes");
  DiagnosticSink diags;
  StageClock clock(options.frontend.verbose);
  bool ok = codegen::emit_ptx(*module, options.target, ptx, diags, [&](const char* step) { clock.lap(step); });
  lap("LLVM and PTX");
  report_stages();
  diags.print(std::cerr, module->files());
  if (module_out != nullptr) *module_out = std::move(module);
  return ok && !diags.has_errors();
}

}  // namespace simtc::driver
