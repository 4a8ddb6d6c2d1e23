// simt IR intrinsics -> NVVM intrinsics, LLVM's generic intrinsics (where they are exact)
// and libdevice (__nv_*) for the rest of the math library.
#include "codegen/lower.hpp"
#include "codegen/fault_sites.hpp"

#include <optional>

#include <llvm/IR/Constants.h>
#include <llvm/IR/InlineAsm.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/IntrinsicsNVPTX.h>

#include "support/ice.hpp"

namespace simtc::codegen::detail {

SourceLoc user_location(const ir::Module& m, const ir::Instruction& inst) {
  auto in_headers = [&](SourceLoc loc) {
    if (!loc.valid() || loc.file >= m.files().size()) return false;
    const std::string& path = m.files().path(loc.file);
    return path.find("/simt/device/") != std::string::npos || path.find("/simt/half.hpp") != std::string::npos;
  };
  SourceLoc loc = inst.loc();
  const ir::Function* fn = inst.parent() ? inst.parent()->parent() : nullptr;
  for (int depth = 0; depth < 16 && fn != nullptr && in_headers(loc); ++depth) {
    const ir::Instruction* site = nullptr;
    for (const ir::Function* caller : m.functions())
      for (const ir::Block* b : caller->blocks())
        for (const ir::Instruction* i : b->instructions())
          if (site == nullptr && i->opcode() == ir::Opcode::Call && i->callee() == fn) site = i;
    if (site == nullptr) break;
    loc = site->loc();
    fn = site->parent() ? site->parent()->parent() : nullptr;
  }
  return loc;
}

namespace {

using ir::IntrinsicId;

llvm::Intrinsic::ID sreg(IntrinsicId id) {
  switch (id) {
    case IntrinsicId::TidX: return llvm::Intrinsic::nvvm_read_ptx_sreg_tid_x;
    case IntrinsicId::TidY: return llvm::Intrinsic::nvvm_read_ptx_sreg_tid_y;
    case IntrinsicId::TidZ: return llvm::Intrinsic::nvvm_read_ptx_sreg_tid_z;
    case IntrinsicId::NtidX: return llvm::Intrinsic::nvvm_read_ptx_sreg_ntid_x;
    case IntrinsicId::NtidY: return llvm::Intrinsic::nvvm_read_ptx_sreg_ntid_y;
    case IntrinsicId::NtidZ: return llvm::Intrinsic::nvvm_read_ptx_sreg_ntid_z;
    case IntrinsicId::CtaidX: return llvm::Intrinsic::nvvm_read_ptx_sreg_ctaid_x;
    case IntrinsicId::CtaidY: return llvm::Intrinsic::nvvm_read_ptx_sreg_ctaid_y;
    case IntrinsicId::CtaidZ: return llvm::Intrinsic::nvvm_read_ptx_sreg_ctaid_z;
    case IntrinsicId::NctaidX: return llvm::Intrinsic::nvvm_read_ptx_sreg_nctaid_x;
    case IntrinsicId::NctaidY: return llvm::Intrinsic::nvvm_read_ptx_sreg_nctaid_y;
    case IntrinsicId::NctaidZ: return llvm::Intrinsic::nvvm_read_ptx_sreg_nctaid_z;
    case IntrinsicId::LaneId: return llvm::Intrinsic::nvvm_read_ptx_sreg_laneid;
    case IntrinsicId::WarpSize: return llvm::Intrinsic::nvvm_read_ptx_sreg_warpsize;
    default: return llvm::Intrinsic::not_intrinsic;
  }
}

// Float math that LLVM lowers exactly as IEEE 754 (and C) define it.
llvm::Intrinsic::ID exact_float_intrinsic(IntrinsicId id) {
  switch (id) {
    case IntrinsicId::Sqrt: return llvm::Intrinsic::sqrt;  // sqrt.rn (sqrt.approx under afn)
    case IntrinsicId::Fabs: return llvm::Intrinsic::fabs;
    case IntrinsicId::Floor: return llvm::Intrinsic::floor;
    case IntrinsicId::Ceil: return llvm::Intrinsic::ceil;
    case IntrinsicId::Trunc: return llvm::Intrinsic::trunc;
    case IntrinsicId::Rint: return llvm::Intrinsic::rint;
    case IntrinsicId::Round: return llvm::Intrinsic::round;
    case IntrinsicId::Fma: return llvm::Intrinsic::fma;
    case IntrinsicId::Copysign: return llvm::Intrinsic::copysign;
    case IntrinsicId::Fmin: return llvm::Intrinsic::minnum;  // C fmin: a NaN operand loses
    case IntrinsicId::Fmax: return llvm::Intrinsic::maxnum;
    default: return llvm::Intrinsic::not_intrinsic;
  }
}

// The rest of the math library: libdevice's __nv_<base>f (f32) and __nv_<base> (f64).
const char* libdevice_base(IntrinsicId id) {
  switch (id) {
    case IntrinsicId::Rsqrt: return "rsqrt";
    case IntrinsicId::Cbrt: return "cbrt";
    case IntrinsicId::Exp: return "exp";
    case IntrinsicId::Exp2: return "exp2";
    case IntrinsicId::Exp10: return "exp10";
    case IntrinsicId::Expm1: return "expm1";
    case IntrinsicId::Log: return "log";
    case IntrinsicId::Log2: return "log2";
    case IntrinsicId::Log10: return "log10";
    case IntrinsicId::Log1p: return "log1p";
    case IntrinsicId::Sin: return "sin";
    case IntrinsicId::Cos: return "cos";
    case IntrinsicId::Tan: return "tan";
    case IntrinsicId::Asin: return "asin";
    case IntrinsicId::Acos: return "acos";
    case IntrinsicId::Atan: return "atan";
    case IntrinsicId::Sinh: return "sinh";
    case IntrinsicId::Cosh: return "cosh";
    case IntrinsicId::Tanh: return "tanh";
    case IntrinsicId::Asinh: return "asinh";
    case IntrinsicId::Acosh: return "acosh";
    case IntrinsicId::Atanh: return "atanh";
    case IntrinsicId::Erf: return "erf";
    case IntrinsicId::Erfc: return "erfc";
    case IntrinsicId::Lgamma: return "lgamma";
    case IntrinsicId::Tgamma: return "tgamma";
    case IntrinsicId::Atan2: return "atan2";
    case IntrinsicId::Pow: return "pow";
    case IntrinsicId::Fmod: return "fmod";
    case IntrinsicId::Hypot: return "hypot";
    default: return nullptr;
  }
}

// --use_fast_math's f32 replacements (libdevice's __nv_fast_*f, built on the MUFU
// approximations), as nvcc picks them.
bool has_fast_variant(const std::string& base) {
  return base == "exp" || base == "exp10" || base == "log" || base == "log2" ||
         base == "log10" || base == "sin" || base == "cos" || base == "tan" || base == "pow";
}

// ---------------------------------------------------------------------------------------
// The device API: barriers, fences, warp operations, atomics, time, cp.async, tensor cores.

class DeviceApiLowering {
 public:
  DeviceApiLowering(ModuleState& s, llvm::IRBuilder<>& b, const ir::Instruction& inst,
                    llvm::ArrayRef<llvm::Value*> args)
      : s_(s), b_(b), inst_(inst), args_(args), id_(inst.intrinsic_id()) {}

