// Private to codegen: the state shared by lower_module.cpp (functions, globals, blocks),
// lower_instructions.cpp, lower_intrinsics.cpp and debug_info.cpp.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include <llvm/ADT/ArrayRef.h>
#include <llvm/IR/DIBuilder.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Module.h>

#include "codegen/codegen.hpp"
#include "ir/function.hpp"
#include "ir/module.hpp"

namespace simtc::codegen::detail {

/// Line tables for --line-info: one DICompileUnit with DebugDirectivesOnly emission, one
/// DISubprogram per function, a DILocation per instruction.
class DebugInfo {
 public:
  /// `full`: DWARF for a debugger (-g); otherwise line directives only.
  DebugInfo(llvm::Module& m, const FileTable& files, bool optimized, bool full);
  /// Creates the function's DISubprogram and attaches it to `f`.
  llvm::DISubprogram* attach_subprogram(const ir::Function& fn, llvm::Function& f);
  /// The location of `loc` inside `sp` (line 0 when `loc` is unknown: compiler-generated).
  llvm::DILocation* location(SourceLoc loc, llvm::DISubprogram* sp);
  /// Describes `var` as living in `storage` (an alloca of `sp`'s function), from `at` on.
  void declare(const ir::Module::DebugVariable& var, llvm::AllocaInst* storage, llvm::DISubprogram* sp,
               llvm::BasicBlock::iterator at);
  void finalize() { dib_.finalize(); }

 private:
  llvm::DIFile* file(std::uint32_t index);
  llvm::DIScope* scope_for(std::uint32_t file_index, llvm::DISubprogram* sp);
  llvm::DIType* type(const ir::Module::DebugType* t, int depth);

  llvm::Module& m_;
  const FileTable& files_;
  bool optimized_;
  llvm::DIBuilder dib_;
  llvm::DICompileUnit* cu_ = nullptr;
  std::map<std::uint32_t, llvm::DIFile*> file_cache_;
  std::map<std::pair<llvm::DISubprogram*, llvm::DIFile*>, llvm::DIScope*> scope_cache_;
  std::map<const ir::Module::DebugType*, llvm::DIType*> type_cache_;
};

/// Module-wide lowering state.
struct ModuleState {
  const ir::Module& ir;
  const TargetOptions& options;
  llvm::LLVMContext& ctx;
  llvm::Module& m;
  DiagnosticSink& diags;
  std::unique_ptr<DebugInfo> debug;  // null without fault_report, line_info and debug_info
  std::unordered_map<const ir::Function*, llvm::Function*> functions;
  /// Each global's address: its variable, or for shared variables that live in dynamic shared
  /// memory (plan_dynamic_shared), an offset from the extern symbol that stands for it.
  std::unordered_map<const ir::Global*, llvm::Constant*> globals;

  llvm::Type* type(ir::Type t) const;
  /// Fast-math flags for an operation on `t`: contract under fmad; afn and arcp for f32
  /// (and f16/bf16) under fast_math, which, as nvcc's, leaves double precision alone.
  /// Never nnan/ninf: isnan/isinf must keep working.
  llvm::FastMathFlags fp_flags(ir::Type t) const;
};

/// Where to report a problem with a device operation: the instruction's own location, or, when
/// that lies in simt's headers (a header function wraps the operation), the user's call that
/// reached it (lower_intrinsics.cpp).
SourceLoc user_location(const ir::Module& m, const ir::Instruction& inst);

/// The Hopper intrinsics: mbarrier, TMA, bulk groups, elect.sync, setmaxnreg, wgmma, clusters
/// (lower_hopper.cpp).
llvm::Value* lower_hopper_intrinsic(ModuleState& s, llvm::IRBuilder<>& b, const ir::Instruction& inst,
                                    llvm::ArrayRef<llvm::Value*> args);
/// What the lowering of one intrinsic call works with (lower_hopper.cpp, lower_wgmma.cpp).
class IntrinsicLowering {
 protected:
  IntrinsicLowering(ModuleState& s, llvm::IRBuilder<>& b, const ir::Instruction& inst,
                    llvm::ArrayRef<llvm::Value*> args)
      : s_(s), b_(b), inst_(inst), args_(args), id_(inst.intrinsic_id()) {}
  /// Operand `i` as a constant within [lo, hi], or an error at the user's call naming `what`
  /// ("the group count of 'tma.wait_group' must be in 0..63, got 64").
  std::optional<std::uint64_t> constant(unsigned i, const char* what, std::uint64_t lo, std::uint64_t hi);

