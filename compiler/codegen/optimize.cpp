// The optimization pipeline: LLVM's default per-module pipeline with NVPTX's own passes
// (NVVMReflect, address-space inference, ...) hooked in through the target machine.
#include <llvm/Analysis/CGSCCPassManager.h>
#include <llvm/Analysis/LoopAnalysisManager.h>
#include <llvm/IR/PassManager.h>
#include <llvm/Passes/OptimizationLevel.h>
#include <llvm/Passes/PassBuilder.h>
#include <llvm/Transforms/InstCombine/InstCombine.h>
#include <llvm/Transforms/Scalar/InductiveRangeCheckElimination.h>

#include "codegen/internal.hpp"
#include "codegen/passes.hpp"

namespace simtc::codegen::detail {

void optimize_module(llvm::Module& m, llvm::TargetMachine& tm, int opt_level) {
  llvm::LoopAnalysisManager lam;
  llvm::FunctionAnalysisManager fam;
  llvm::CGSCCAnalysisManager cgam;
  llvm::ModuleAnalysisManager mam;
  // PassBuilder's constructor calls tm.registerPassBuilderCallbacks(): calling it again here
  // would run NVPTX's passes twice.
  llvm::PassBuilder pb(&tm);
  pb.registerModuleAnalyses(mam);
  pb.registerCGSCCAnalyses(cgam);
  pb.registerFunctionAnalyses(fam);
  pb.registerLoopAnalyses(lam);
  pb.crossRegisterProxies(lam, fam, cgam, mam);
  if (opt_level > 0) {
    // After each round of inlining: the header's index functions are now in the kernel.
    pb.registerPeepholeEPCallback([](llvm::FunctionPassManager& fpm, llvm::OptimizationLevel) {
      fpm.addPass(LaunchShapePass());
      fpm.addPass(ProveBoundsPass());
      fpm.addPass(AddressAlignmentPass());
    });
    pb.registerVectorizerStartEPCallback([](llvm::FunctionPassManager& fpm, llvm::OptimizationLevel) {
      // Bounds checks of a loop's slice reads split the loop into a short checked start and
      // end and an unchecked middle (LLVM's inductive range check elimination): the middle's
      // loads then issue back to back, as in unchecked code, and a wrong index still traps.
      fpm.addPass(llvm::IRCEPass());
      fpm.addPass(StripMinePass());
      fpm.addPass(DefaultUnrollPass());
    });
    pb.registerOptimizerLastEPCallback([](llvm::ModulePassManager& mpm, llvm::OptimizationLevel, llvm::ThinOrFullLTOPhase) {
      llvm::FunctionPassManager fpm;
      fpm.addPass(ZextOfAddPass());
      fpm.addPass(llvm::InstCombinePass());
      mpm.addPass(llvm::createModuleToFunctionPassAdaptor(std::move(fpm)));
    });
  }

  llvm::OptimizationLevel level = llvm::OptimizationLevel::O3;
  switch (opt_level) {
    case 0: level = llvm::OptimizationLevel::O0; break;
    case 1: level = llvm::OptimizationLevel::O1; break;
    case 2: level = llvm::OptimizationLevel::O2; break;
    default: break;
  }
  llvm::ModulePassManager mpm = level == llvm::OptimizationLevel::O0
                                    ? pb.buildO0DefaultPipeline(level)
                                    : pb.buildPerModuleDefaultPipeline(level);
  mpm.run(m, mam);
}

}  // namespace simtc::codegen::detail
