// Private to codegen: the pieces of the pipeline, in the order emit.cpp runs them. This header
// includes LLVM and is never installed or included from outside compiler/codegen.
#pragma once

#include <memory>
#include <string>

#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Target/TargetMachine.h>

#include "codegen/codegen.hpp"

namespace simtc::codegen::detail {

inline constexpr const char* kTriple = "nvptx64-nvidia-cuda";

/// Registers the NVPTX target and simtc's fatal-error handler, once per process.
void initialize_llvm();

/// A target machine for options that check_target accepted.
std::unique_ptr<llvm::TargetMachine> create_target_machine(const TargetOptions& options);

/// simt IR -> LLVM IR in `ctx`, with the target's triple and data layout. Null (and errors
/// in `diags`) when the module cannot be lowered.
std::unique_ptr<llvm::Module> lower_module(const ir::Module& module, const TargetOptions& options,
                                           const llvm::TargetMachine& tm, llvm::LLVMContext& ctx,
                                           DiagnosticSink& diags);

/// Links the libdevice functions `m` calls (none: nothing is read) and sets the
/// nvvm-reflect-ftz module flag. False (and an error in `diags`) when libdevice is missing.
bool link_libdevice(llvm::Module& m, const TargetOptions& options, DiagnosticSink& diags);

/// Function attributes that must also reach linked libdevice code (ftz under fast_math).
void apply_module_fp_attributes(llvm::Module& m, const TargetOptions& options);

/// The new pass manager's default per-module pipeline at `opt_level` (0..3).
void optimize_module(llvm::Module& m, llvm::TargetMachine& tm, int opt_level);

/// PTX assembly through the legacy codegen pass manager. False when the target cannot emit.
bool emit_assembly(llvm::Module& m, llvm::TargetMachine& tm, std::string& out);

}  // namespace simtc::codegen::detail
