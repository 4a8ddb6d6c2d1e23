// simt IR intrinsics -> NVVM intrinsics, LLVM's generic intrinsics (where they are exact)
// and libdevice (__nv_*) for the rest of the math library.
#include "codegen/lower.hpp"

#include <llvm/IR/Constants.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/IntrinsicsNVPTX.h>

#include "support/ice.hpp"

namespace simtc::codegen::detail {
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
  } else if (id == IntrinsicId::Trap) {
    b_.CreateIntrinsic(llvm::Intrinsic::trap, llvm::ArrayRef<llvm::Value*>{});
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
