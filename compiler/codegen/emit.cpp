// The codegen pipeline: check target -> lower -> verify -> link libdevice -> optimize -> PTX.
#include "codegen/codegen.hpp"

#include <llvm/ADT/SmallString.h>
#include <llvm/IR/DebugInfo.h>
#include <llvm/IR/DiagnosticHandler.h>
#include <llvm/IR/DiagnosticInfo.h>
#include <llvm/IR/DiagnosticPrinter.h>
#include <llvm/IR/LegacyPassManager.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Support/raw_ostream.h>

#include "codegen/fault_sites.hpp"
#include "codegen/internal.hpp"
#include "support/ice.hpp"

namespace simtc::codegen {
namespace {

// Backend problems LLVM reports through the context (rather than as fatal errors) become
// diagnostics; remarks and notes are dropped.
class SinkDiagnosticHandler final : public llvm::DiagnosticHandler {
 public:
  explicit SinkDiagnosticHandler(DiagnosticSink& diags) : diags_(diags) {}
  bool handleDiagnostics(const llvm::DiagnosticInfo& info) override {
    llvm::DiagnosticSeverity sev = info.getSeverity();
    if (sev != llvm::DS_Error && sev != llvm::DS_Warning) return true;
    std::string text;
    llvm::raw_string_ostream os(text);
    llvm::DiagnosticPrinterRawOStream printer(os);
    info.print(printer);
    if (sev == llvm::DS_Error) diags_.error({}, "LLVM backend: " + text);
    else diags_.warning({}, "LLVM backend: " + text);
    return true;
  }

 private:
  DiagnosticSink& diags_;
};

enum class Output { LlvmIr, Ptx };

bool run(const ir::Module& module, const TargetOptions& options, bool optimize, Output output,
         std::string& out, DiagnosticSink& diags, const StepDone& step_done) {
  auto done = [&](const char* step) {
    if (step_done) step_done(step);
  };
  out.clear();
  if (std::string problem = check_target(options); !problem.empty()) {
    diags.error({}, problem);
    return false;
  }
  const unsigned errors_before = diags.error_count();
  detail::initialize_llvm();
  llvm::LLVMContext ctx;
  ctx.setDiagnosticHandler(std::make_unique<SinkDiagnosticHandler>(diags));
  std::unique_ptr<llvm::TargetMachine> tm = detail::create_target_machine(options);

  std::unique_ptr<llvm::Module> m = detail::lower_module(module, options, *tm, ctx, diags);
  if (!m) return false;
  std::string problems;
  llvm::raw_string_ostream pos(problems);
  bool broken_debug_info = false;
  if (llvm::verifyModule(*m, &pos, &broken_debug_info) || broken_debug_info)
    SIMTC_ICE("codegen produced invalid LLVM IR: " + problems);

  if (!detail::link_libdevice(*m, options, diags)) return false;
  detail::apply_module_fp_attributes(*m, options);
  done("lowering");
  if (optimize) {
    detail::optimize_module(*m, *tm, options.opt_level);
    detail::lower_fault_sites(*m, module);
    done("LLVM optimization");
  }
  if (!options.line_info && !options.debug_info) llvm::StripDebugInfo(*m);

  if (output == Output::LlvmIr) {
    llvm::raw_string_ostream os(out);
    m->print(os, nullptr);
  } else if (!detail::emit_assembly(*m, *tm, out)) {
    SIMTC_ICE("the NVPTX target cannot emit assembly");
  }
  done("codegen");
  return diags.error_count() == errors_before;
}

}  // namespace

namespace detail {

bool emit_assembly(llvm::Module& m, llvm::TargetMachine& tm, std::string& out) {
  llvm::SmallString<0> buffer;
  llvm::raw_svector_ostream os(buffer);
  llvm::legacy::PassManager pm;
  if (tm.addPassesToEmitFile(pm, os, nullptr, llvm::CodeGenFileType::AssemblyFile)) return false;
  pm.run(m);
  out.assign(buffer.begin(), buffer.end());
  return true;
}

}  // namespace detail

bool emit_llvm(const ir::Module& module, const TargetOptions& options, bool optimize,
               std::string& out, DiagnosticSink& diags) {
  return run(module, options, optimize, Output::LlvmIr, out, diags, {});
}

bool emit_ptx(const ir::Module& module, const TargetOptions& options, std::string& out,
              DiagnosticSink& diags, const StepDone& step_done) {
  return run(module, options, /*optimize=*/true, Output::Ptx, out, diags, step_done);
}

}  // namespace simtc::codegen
