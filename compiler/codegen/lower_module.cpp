// simt IR -> LLVM IR, module level: types, globals, function signatures and attributes, and
// the per-function driver (block order, phis). Instructions are in lower_instructions.cpp.
#include "codegen/lower.hpp"

#include <llvm/IR/Attributes.h>
#include <llvm/IR/CFG.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/Instructions.h>
#include <llvm/Target/TargetMachine.h>

#include <unordered_set>

#include "codegen/internal.hpp"
#include "support/ice.hpp"

namespace simtc::codegen::detail {

llvm::Type* ModuleState::type(ir::Type t) const {
  llvm::Type* scalar = nullptr;
  switch (t.kind()) {
    case ir::Type::Kind::Void: return llvm::Type::getVoidTy(ctx);
    case ir::Type::Kind::I1: scalar = llvm::Type::getInt1Ty(ctx); break;
    case ir::Type::Kind::I8: scalar = llvm::Type::getInt8Ty(ctx); break;
    case ir::Type::Kind::I16: scalar = llvm::Type::getInt16Ty(ctx); break;
    case ir::Type::Kind::I32: scalar = llvm::Type::getInt32Ty(ctx); break;
    case ir::Type::Kind::I64: scalar = llvm::Type::getInt64Ty(ctx); break;
    case ir::Type::Kind::F16: scalar = llvm::Type::getHalfTy(ctx); break;
    case ir::Type::Kind::BF16: scalar = llvm::Type::getBFloatTy(ctx); break;
    case ir::Type::Kind::F32: scalar = llvm::Type::getFloatTy(ctx); break;
    case ir::Type::Kind::F64: scalar = llvm::Type::getDoubleTy(ctx); break;
    case ir::Type::Kind::Ptr:
      scalar = llvm::PointerType::get(ctx, static_cast<unsigned>(t.addr_space()));
      break;
  }
  if (t.is_vector()) return llvm::FixedVectorType::get(scalar, t.lanes());
  return scalar;
}

llvm::FastMathFlags ModuleState::fp_flags(ir::Type t) const {
  llvm::FastMathFlags fmf;
  if (!t.is_float()) return fmf;
  if (options.fmad) fmf.setAllowContract(true);
  if (options.fast_math && t.element() != ir::Type::f64()) {
    fmf.setApproxFunc(true);
    fmf.setAllowReciprocal(true);
  }
  return fmf;
}

namespace {

std::string dims(const std::array<std::uint32_t, 3>& d) {
  return std::to_string(d[0]) + "," + std::to_string(d[1]) + "," + std::to_string(d[2]);
}

// Shared variables of kernels with more than 48 KiB of them: offsets from one
// `.extern .shared .align A .b8 simt_shared_in_dynamic[]`, which aliases the launch's dynamic
// shared memory (shared_layout.cpp).
void lower_dynamic_shared_plan(ModuleState& s, const DynamicSharedPlan& plan) {
  if (plan.offsets.empty()) return;
  auto* i8 = llvm::Type::getInt8Ty(s.ctx);
  auto* base = new llvm::GlobalVariable(s.m, llvm::ArrayType::get(i8, 0), false, llvm::GlobalValue::ExternalLinkage,
                                        nullptr, "simt_shared_in_dynamic", nullptr, llvm::GlobalValue::NotThreadLocal,
                                        static_cast<unsigned>(ir::AddrSpace::Shared));
  base->setAlignment(llvm::Align(plan.align));
  for (const auto& [g, offset] : plan.offsets)
    s.globals.emplace(g, llvm::ConstantExpr::getInBoundsGetElementPtr(
                             i8, base, llvm::ConstantInt::get(llvm::Type::getInt64Ty(s.ctx), offset)));
}

void lower_global(ModuleState& s, const ir::Global& g) {
  if (s.globals.count(&g)) return;  // placed in dynamic shared memory
  auto* bytes = llvm::ArrayType::get(llvm::Type::getInt8Ty(s.ctx), g.size());
  if (g.is_extern()) {
    // Dynamic shared memory: `.extern .shared .align A .b8 name[]`, sized by the launch.
    auto* gv = new llvm::GlobalVariable(s.m, bytes, false, llvm::GlobalValue::ExternalLinkage, nullptr,
                                        g.symbol(), nullptr, llvm::GlobalValue::NotThreadLocal,
                                        static_cast<unsigned>(g.addr_space()));
    if (g.align() > 0) gv->setAlignment(llvm::Align(g.align()));
    s.globals.emplace(&g, gv);
    return;
  }
  if (g.is_visible()) {
    // Constant memory the host fills (simt::Constant): `.visible .const .align A .b8 name[N]`.
    // Not an LLVM constant, and externally initialised: its zeros say nothing of the values the
    // host copies in before a launch, so no load of it may be folded.
    auto* gv = new llvm::GlobalVariable(s.m, bytes, false, llvm::GlobalValue::ExternalLinkage,
                                        llvm::ConstantAggregateZero::get(bytes), g.symbol(), nullptr,
                                        llvm::GlobalValue::NotThreadLocal, static_cast<unsigned>(g.addr_space()));
    gv->setExternallyInitialized(true);
    if (g.align() > 0) gv->setAlignment(llvm::Align(g.align()));
    if (gv->getName() != g.symbol())
      s.diags.error(g.loc(), "constant-memory symbol '" + g.symbol() + "' clashes with another symbol");
    s.globals.emplace(&g, gv);
    return;
  }
  llvm::Constant* init = nullptr;
  bool is_const = false;
  switch (g.addr_space()) {
    case ir::AddrSpace::Shared:
      // One copy per block, uninitialised: PTX .shared variables cannot have initialisers.
      init = llvm::UndefValue::get(bytes);
      break;
    case ir::AddrSpace::Const:
      is_const = true;
      [[fallthrough]];
    case ir::AddrSpace::Global:
      if (g.initializer().empty()) {
        init = llvm::ConstantAggregateZero::get(bytes);
      } else {
        SIMTC_ASSERT(g.initializer().size() == g.size(),
                     "initializer of @" + g.symbol() + " does not match its size");
        init = llvm::ConstantDataArray::get(s.ctx, llvm::ArrayRef<std::uint8_t>(g.initializer()));
      }
      break;
    default:
      SIMTC_ICE("global @" + g.symbol() + " in address space " + addr_space_name(g.addr_space()));
  }
  auto* gv = new llvm::GlobalVariable(s.m, bytes, is_const, llvm::GlobalValue::InternalLinkage,
                                      init, g.symbol(), nullptr,
                                      llvm::GlobalValue::NotThreadLocal,
                                      static_cast<unsigned>(g.addr_space()));
  if (g.align() > 0) gv->setAlignment(llvm::Align(g.align()));
  s.globals.emplace(&g, gv);
}

llvm::Function* declare_function(ModuleState& s, const ir::Function& fn) {
  std::vector<llvm::Type*> params;
  for (const ir::Argument* a : fn.params()) params.push_back(s.type(a->type()));
  auto* fty = llvm::FunctionType::get(s.type(fn.return_type()), params, false);
  // Device functions are internal so that O3 inlines and removes them; kernels are the
  // entries the host looks up by name.
  auto linkage = fn.is_kernel() ? llvm::GlobalValue::ExternalLinkage
                                : llvm::GlobalValue::InternalLinkage;
  llvm::Function* f = llvm::Function::Create(fty, linkage, fn.name(), s.m);
  if (f->getName() != fn.name())
    s.diags.error(fn.loc(), "function name '" + fn.name() + "' clashes with another symbol");

  // As clang does for CUDA: every function is convergent (it may contain a barrier or a warp
  // operation, which must not be made control-dependent on more values), and nothing unwinds.
  f->addFnAttr(llvm::Attribute::Convergent);
  f->addFnAttr(llvm::Attribute::NoUnwind);
  // A function declared always_inline is inlined at every level, as Clang does. At -O0 nothing
  // else is but simt's own header functions: a failed check inside one is then still reported
  // at the user's call (fault_sites.cpp follows the inlined-at chain).
  if (fn.is_always_inline() && !fn.is_kernel())
    f->addFnAttr(llvm::Attribute::AlwaysInline);
  else if (s.options.opt_level == 0 && !fn.is_kernel())
    f->addFnAttr(s.options.fault_report && fn.loc().valid() && s.ir.files().is_system(fn.loc().file)
                     ? llvm::Attribute::AlwaysInline
                     : llvm::Attribute::NoInline);

  for (unsigned i = 0; i < fn.params().size(); ++i) {
    llvm::Argument* arg = f->getArg(i);
    arg->setName(fn.param(i)->name());
    std::uint8_t attrs = fn.param_attrs(i);
    if (!arg->getType()->isPointerTy()) continue;
    if (attrs & ir::GridConstant) {
      // The tensor map stays in the parameter space, where TMA reads it: byval of its 128
      // bytes, and grid_constant so that NVPTX takes its address (cvta.param) instead of a copy.
      arg->addAttr(llvm::Attribute::getWithByValType(s.ctx, llvm::ArrayType::get(llvm::Type::getInt8Ty(s.ctx), 128)));
      arg->addAttr(llvm::Attribute::getWithAlignment(s.ctx, llvm::Align(64)));
      arg->addAttr(llvm::Attribute::get(s.ctx, "nvvm.grid_constant"));
      continue;
    }
    // noalias + readonly on a global kernel pointer is what lets NVPTX load through the
    // non-coherent cache (ld.global.nc).
    if (attrs & ir::NoAlias) arg->addAttr(llvm::Attribute::NoAlias);
    if (attrs & ir::ReadOnly) arg->addAttr(llvm::Attribute::ReadOnly);
  }

  if (fn.is_kernel()) {
    f->setCallingConv(llvm::CallingConv::PTX_Kernel);
    const ir::LaunchBounds& lb = fn.launch_bounds();
    if (lb.reqntid) f->addFnAttr("nvvm.reqntid", dims(*lb.reqntid));
    if (lb.maxntid) f->addFnAttr("nvvm.maxntid", dims(*lb.maxntid));
    if (lb.min_blocks_per_sm) f->addFnAttr("nvvm.minctasm", std::to_string(*lb.min_blocks_per_sm));
    if (lb.max_registers) f->addFnAttr("nvvm.maxnreg", std::to_string(*lb.max_registers));
    if (lb.reqnctapercluster) {
      // .reqnctapercluster exists from sm_90 on; NVPTX drops the attribute for older targets.
      if (ir::sm_version(s.options.arch) < 90)
        s.diags.error(fn.loc(), "kernel '" + fn.signature().cpp_name + "' declares a thread block cluster " +
                                    "(simt::cluster), which needs --arch sm_90 or newer (the target is " +
                                    s.options.arch + ") [simt-target]");
      f->addFnAttr("nvvm.cluster_dim", dims(*lb.reqnctapercluster));
    }
  }
  return f;
}

// Reverse post-order of the blocks reachable from the entry, then the unreachable ones in
// their order: a definition always comes before the uses it dominates.
std::vector<const ir::Block*> block_order(const ir::Function& fn) {
  std::vector<const ir::Block*> post;
  std::unordered_set<const ir::Block*> seen;
  std::vector<std::pair<const ir::Block*, std::vector<ir::Block*>>> stack;
  if (const ir::Block* entry = fn.entry()) {
    seen.insert(entry);
    stack.emplace_back(entry, entry->successors());
  }
  while (!stack.empty()) {
    auto& [block, succs] = stack.back();
    if (succs.empty()) {
      post.push_back(block);
      stack.pop_back();
      continue;
    }
    const ir::Block* next = succs.back();
    succs.pop_back();
    if (seen.insert(next).second) stack.emplace_back(next, next->successors());
  }
  std::vector<const ir::Block*> order(post.rbegin(), post.rend());
  for (const ir::Block* b : fn.blocks())
    if (!seen.count(b)) order.push_back(b);
  return order;
}

}  // namespace

FunctionLowerer::FunctionLowerer(ModuleState& state, const ir::Function& fn, llvm::Function& f)
    : s_(state), fn_(fn), f_(f), b_(state.ctx) {}

void FunctionLowerer::run() {
  if (s_.debug) sp_ = s_.debug->attach_subprogram(fn_, f_);
  for (const ir::Block* b : fn_.blocks())
    blocks_.emplace(b, llvm::BasicBlock::Create(s_.ctx, b->name(), &f_));
  for (const ir::Block* b : block_order(fn_)) {
    llvm::BasicBlock* bb = blocks_.at(b);
    b_.SetInsertPoint(bb);
    if (b == fn_.entry() && s_.options.opt_level > 0) assume_contract(fn_, f_, b_);
    for (const ir::Instruction* inst : b->instructions()) lower(*inst);
    if (!bb->getTerminator()) {
      SIMTC_ICE("block '" + b->name() + "' of @" + fn_.name() + " has no terminator");
    }
  }
  for (auto& [inst, phi] : phis_) {
    for (unsigned i = 0; i < inst->num_operands(); ++i)
      phi->addIncoming(value(inst->operand(i)), blocks_.at(inst->blocks()[i]));
  }
  attach_loop_hints(fn_, blocks_);
}

llvm::Value* FunctionLowerer::value(const ir::Value* v) {
  switch (v->value_kind()) {
    case ir::Value::ValueKind::Constant:
      return constant(static_cast<const ir::Constant&>(*v));
    case ir::Value::ValueKind::Argument: {
      auto* a = static_cast<const ir::Argument*>(v);
      SIMTC_ASSERT(a->parent() == &fn_, "argument of another function used in @" + fn_.name());
      return f_.getArg(a->index());
    }
    case ir::Value::ValueKind::Global: {
      auto it = s_.globals.find(static_cast<const ir::Global*>(v));
      SIMTC_ASSERT(it != s_.globals.end(), "global not in the module");
      return it->second;
    }
    case ir::Value::ValueKind::Instruction: {
      auto it = values_.find(v);
      if (it != values_.end()) return it->second;
      // Only an unreachable block can use a value that has not been lowered yet (reachable
      // definitions dominate their uses and come first in reverse post-order).
      return llvm::PoisonValue::get(s_.type(v->type()));
    }
  }
  SIMTC_ICE("unknown value kind");
}

llvm::Value* FunctionLowerer::constant(const ir::Constant& c) {
  llvm::Type* t = s_.type(c.type());
  switch (c.const_kind()) {
    case ir::Constant::ConstKind::Int: return llvm::ConstantInt::get(t, c.int_bits());
    case ir::Constant::ConstKind::Float: return llvm::ConstantFP::get(t, c.float_value());
    case ir::Constant::ConstKind::Null: return llvm::Constant::getNullValue(t);
    case ir::Constant::ConstKind::Undef: return llvm::UndefValue::get(t);
  }
  SIMTC_ICE("unknown constant kind");
}

std::unique_ptr<llvm::Module> lower_module(const ir::Module& module, const TargetOptions& options,
                                           const llvm::TargetMachine& tm, llvm::LLVMContext& ctx,
                                           DiagnosticSink& diags) {
  auto m = std::make_unique<llvm::Module>("simtc", ctx);
  m->setTargetTriple(tm.getTargetTriple());
  m->setDataLayout(tm.createDataLayout());
  ModuleState s{module, options, ctx, *m, diags, nullptr, {}, {}};
  // Also for the fault sites, which need every instruction's location and inlined-at chain:
  // without -lineinfo or -g, emit.cpp strips the debug information once they are assigned.
  if (options.fault_report || options.line_info || options.debug_info)
    s.debug = std::make_unique<DebugInfo>(*m, module.files(), options.opt_level > 0, options.debug_info);

  unsigned errors = diags.error_count();
  lower_dynamic_shared_plan(s, plan_dynamic_shared(module, options.arch, &diags));
  for (const ir::Global* g : module.globals()) lower_global(s, *g);
  for (const ir::Function* fn : module.functions()) {
    s.functions.emplace(fn, declare_function(s, *fn));
    if (fn->blocks().empty())
      diags.error(fn->loc(), std::string(fn->is_kernel() ? "kernel" : "function") + " '" +
                                 fn->name() + "' has no body");
  }
  if (diags.error_count() > errors) return nullptr;
  for (const ir::Function* fn : module.functions()) {
    FunctionLowerer lowerer(s, *fn, *s.functions.at(fn));
    lowerer.run();
  }
  if (s.debug) s.debug->finalize();
  if (diags.error_count() > errors) return nullptr;
  return m;
}

}  // namespace simtc::codegen::detail