  ModuleState& s_;
  llvm::IRBuilder<>& b_;
  const ir::Instruction& inst_;
  llvm::ArrayRef<llvm::Value*> args_;
  ir::IntrinsicId id_;
};
/// wgmma.mma_async (shared-memory or register A) and wgmma.fence_operand: inline asm over the
/// accumulator's floats (lower_wgmma.cpp).
llvm::Value* lower_wgmma(ModuleState& s, llvm::IRBuilder<>& b, const ir::Instruction& inst,
                         llvm::ArrayRef<llvm::Value*> args);

/// Global loads and stores under a cache policy (global.load, global.store),
/// lower_cache_hints.cpp.
llvm::Value* lower_cache_hinted(ModuleState& s, llvm::IRBuilder<>& b, const ir::Instruction& inst,
                                llvm::ArrayRef<llvm::Value*> args);

/// Inline PTX (inline_asm): one LLVM InlineAsm call whose results are stored to the output
/// addresses, lower_inline_asm.cpp.
void lower_inline_asm(ModuleState& s, llvm::IRBuilder<>& b, const ir::Instruction& inst,
                      llvm::ArrayRef<llvm::Value*> operands);

/// printf (vprintf) and assert (__assertfail), lower_print.cpp.
llvm::Value* lower_print_intrinsic(ModuleState& s, llvm::IRBuilder<>& b, const ir::Instruction& inst,
                                   llvm::ArrayRef<llvm::Value*> args);

/// At the kernel's entry: llvm.assume of each [[simt::requires]] relation, which the host
/// checked before the launch (contract_facts.cpp).
void assume_contract(const ir::Function& fn, llvm::Function& f, llvm::IRBuilder<>& b);

/// Puts the IR's loop unrolling hints on the lowered back edges as !llvm.loop metadata
/// (loop_hints.cpp); `blocks` maps each IR block to its lowered block.
void attach_loop_hints(const ir::Function& fn,
                       const std::unordered_map<const ir::Block*, llvm::BasicBlock*>& blocks);

/// Lowers one function body. Blocks are lowered in reverse post-order so that every
/// definition is lowered before its uses (phis are filled in at the end).
class FunctionLowerer {
 public:
  FunctionLowerer(ModuleState& state, const ir::Function& fn, llvm::Function& f);
  void run();

 private:
  llvm::Value* value(const ir::Value* v);
  llvm::Value* constant(const ir::Constant& c);
  void lower(const ir::Instruction& inst);
  llvm::Value* lower_binary(const ir::Instruction& inst);
  llvm::Value* lower_div_rem(const ir::Instruction& inst, llvm::Value* a, llvm::Value* b);
  llvm::Value* lower_shift(const ir::Instruction& inst, llvm::Value* a, llvm::Value* b);
  llvm::Value* lower_frem(ir::Type t, llvm::Value* a, llvm::Value* b);
  llvm::Value* lower_cast(const ir::Instruction& inst);
  llvm::Value* lower_fcmp(const ir::Instruction& inst);
  llvm::Value* lower_float_to_int(bool is_signed, llvm::Value* v, llvm::Type* to);
  llvm::Value* lower_alloca(const ir::Instruction& inst);
  llvm::Value* lower_terminator(const ir::Instruction& inst);
  llvm::Value* lower_intrinsic(const ir::Instruction& inst);  // lower_intrinsics.cpp
  llvm::Value* lower_float_math(const ir::Instruction& inst, llvm::ArrayRef<llvm::Value*> args);
  llvm::Value* lower_int_math(const ir::Instruction& inst, llvm::ArrayRef<llvm::Value*> args);

  /// Calls libdevice's `name` (f32 or f64 signature) lane by lane for vectors, and through
  /// f32 for f16/bf16.
  llvm::Value* libdevice_call(const std::string& base, ir::Type t,
                              llvm::ArrayRef<llvm::Value*> args);
  llvm::Value* call_scalar(const std::string& name, llvm::Type* ret,
                           llvm::ArrayRef<llvm::Value*> args);

  ModuleState& s_;
  const ir::Function& fn_;
  llvm::Function& f_;
  llvm::IRBuilder<> b_;
  llvm::DISubprogram* sp_ = nullptr;
  llvm::AllocaInst* last_alloca_ = nullptr;
  std::unordered_map<const ir::Value*, llvm::Value*> values_;
  std::unordered_map<const ir::Block*, llvm::BasicBlock*> blocks_;
  std::vector<std::pair<const ir::Instruction*, llvm::PHINode*>> phis_;
};

}  // namespace simtc::codegen::detail