  llvm::Value* run();

 private:
  llvm::Value* call(llvm::Intrinsic::ID id, llvm::ArrayRef<llvm::Value*> args,
                    llvm::ArrayRef<llvm::Type*> types = {}) {
    return b_.CreateIntrinsic(id, types, args);
  }
  llvm::Value* i32(std::uint32_t v) { return b_.getInt32(v); }
  llvm::Value* poison() { return llvm::PoisonValue::get(s_.type(inst_.type())); }
  // False (and an error at the user's call) when the target lacks the instruction.
  bool require_sm();  // the target has the instruction (the checker reports it first: simt-target)
  // The constant operand `i`, or an error naming `what` when it is not a constant.
  std::optional<std::uint64_t> constant(unsigned i, const char* what);
  llvm::Value* shuffle(llvm::Value* value);
  llvm::Value* shuffle32(llvm::Value* value);
  llvm::Value* atomic();
  llvm::Value* atomic_rmw(llvm::Value* ptr, llvm::Value* value, unsigned order, unsigned scope);
  llvm::Value* async_copy();
  llvm::Value* ldmatrix();
  llvm::Value* stmatrix();
  llvm::Value* mma();

  ModuleState& s_;
  llvm::IRBuilder<>& b_;
  const ir::Instruction& inst_;
  llvm::ArrayRef<llvm::Value*> args_;
  IntrinsicId id_;
};

bool DeviceApiLowering::require_sm() {
  std::string error = ir::intrinsic_target_error(id_, s_.options.arch);
  if (error.empty()) return true;
  s_.diags.error(user_location(s_.ir, inst_), error + " [simt-target]");
  return false;
}

std::optional<std::uint64_t> DeviceApiLowering::constant(unsigned i, const char* what) {
  if (auto* c = llvm::dyn_cast<llvm::ConstantInt>(args_[i])) return c->getZExtValue();
  s_.diags.error(user_location(s_.ir, inst_), std::string("the ") + what + " of '" + ir::intrinsic_name(id_) +
                                                  "' must be a compile-time constant");
  return std::nullopt;
}

llvm::Value* DeviceApiLowering::run() {
  using I = IntrinsicId;
  namespace N = llvm::Intrinsic;
  switch (id_) {
    // Barriers: bar.sync 0 and bar.red.{popc,and,or} on barrier 0 (what __syncthreads_* use).
    case I::BarrierSync: return call(N::nvvm_barrier_cta_sync_aligned_all, {i32(0)});
    case I::BarrierPopc: return call(N::nvvm_barrier_cta_red_popc_aligned_all, {i32(0), args_[0]});
    case I::BarrierAnd: return call(N::nvvm_barrier_cta_red_and_aligned_all, {i32(0), args_[0]});
    case I::BarrierOr: return call(N::nvvm_barrier_cta_red_or_aligned_all, {i32(0), args_[0]});
    // fence.sc.{cta,gpu,sys}: LLVM's fences with NVPTX's sync scopes.
    case I::FenceBlock:
      b_.CreateFence(llvm::AtomicOrdering::SequentiallyConsistent, s_.ctx.getOrInsertSyncScopeID("block"));
      return nullptr;
    case I::FenceDevice:
      b_.CreateFence(llvm::AtomicOrdering::SequentiallyConsistent, s_.ctx.getOrInsertSyncScopeID("device"));
      return nullptr;
    case I::FenceSystem:
      b_.CreateFence(llvm::AtomicOrdering::SequentiallyConsistent, llvm::SyncScope::System);
      return nullptr;
    case I::WarpSync: return call(N::nvvm_bar_warp_sync, {args_[0]});
    case I::ActiveMask: return call(N::nvvm_activemask, {});
    case I::ShflIdx: case I::ShflUp: case I::ShflDown: case I::ShflXor:
      return shuffle(args_[1]);
    case I::VoteAny: return call(N::nvvm_vote_any_sync, {args_[0], args_[1]});
    case I::VoteAll: return call(N::nvvm_vote_all_sync, {args_[0], args_[1]});
    case I::VoteBallot: return call(N::nvvm_vote_ballot_sync, {args_[0], args_[1]});
    case I::MatchAny:
    case I::MatchAll: {
      const bool wide = args_[1]->getType()->isIntegerTy(64);
      if (id_ == I::MatchAny)
        return call(wide ? N::nvvm_match_any_sync_i64 : N::nvvm_match_any_sync_i32, {args_[0], args_[1]});
      // match.all also yields a predicate; the mask (0 when the values differ) says the same.
      llvm::Value* pair =
          call(wide ? N::nvvm_match_all_sync_i64p : N::nvvm_match_all_sync_i32p, {args_[0], args_[1]});
      return b_.CreateExtractValue(pair, 0);
    }
    case I::ReduxAdd: case I::ReduxSMin: case I::ReduxUMin: case I::ReduxSMax: case I::ReduxUMax:
    case I::ReduxAnd: case I::ReduxOr: case I::ReduxXor: {
      if (!require_sm()) return poison();
      llvm::Intrinsic::ID which = id_ == I::ReduxAdd    ? N::nvvm_redux_sync_add
                                  : id_ == I::ReduxSMin ? N::nvvm_redux_sync_min
                                  : id_ == I::ReduxUMin ? N::nvvm_redux_sync_umin
                                  : id_ == I::ReduxSMax ? N::nvvm_redux_sync_max
                                  : id_ == I::ReduxUMax ? N::nvvm_redux_sync_umax
                                  : id_ == I::ReduxAnd  ? N::nvvm_redux_sync_and
                                  : id_ == I::ReduxOr   ? N::nvvm_redux_sync_or
                                                        : N::nvvm_redux_sync_xor;
      return call(which, {args_[1], args_[0]});  // NVVM's order: value, mask
    }
    case I::Clock: return call(N::nvvm_read_ptx_sreg_clock, {});
    case I::Clock64: return call(N::nvvm_read_ptx_sreg_clock64, {});
    case I::GlobalTimer: return call(N::nvvm_read_ptx_sreg_globaltimer, {});
    case I::Nanosleep: return call(N::nvvm_nanosleep, {args_[0]});
    case I::DynamicSharedSize: return call(N::nvvm_read_ptx_sreg_dynamic_smem_size, {});
    case I::AsyncCopy4: case I::AsyncCopy8: case I::AsyncCopy16: case I::AsyncCopy16Cg:
      return async_copy();
    case I::AsyncCommit:
      if (!require_sm()) return nullptr;
      return call(N::nvvm_cp_async_commit_group, {});
    case I::AsyncWait: {
      if (!require_sm()) return nullptr;
      std::optional<std::uint64_t> n = constant(0, "group count");
      if (!n) return nullptr;
      return call(N::nvvm_cp_async_wait_group, {i32(std::uint32_t(*n))});
    }
    case I::AsyncWaitAll:
      if (!require_sm()) return nullptr;
      return call(N::nvvm_cp_async_wait_all, {});
    case I::LdMatrixX1: case I::LdMatrixX2: case I::LdMatrixX4:
    case I::LdMatrixX1Trans: case I::LdMatrixX2Trans: case I::LdMatrixX4Trans:
      return ldmatrix();
    case I::StMatrixX1: case I::StMatrixX2: case I::StMatrixX4:
    case I::StMatrixX1Trans: case I::StMatrixX2Trans: case I::StMatrixX4Trans:
      return stmatrix();
    case I::MmaF16:
    case I::MmaBF16:
      return mma();
    case I::PackBF16x2:
    case I::PackF16x2: {
      // cvt.rn.{bf16x2,f16x2}.f32 d, hi, lo: the intrinsic takes the high half first.
      if (!require_sm()) return nullptr;
      const bool bf16 = id_ == I::PackBF16x2;
      llvm::Value* pair = call(bf16 ? N::nvvm_ff2bf16x2_rn : N::nvvm_ff2f16x2_rn, {args_[1], args_[0]});
      return b_.CreateBitCast(pair, b_.getInt32Ty());
    }
    default:
      return atomic();
  }
}

// shfl.sync.{idx,up,down,bfly}.b32 with c = ((32 - width) << 8) | clamp, as CUDA's __shfl_*_sync
// compute it; 64-bit values travel as two 32-bit halves.
llvm::Value* DeviceApiLowering::shuffle(llvm::Value* value) {
  llvm::Type* t = value->getType();
  if (t->getPrimitiveSizeInBits() == 32) return shuffle32(value);
  llvm::Type* halves_t = llvm::FixedVectorType::get(b_.getInt32Ty(), 2);
  llvm::Value* halves = b_.CreateBitCast(value, halves_t);
  llvm::Value* lo = shuffle32(b_.CreateExtractElement(halves, std::uint64_t(0)));
  llvm::Value* hi = shuffle32(b_.CreateExtractElement(halves, std::uint64_t(1)));
  llvm::Value* out = b_.CreateInsertElement(llvm::PoisonValue::get(halves_t), lo, std::uint64_t(0));
  out = b_.CreateInsertElement(out, hi, std::uint64_t(1));
  return b_.CreateBitCast(out, t);
}

llvm::Value* DeviceApiLowering::shuffle32(llvm::Value* value) {
  using I = IntrinsicId;
  namespace N = llvm::Intrinsic;
  const bool f = value->getType()->isFloatTy();
  llvm::Intrinsic::ID which;
  switch (id_) {
    case I::ShflIdx: which = f ? N::nvvm_shfl_sync_idx_f32 : N::nvvm_shfl_sync_idx_i32; break;
    case I::ShflUp: which = f ? N::nvvm_shfl_sync_up_f32 : N::nvvm_shfl_sync_up_i32; break;
    case I::ShflDown: which = f ? N::nvvm_shfl_sync_down_f32 : N::nvvm_shfl_sync_down_i32; break;
    default: which = f ? N::nvvm_shfl_sync_bfly_f32 : N::nvvm_shfl_sync_bfly_i32; break;
  }
  // up clamps at the segment's first lane (0), the others at its last (31).
  llvm::Value* segment = b_.CreateShl(b_.CreateSub(i32(32), args_[3]), 8);
  llvm::Value* c = id_ == I::ShflUp ? segment : b_.CreateOr(segment, i32(31));
  return call(which, {args_[0], value, args_[2], c});
}

llvm::AtomicOrdering llvm_order(unsigned order) {
  switch (order) {
    case 0: return llvm::AtomicOrdering::Monotonic;
    case 1: return llvm::AtomicOrdering::Acquire;
    case 2: return llvm::AtomicOrdering::Release;
    case 3: return llvm::AtomicOrdering::AcquireRelease;
    default: return llvm::AtomicOrdering::SequentiallyConsistent;
  }
}

llvm::SyncScope::ID llvm_scope(llvm::LLVMContext& ctx, unsigned scope) {
  if (scope == 0) return ctx.getOrInsertSyncScopeID("block");
  if (scope == 1) return ctx.getOrInsertSyncScopeID("device");
  return llvm::SyncScope::System;
}

llvm::Value* DeviceApiLowering::atomic() {
  using I = IntrinsicId;
  // Operand positions of the order and the scope.
  const unsigned at = id_ == I::AtomicLoad ? 1 : id_ == I::AtomicCas ? 3 : 2;
  std::optional<std::uint64_t> order = constant(at, "memory order");
  std::optional<std::uint64_t> scope = constant(at + 1, "scope");
  if (!order || !scope || *order > 4 || *scope > 2) {
    if (order && scope)
      s_.diags.error(user_location(s_.ir, inst_),
                     std::string("invalid memory order or scope for '") + ir::intrinsic_name(id_) + "'");
    return inst_.type().is_void() ? nullptr : poison();
  }
  llvm::Value* ptr = args_[0];
  llvm::SyncScope::ID ss = llvm_scope(s_.ctx, unsigned(*scope));
  if (id_ == I::AtomicLoad || id_ == I::AtomicStore) {
    const bool load = id_ == I::AtomicLoad;
    // A load cannot release and a store cannot acquire: those halves are dropped, as the
    // strongest ordering each can have.
    llvm::AtomicOrdering o = llvm_order(unsigned(*order));
    if (load && o == llvm::AtomicOrdering::Release) o = llvm::AtomicOrdering::Monotonic;
    if (load && o == llvm::AtomicOrdering::AcquireRelease) o = llvm::AtomicOrdering::Acquire;
    if (!load && o == llvm::AtomicOrdering::Acquire) o = llvm::AtomicOrdering::Monotonic;
    if (!load && o == llvm::AtomicOrdering::AcquireRelease) o = llvm::AtomicOrdering::Release;
    llvm::Type* t = load ? s_.type(inst_.type()) : args_[1]->getType();
    llvm::Align align(t->getPrimitiveSizeInBits() / 8);
    if (load) {
      llvm::LoadInst* l = b_.CreateAlignedLoad(t, ptr, align);
      l->setAtomic(o, ss);
      return l;
    }
    llvm::StoreInst* st = b_.CreateAlignedStore(args_[1], ptr, align);
    st->setAtomic(o, ss);
    return nullptr;
  }
  if (id_ == I::AtomicCas) {
    llvm::Type* t = args_[1]->getType();
    llvm::Type* it = b_.getIntNTy(t->getPrimitiveSizeInBits());  // cmpxchg takes integers
    llvm::AtomicOrdering success = llvm_order(unsigned(*order));
    llvm::AtomicOrdering failure = llvm::AtomicCmpXchgInst::getStrongestFailureOrdering(success);
    llvm::Value* pair = b_.CreateAtomicCmpXchg(ptr, b_.CreateBitCast(args_[1], it),
                                               b_.CreateBitCast(args_[2], it), llvm::MaybeAlign(),
                                               success, failure, ss);
    return b_.CreateBitCast(b_.CreateExtractValue(pair, 0), t);
  }
  return atomic_rmw(ptr, args_[1], unsigned(*order), unsigned(*scope));
}

// LLVM 22's NVPTX backend selects a plain (relaxed, .gpu) `atom` for every atomicrmw it
// supports natively, whatever its ordering and scope. Relaxed block and device atomics are
// exactly that; the others are written as PTX so that their ordering and scope hold:
// `atom.<sem>.<scope>.<op>.<type>` (seq_cst: `fence.sc.<scope>` then `atom.acq_rel`, the PTX
// ISA's mapping). Float sub/min/max become compare-and-swap loops, whose cas keeps both.
llvm::Value* DeviceApiLowering::atomic_rmw(llvm::Value* ptr, llvm::Value* value, unsigned order,
                                           unsigned scope) {
  using I = IntrinsicId;
  using Op = llvm::AtomicRMWInst::BinOp;
  llvm::Type* t = value->getType();
  const bool is_float = t->isFloatingPointTy();
  Op op;
  const char* ptx_op;
  char kind;  // PTX type letter: u(nsigned), s(igned), b(its), f(loat)
  switch (id_) {
    case I::AtomicAdd: op = is_float ? Op::FAdd : Op::Add; ptx_op = "add"; kind = is_float ? 'f' : 'u'; break;
    case I::AtomicSub: op = is_float ? Op::FSub : Op::Sub; ptx_op = "add"; kind = 'u'; break;
    case I::AtomicExch: op = Op::Xchg; ptx_op = "exch"; kind = 'b'; break;
    case I::AtomicSMin: op = Op::Min; ptx_op = "min"; kind = 's'; break;
    case I::AtomicSMax: op = Op::Max; ptx_op = "max"; kind = 's'; break;
    case I::AtomicUMin: op = Op::UMin; ptx_op = "min"; kind = 'u'; break;
    case I::AtomicUMax: op = Op::UMax; ptx_op = "max"; kind = 'u'; break;
    case I::AtomicFMin: op = Op::FMin; ptx_op = nullptr; kind = 'f'; break;
    case I::AtomicFMax: op = Op::FMax; ptx_op = nullptr; kind = 'f'; break;
    case I::AtomicAnd: op = Op::And; ptx_op = "and"; kind = 'b'; break;
    case I::AtomicOr: op = Op::Or; ptx_op = "or"; kind = 'b'; break;
    case I::AtomicXor: op = Op::Xor; ptx_op = "xor"; kind = 'b'; break;
    default: SIMTC_ICE(std::string("no lowering for intrinsic ") + ir::intrinsic_name(id_));
  }
  const bool cas_loop = op == Op::FSub || op == Op::FMin || op == Op::FMax;
  if ((order == 0 && scope != 2) || cas_loop)
    return b_.CreateAtomicRMW(op, ptr, value, llvm::MaybeAlign(), llvm_order(order), llvm_scope(s_.ctx, scope));

  const unsigned bits = t->getPrimitiveSizeInBits();
  llvm::Type* it = b_.getIntNTy(bits);
  llvm::Value* operand = b_.CreateBitCast(value, it);
  if (id_ == I::AtomicSub) operand = b_.CreateNeg(operand);  // atom has no sub: add the negation
  static const char* const kSem[] = {"relaxed", "acquire", "release", "acq_rel", "acq_rel"};
  static const char* const kScope[] = {"cta", "gpu", "sys"};
  std::string text = order == 4 ? std::string("fence.sc.") + kScope[scope] + ";\n\t" : "";
  text += std::string("atom.") + kSem[order] + "." + kScope[scope] + "." + ptx_op + "." + kind +
          std::to_string(bits) + " $0, [$1], $2;";
  const char* constraints = bits == 32 ? "=r,l,r,~{memory}" : "=l,l,l,~{memory}";
  auto* fty = llvm::FunctionType::get(it, {ptr->getType(), it}, false);
  llvm::Value* old = b_.CreateCall(llvm::InlineAsm::get(fty, text, constraints, true), {ptr, operand});
  return b_.CreateBitCast(old, t);
}

// cp.async.{ca,cg}.shared.global [dst], [src], N(, src_bytes): the pointers arrive generic and
// are converted to the shared and global windows (the caller vouches for where they point).
llvm::Value* DeviceApiLowering::async_copy() {
  using I = IntrinsicId;
  namespace N = llvm::Intrinsic;
  if (!require_sm()) return nullptr;
  llvm::Value* dst = b_.CreateAddrSpaceCast(args_[0], llvm::PointerType::get(s_.ctx, 3));
  llvm::Value* src = b_.CreateAddrSpaceCast(args_[1], llvm::PointerType::get(s_.ctx, 1));
  const unsigned bytes = id_ == I::AsyncCopy4 ? 4 : id_ == I::AsyncCopy8 ? 8 : 16;
  auto* full = llvm::dyn_cast<llvm::ConstantInt>(args_[2]);
  if (full != nullptr && full->getZExtValue() == bytes) {  // the whole chunk: no src-size operand
    llvm::Intrinsic::ID which = id_ == I::AsyncCopy4    ? N::nvvm_cp_async_ca_shared_global_4
                                : id_ == I::AsyncCopy8  ? N::nvvm_cp_async_ca_shared_global_8
                                : id_ == I::AsyncCopy16 ? N::nvvm_cp_async_ca_shared_global_16
                                                        : N::nvvm_cp_async_cg_shared_global_16;
    return call(which, {dst, src});
  }
  llvm::Intrinsic::ID which = id_ == I::AsyncCopy4    ? N::nvvm_cp_async_ca_shared_global_4_s
                              : id_ == I::AsyncCopy8  ? N::nvvm_cp_async_ca_shared_global_8_s
                              : id_ == I::AsyncCopy16 ? N::nvvm_cp_async_ca_shared_global_16_s
                                                      : N::nvvm_cp_async_cg_shared_global_16_s;
  return call(which, {dst, src, args_[2]});
}

// ldmatrix.sync.aligned.m8n8.x{1,2,4}{,.trans}.shared.b16: NVVM's struct result becomes a vector.
llvm::Value* DeviceApiLowering::ldmatrix() {
  using I = IntrinsicId;
  namespace N = llvm::Intrinsic;
  llvm::Value* ptr = b_.CreateAddrSpaceCast(args_[0], llvm::PointerType::get(s_.ctx, 3));
  llvm::Intrinsic::ID which;
  switch (id_) {
    case I::LdMatrixX1: which = N::nvvm_ldmatrix_sync_aligned_m8n8_x1_b16; break;
    case I::LdMatrixX2: which = N::nvvm_ldmatrix_sync_aligned_m8n8_x2_b16; break;
    case I::LdMatrixX4: which = N::nvvm_ldmatrix_sync_aligned_m8n8_x4_b16; break;
    case I::LdMatrixX1Trans: which = N::nvvm_ldmatrix_sync_aligned_m8n8_x1_trans_b16; break;
    case I::LdMatrixX2Trans: which = N::nvvm_ldmatrix_sync_aligned_m8n8_x2_trans_b16; break;
    default: which = N::nvvm_ldmatrix_sync_aligned_m8n8_x4_trans_b16; break;
  }
  llvm::Value* r = call(which, {ptr}, {ptr->getType()});  // overloaded on the pointer
  if (!r->getType()->isStructTy()) return r;  // x1: one i32
  const unsigned n = r->getType()->getStructNumElements();
  llvm::Value* out = llvm::PoisonValue::get(llvm::FixedVectorType::get(b_.getInt32Ty(), n));
  for (unsigned i = 0; i < n; ++i) out = b_.CreateInsertElement(out, b_.CreateExtractValue(r, i), i);
  return out;
}

// stmatrix.sync.aligned.m8n8.x{1,2,4}{,.trans}.shared.b16 (sm_90): the fragment's registers
// become the intrinsic's operands after the row address.
llvm::Value* DeviceApiLowering::stmatrix() {
  using I = IntrinsicId;
  namespace N = llvm::Intrinsic;
  if (!require_sm()) return nullptr;
  llvm::Value* ptr = b_.CreateAddrSpaceCast(args_[0], llvm::PointerType::get(s_.ctx, 3));
  llvm::Intrinsic::ID which;
  switch (id_) {
    case I::StMatrixX1: which = N::nvvm_stmatrix_sync_aligned_m8n8_x1_b16; break;
    case I::StMatrixX2: which = N::nvvm_stmatrix_sync_aligned_m8n8_x2_b16; break;
    case I::StMatrixX4: which = N::nvvm_stmatrix_sync_aligned_m8n8_x4_b16; break;
    case I::StMatrixX1Trans: which = N::nvvm_stmatrix_sync_aligned_m8n8_x1_trans_b16; break;
    case I::StMatrixX2Trans: which = N::nvvm_stmatrix_sync_aligned_m8n8_x2_trans_b16; break;
    default: which = N::nvvm_stmatrix_sync_aligned_m8n8_x4_trans_b16; break;
  }
  std::vector<llvm::Value*> ops{ptr};
  if (auto* vec = llvm::dyn_cast<llvm::FixedVectorType>(args_[1]->getType())) {
    for (unsigned i = 0; i < vec->getNumElements(); ++i) ops.push_back(b_.CreateExtractElement(args_[1], i));
  } else {
    ops.push_back(args_[1]);
  }
  call(which, ops, {ptr->getType()});  // overloaded on the pointer
  return nullptr;
}

// mma.sync.aligned.m16n8k16.row.col.f32.{f16,bf16}.{f16,bf16}.f32: the fragments travel as
// vectors of 32-bit registers; NVVM wants f16 pairs as <2 x half> and bf16 pairs as i32.
llvm::Value* DeviceApiLowering::mma() {
  namespace N = llvm::Intrinsic;
  if (!require_sm()) return poison();
  const bool f16 = id_ == IntrinsicId::MmaF16;
  llvm::Type* pair_t = f16 ? static_cast<llvm::Type*>(llvm::FixedVectorType::get(b_.getHalfTy(), 2))
                            : b_.getInt32Ty();
  std::vector<llvm::Value*> ops;
  for (unsigned i = 0; i < 4; ++i)
    ops.push_back(b_.CreateBitCast(b_.CreateExtractElement(args_[0], i), pair_t));
  for (unsigned i = 0; i < 2; ++i)
    ops.push_back(b_.CreateBitCast(b_.CreateExtractElement(args_[1], i), pair_t));
  for (unsigned i = 0; i < 4; ++i) ops.push_back(b_.CreateExtractElement(args_[2], i));
  llvm::Value* r = call(f16 ? N::nvvm_mma_m16n8k16_row_col_f32_f32 : N::nvvm_mma_m16n8k16_row_col_bf16, ops);
  llvm::Value* out = llvm::PoisonValue::get(llvm::FixedVectorType::get(b_.getFloatTy(), 4));
  for (unsigned i = 0; i < 4; ++i) out = b_.CreateInsertElement(out, b_.CreateExtractValue(r, i), i);
  return out;
}

llvm::Value* lower_device_api(ModuleState& s, llvm::IRBuilder<>& b, const ir::Instruction& inst,
                              llvm::ArrayRef<llvm::Value*> args) {
  return DeviceApiLowering(s, b, inst, args).run();
}

}  // namespace

llvm::Value* FunctionLowerer::lower_intrinsic(const ir::Instruction& inst) {
  const IntrinsicId id = inst.intrinsic_id();
  std::vector<llvm::Value*> args;
  for (const ir::Value* v : inst.operands()) args.push_back(value(v));

  // Remember where this intrinsic's code starts, to mark its calls convergent afterwards.
  llvm::BasicBlock* bb = b_.GetInsertBlock();
  llvm::Instruction* before = bb->empty() ? nullptr : &bb->back();

  llvm::Value* result = nullptr;
  if (llvm::Intrinsic::ID sr = sreg(id); sr != llvm::Intrinsic::not_intrinsic) {
    result = b_.CreateIntrinsic(sr, llvm::ArrayRef<llvm::Value*>{});
  } else if (id == IntrinsicId::Trap || id == IntrinsicId::BoundsFail) {
    // The note keeps the site (and a bounds check's index and size) for the host's report.
    const bool bounds = id == IntrinsicId::BoundsFail;
    if (s_.options.fault_report)
      b_.CreateCall(fault_note(s_.m), {b_.getInt32(std::uint32_t(bounds ? FaultKind::Bounds : FaultKind::Trap)),
                                       bounds ? args[0] : b_.getInt64(0), bounds ? args[1] : b_.getInt64(0)});
    b_.CreateIntrinsic(llvm::Intrinsic::trap, llvm::ArrayRef<llvm::Value*>{});
  } else if (id == IntrinsicId::Printf || id == IntrinsicId::AssertFail) {
    result = lower_print_intrinsic(s_, b_, inst, args);
  } else if (id == IntrinsicId::GlobalLoad || id == IntrinsicId::GlobalStore) {
    result = lower_cache_hinted(s_, b_, inst, args);
  } else if (id >= IntrinsicId::BarrierSync && id <= IntrinsicId::PackF16x2) {
    result = lower_device_api(s_, b_, inst, args);
  } else if (id >= IntrinsicId::MbarrierInit && id <= IntrinsicId::ClusterStore) {
    result = lower_hopper_intrinsic(s_, b_, inst, args);
  } else if (inst.type().is_float() || id == IntrinsicId::IsNan || id == IntrinsicId::IsInf ||
             id == IntrinsicId::IsFinite) {
    result = lower_float_math(inst, args);
  } else {
    result = lower_int_math(inst, args);
  }

  if (ir::intrinsic_flags(id) & ir::Convergent) {
    llvm::BasicBlock::iterator it = before ? std::next(before->getIterator()) : bb->begin();
    for (; it != bb->end(); ++it)
      if (auto* call = llvm::dyn_cast<llvm::CallBase>(&*it))
        call->addFnAttr(llvm::Attribute::Convergent);
  }
  return result;
}

llvm::Value* FunctionLowerer::lower_float_math(const ir::Instruction& inst,
                                               llvm::ArrayRef<llvm::Value*> args) {
  const IntrinsicId id = inst.intrinsic_id();
  const ir::Type t = inst.type().is_float() ? inst.type() : inst.operand(0)->type();

  if (llvm::Intrinsic::ID lid = exact_float_intrinsic(id); lid != llvm::Intrinsic::not_intrinsic)
    return b_.CreateIntrinsic(lid, {args[0]->getType()}, args);

  llvm::Type* ft = args[0]->getType();
  switch (id) {
    case IntrinsicId::IsNan: return b_.CreateFCmpUNO(args[0], args[0]);
    case IntrinsicId::IsInf:
    case IntrinsicId::IsFinite: {
      llvm::Value* mag = b_.CreateIntrinsic(llvm::Intrinsic::fabs, {ft}, {args[0]});
      llvm::Constant* inf = llvm::ConstantFP::getInfinity(ft);
      // one: ordered and not equal, so a NaN is neither infinite nor finite.
      return id == IntrinsicId::IsInf ? b_.CreateFCmpOEQ(mag, inf) : b_.CreateFCmpONE(mag, inf);
    }
    default: break;
  }
  if (const char* base = libdevice_base(id)) return libdevice_call(base, t, args);
  SIMTC_ICE(std::string("no lowering for intrinsic ") + ir::intrinsic_name(id));
}

llvm::Value* FunctionLowerer::lower_int_math(const ir::Instruction& inst,
                                             llvm::ArrayRef<llvm::Value*> args) {
  const IntrinsicId id = inst.intrinsic_id();
  llvm::Type* rt = s_.type(inst.type());
  llvm::Value* x = args[0];
  llvm::Type* xt = x->getType();
  auto to_result = [&](llvm::Value* v) { return b_.CreateZExtOrTrunc(v, rt); };
  switch (id) {
    case IntrinsicId::Popc:
      return to_result(b_.CreateIntrinsic(llvm::Intrinsic::ctpop, {xt}, {x}));
    case IntrinsicId::Clz:  // clz(0) is the width
      return to_result(b_.CreateIntrinsic(llvm::Intrinsic::ctlz, {xt}, {x, b_.getFalse()}));
    case IntrinsicId::Ffs: {  // 1 + index of the lowest set bit; ffs(0) = 0
      llvm::Value* tz = b_.CreateIntrinsic(llvm::Intrinsic::cttz, {xt}, {x, b_.getFalse()});
      llvm::Value* pos = b_.CreateAdd(tz, llvm::ConstantInt::get(xt, 1));
      llvm::Value* r = b_.CreateSelect(b_.CreateICmpEQ(x, llvm::Constant::getNullValue(xt)),
                                       llvm::Constant::getNullValue(xt), pos);
      return to_result(r);
    }
    case IntrinsicId::Brev: return b_.CreateIntrinsic(llvm::Intrinsic::bitreverse, {xt}, {x});
    case IntrinsicId::SMin: return b_.CreateIntrinsic(llvm::Intrinsic::smin, {xt}, args);
    case IntrinsicId::SMax: return b_.CreateIntrinsic(llvm::Intrinsic::smax, {xt}, args);
    case IntrinsicId::UMin: return b_.CreateIntrinsic(llvm::Intrinsic::umin, {xt}, args);
    case IntrinsicId::UMax: return b_.CreateIntrinsic(llvm::Intrinsic::umax, {xt}, args);
    case IntrinsicId::Abs:  // abs(INT_MIN) == INT_MIN, not poison
      return b_.CreateIntrinsic(llvm::Intrinsic::abs, {xt}, {x, b_.getFalse()});
    case IntrinsicId::MulHiS:
    case IntrinsicId::MulHiU: {
      // A double-width multiply; NVPTX selects mul.hi.{s,u}{32,64} for the pattern.
      const bool s = id == IntrinsicId::MulHiS;
      const unsigned bits = xt->getScalarSizeInBits();
      llvm::Type* wide = llvm::IntegerType::get(s_.ctx, 2 * bits);
      if (auto* vt = llvm::dyn_cast<llvm::VectorType>(xt))
        wide = llvm::VectorType::get(wide, vt->getElementCount());
      llvm::Value* a = s ? b_.CreateSExt(args[0], wide) : b_.CreateZExt(args[0], wide);
      llvm::Value* b = s ? b_.CreateSExt(args[1], wide) : b_.CreateZExt(args[1], wide);
      llvm::Value* hi = b_.CreateLShr(b_.CreateMul(a, b), llvm::ConstantInt::get(wide, bits));
      return b_.CreateTrunc(hi, xt);
    }
    default: break;
  }
  SIMTC_ICE(std::string("no lowering for intrinsic ") + ir::intrinsic_name(id));
}

llvm::Value* FunctionLowerer::call_scalar(const std::string& name, llvm::Type* ret,
                                          llvm::ArrayRef<llvm::Value*> args) {
  std::vector<llvm::Type*> params;
  for (llvm::Value* a : args) params.push_back(a->getType());
  llvm::FunctionCallee callee =
      s_.m.getOrInsertFunction(name, llvm::FunctionType::get(ret, params, false));
  if (auto* f = llvm::dyn_cast<llvm::Function>(callee.getCallee())) {
    f->setDoesNotThrow();
    f->setDoesNotAccessMemory();
  }
  llvm::CallInst* call = b_.CreateCall(callee, args);
  call->setDoesNotThrow();
  return call;
}

llvm::Value* FunctionLowerer::libdevice_call(const std::string& base, ir::Type t,
                                             llvm::ArrayRef<llvm::Value*> args) {
  const ir::Type elem = t.element();
  llvm::Type* f32 = b_.getFloatTy();
  const bool f64 = elem == ir::Type::f64();
  const bool narrow = elem == ir::Type::f16() || elem == ir::Type::bf16();
  std::string name = "__nv_" + base + (f64 ? "" : "f");
  if (!f64 && s_.options.fast_math && has_fast_variant(base)) name = "__nv_fast_" + base + "f";
  llvm::Type* scalar_t = f64 ? b_.getDoubleTy() : f32;
  llvm::Type* elem_t = s_.type(elem);

  auto one_lane = [&](std::vector<llvm::Value*> lane_args) -> llvm::Value* {
    if (narrow)  // f16/bf16 through f32: exact for fmod, one more rounding for the rest
      for (llvm::Value*& a : lane_args) a = b_.CreateFPExt(a, f32);
    llvm::Value* r = call_scalar(name, scalar_t, lane_args);
    return narrow ? b_.CreateFPTrunc(r, elem_t) : r;
  };

  if (!t.is_vector()) return one_lane(std::vector<llvm::Value*>(args.begin(), args.end()));
  llvm::Value* out = llvm::PoisonValue::get(s_.type(t));
  for (unsigned lane = 0; lane < t.lanes(); ++lane) {
    std::vector<llvm::Value*> lane_args;
    for (llvm::Value* a : args) lane_args.push_back(b_.CreateExtractElement(a, lane));
    out = b_.CreateInsertElement(out, one_lane(std::move(lane_args)), lane);
  }
  return out;
}

}  // namespace simtc::codegen::detail
