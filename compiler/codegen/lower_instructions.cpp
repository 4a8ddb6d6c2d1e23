// simt IR -> LLVM IR, one instruction at a time. The IR's semantics are total (division by
// zero, INT_MIN / -1, oversized shifts and float-to-int overflow all have defined results,
// see ir/module.hpp), so this file guards every operation that is undefined in LLVM.
#include "codegen/lower.hpp"

#include <llvm/IR/Constants.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/IntrinsicsNVPTX.h>

#include "support/ice.hpp"

namespace simtc::codegen::detail {
namespace {

const ir::Constant* as_int_constant(const ir::Value* v) {
  if (v->value_kind() != ir::Value::ValueKind::Constant) return nullptr;
  auto* c = static_cast<const ir::Constant*>(v);
  if (c->const_kind() != ir::Constant::ConstKind::Int || c->type().is_vector()) return nullptr;
  return c;
}

llvm::CmpInst::Predicate predicate(ir::CmpPred p) {
  using P = llvm::CmpInst::Predicate;
  switch (p) {
    case ir::CmpPred::Eq: return P::ICMP_EQ;
    case ir::CmpPred::Ne: return P::ICMP_NE;
    case ir::CmpPred::Slt: return P::ICMP_SLT;
    case ir::CmpPred::Sle: return P::ICMP_SLE;
    case ir::CmpPred::Sgt: return P::ICMP_SGT;
    case ir::CmpPred::Sge: return P::ICMP_SGE;
    case ir::CmpPred::Ult: return P::ICMP_ULT;
    case ir::CmpPred::Ule: return P::ICMP_ULE;
    case ir::CmpPred::Ugt: return P::ICMP_UGT;
    case ir::CmpPred::Uge: return P::ICMP_UGE;
    case ir::CmpPred::Oeq: return P::FCMP_OEQ;
    case ir::CmpPred::One: return P::FCMP_ONE;
    case ir::CmpPred::Olt: return P::FCMP_OLT;
    case ir::CmpPred::Ole: return P::FCMP_OLE;
    case ir::CmpPred::Ogt: return P::FCMP_OGT;
    case ir::CmpPred::Oge: return P::FCMP_OGE;
    case ir::CmpPred::Ord: return P::FCMP_ORD;
    case ir::CmpPred::Ueq: return P::FCMP_UEQ;
    case ir::CmpPred::Une: return P::FCMP_UNE;
    case ir::CmpPred::Ult_f: return P::FCMP_ULT;
    case ir::CmpPred::Ule_f: return P::FCMP_ULE;
    case ir::CmpPred::Ugt_f: return P::FCMP_UGT;
    case ir::CmpPred::Uge_f: return P::FCMP_UGE;
    case ir::CmpPred::Uno: return P::FCMP_UNO;
  }
  SIMTC_ICE("unknown comparison predicate");
}

// The float type an instruction computes in (for its fast-math flags), or void. Comparisons
// and float tests (isnan, ...) get no flags: none of them would mean anything there.
ir::Type float_type_of(const ir::Instruction& inst) {
  if (inst.type().is_float()) return inst.type();
  if (inst.opcode() == ir::Opcode::FCmp || inst.opcode() == ir::Opcode::Intrinsic)
    return ir::Type::void_();
  for (const ir::Value* op : inst.operands())
    if (op->type().is_float()) return op->type();
  return ir::Type::void_();
}

}  // namespace

llvm::Value* FunctionLowerer::lower_fcmp(const ir::Instruction& inst) {
  llvm::Value* a = value(inst.operand(0));
  llvm::Value* b = value(inst.operand(1));
  // Flushing f32 subnormals (--use-fast-math) makes NVPTX select setp.<op>.ftz.bf16, which
  // ptxas rejects: .ftz has no bf16 form. A bf16 is the upper half of an f32, so the operands
  // are widened exactly, by their bits (InstCombine would fold an fpext back into a bf16
  // compare), and compared as f32 with the flush that fast math asks for.
  if (s_.options.fast_math && inst.operand(0)->type().element() == ir::Type::bf16()) {
    auto widen = [&](llvm::Value* v) {
      llvm::Type* type = v->getType();
      llvm::Value* bits = b_.CreateZExt(b_.CreateBitCast(v, type->getWithNewType(b_.getInt16Ty())),
                                        type->getWithNewType(b_.getInt32Ty()));
      bits = b_.CreateShl(bits, llvm::ConstantInt::get(bits->getType(), 16));
      return b_.CreateBitCast(bits, type->getWithNewType(b_.getFloatTy()));
    };
    a = widen(a);
    b = widen(b);
  }
  return b_.CreateFCmp(predicate(inst.cmp_pred()), a, b);
}

void FunctionLowerer::lower(const ir::Instruction& inst) {
  if (sp_) b_.SetCurrentDebugLocation(s_.debug->location(inst.loc(), sp_));
  b_.setFastMathFlags(s_.fp_flags(float_type_of(inst)));

  llvm::Value* result = nullptr;
  auto op = [&](unsigned i) { return value(inst.operand(i)); };
  switch (inst.opcode()) {
    case ir::Opcode::Add: case ir::Opcode::Sub: case ir::Opcode::Mul:
    case ir::Opcode::SDiv: case ir::Opcode::UDiv: case ir::Opcode::SRem: case ir::Opcode::URem:
    case ir::Opcode::Shl: case ir::Opcode::LShr: case ir::Opcode::AShr:
    case ir::Opcode::And: case ir::Opcode::Or: case ir::Opcode::Xor:
    case ir::Opcode::FAdd: case ir::Opcode::FSub: case ir::Opcode::FMul: case ir::Opcode::FDiv:
    case ir::Opcode::FRem:
      result = lower_binary(inst);
      break;
    case ir::Opcode::FNeg: result = b_.CreateFNeg(op(0)); break;
    case ir::Opcode::ICmp: result = b_.CreateICmp(predicate(inst.cmp_pred()), op(0), op(1)); break;
    case ir::Opcode::FCmp: result = lower_fcmp(inst); break;
    case ir::Opcode::Trunc: case ir::Opcode::ZExt: case ir::Opcode::SExt:
    case ir::Opcode::FPTrunc: case ir::Opcode::FPExt: case ir::Opcode::FPToSI:
    case ir::Opcode::FPToUI: case ir::Opcode::SIToFP: case ir::Opcode::UIToFP:
    case ir::Opcode::Bitcast: case ir::Opcode::AddrSpaceCast: case ir::Opcode::PtrToInt:
    case ir::Opcode::IntToPtr:
      result = lower_cast(inst);
      break;
    case ir::Opcode::Select: result = b_.CreateSelect(op(0), op(1), op(2)); break;
    case ir::Opcode::Alloca: result = lower_alloca(inst); break;
    case ir::Opcode::Load: {
      llvm::Type* t = s_.type(inst.type());
      llvm::Align align = inst.align() ? llvm::Align(inst.align())
                                       : s_.m.getDataLayout().getABITypeAlign(t);
      result = b_.CreateAlignedLoad(t, op(0), align, (inst.flags() & ir::Volatile) != 0);
      break;
    }
    case ir::Opcode::Store: {
      llvm::Value* v = op(0);
      llvm::Align align = inst.align() ? llvm::Align(inst.align())
                                       : s_.m.getDataLayout().getABITypeAlign(v->getType());
      b_.CreateAlignedStore(v, op(1), align, (inst.flags() & ir::Volatile) != 0);
      break;
    }
    case ir::Opcode::PtrAdd:
      result = b_.CreatePtrAdd(op(0), op(1), "",
                               (inst.flags() & ir::InBounds) ? llvm::GEPNoWrapFlags::inBounds()
                                                             : llvm::GEPNoWrapFlags::none());
      break;
    case ir::Opcode::MemCopy:
      b_.CreateMemCpy(op(0), llvm::MaybeAlign(inst.align()), op(1),
                      llvm::MaybeAlign(inst.align()), op(2));
      break;
    case ir::Opcode::MemSet:
      b_.CreateMemSet(op(0), op(1), op(2), llvm::MaybeAlign(inst.align()));
      break;
    case ir::Opcode::Call: {
      auto it = s_.functions.find(inst.callee());
      SIMTC_ASSERT(it != s_.functions.end(), "call to a function outside the module");
      std::vector<llvm::Value*> args;
      for (unsigned i = 0; i < inst.num_operands(); ++i) args.push_back(op(i));
      result = b_.CreateCall(it->second, args);
      if (inst.type().is_void()) result = nullptr;
      break;
    }
    case ir::Opcode::Intrinsic: result = lower_intrinsic(inst); break;
    case ir::Opcode::InlineAsm: {
      std::vector<llvm::Value*> operands;
      for (unsigned i = 0; i < inst.num_operands(); ++i) operands.push_back(op(i));
      lower_inline_asm(s_, b_, inst, operands);
      break;
    }
    case ir::Opcode::Phi: {
      llvm::PHINode* phi = b_.CreatePHI(s_.type(inst.type()), inst.num_operands());
      phis_.emplace_back(&inst, phi);
      result = phi;
      break;
    }
    case ir::Opcode::ExtractElement: result = b_.CreateExtractElement(op(0), op(1)); break;
    case ir::Opcode::InsertElement: result = b_.CreateInsertElement(op(0), op(1), op(2)); break;
    case ir::Opcode::Br: case ir::Opcode::CondBr: case ir::Opcode::Switch:
    case ir::Opcode::Ret: case ir::Opcode::Unreachable:
      lower_terminator(inst);
      break;
  }
  if (result) {
    if (!inst.name().empty() && llvm::isa<llvm::Instruction>(result) && !result->hasName())
      result->setName(inst.name());
    values_[&inst] = result;
  }
}

llvm::Value* FunctionLowerer::lower_binary(const ir::Instruction& inst) {
  llvm::Value* a = value(inst.operand(0));
  llvm::Value* b = value(inst.operand(1));
  bool nuw = inst.flags() & ir::NoUnsignedWrap;
  bool nsw = inst.flags() & ir::NoSignedWrap;
  switch (inst.opcode()) {
    case ir::Opcode::Add: return b_.CreateAdd(a, b, "", nuw, nsw);
    case ir::Opcode::Sub: return b_.CreateSub(a, b, "", nuw, nsw);
    case ir::Opcode::Mul: return b_.CreateMul(a, b, "", nuw, nsw);
    case ir::Opcode::SDiv: case ir::Opcode::UDiv: case ir::Opcode::SRem: case ir::Opcode::URem:
      return lower_div_rem(inst, a, b);
    case ir::Opcode::Shl: case ir::Opcode::LShr: case ir::Opcode::AShr:
      return lower_shift(inst, a, b);
    case ir::Opcode::And: return b_.CreateAnd(a, b);
    case ir::Opcode::Or: return b_.CreateOr(a, b);
    case ir::Opcode::Xor: return b_.CreateXor(a, b);
    case ir::Opcode::FAdd: return b_.CreateFAdd(a, b);
    case ir::Opcode::FSub: return b_.CreateFSub(a, b);
    case ir::Opcode::FMul: return b_.CreateFMul(a, b);
    case ir::Opcode::FDiv: return b_.CreateFDiv(a, b);
    case ir::Opcode::FRem: return lower_frem(inst.type(), a, b);
    default: break;
  }
  SIMTC_ICE(std::string("not a binary opcode: ") + ir::opcode_name(inst.opcode()));
}

llvm::Value* FunctionLowerer::lower_div_rem(const ir::Instruction& inst, llvm::Value* a,
                                            llvm::Value* b) {
  const ir::Opcode opc = inst.opcode();
  const bool is_signed = opc == ir::Opcode::SDiv || opc == ir::Opcode::SRem;
  const bool is_div = opc == ir::Opcode::SDiv || opc == ir::Opcode::UDiv;
  const bool exact = (inst.flags() & ir::Exact) != 0;
  llvm::Type* t = a->getType();
  auto plain = [&](llvm::Value* lhs, llvm::Value* rhs) -> llvm::Value* {
    switch (opc) {
      case ir::Opcode::SDiv: return b_.CreateSDiv(lhs, rhs, "", exact);
      case ir::Opcode::UDiv: return b_.CreateUDiv(lhs, rhs, "", exact);
      case ir::Opcode::SRem: return b_.CreateSRem(lhs, rhs);
      default: return b_.CreateURem(lhs, rhs);
    }
  };
  llvm::Constant* zero = llvm::Constant::getNullValue(t);
  llvm::Constant* one = llvm::ConstantInt::get(t, 1);
  llvm::Constant* all_ones = llvm::Constant::getAllOnesValue(t);

  if (const ir::Constant* c = as_int_constant(inst.operand(1))) {
    const bool is_zero = c->int_bits() == 0;
    const bool is_minus_one = is_signed && c->int_value_signed() == -1;
    if (is_zero) return is_div ? all_ones : a;  // udiv: all ones, sdiv: -1; rem: x
    if (is_minus_one) {  // x / -1 = -x (wrapping: INT_MIN stays), x % -1 = 0
      return is_div ? b_.CreateSub(zero, a) : static_cast<llvm::Value*>(zero);
    }
    return plain(a, b);
  }

  // Divide by a safe divisor, then pick the defined result for the special cases.
  llvm::Value* is_zero = b_.CreateICmpEQ(b, zero, "div.zero");
  llvm::Value* special = is_zero;
  llvm::Value* is_minus_one = nullptr;
  if (is_signed) {
    is_minus_one = b_.CreateICmpEQ(b, all_ones, "div.minus1");
    special = b_.CreateOr(is_zero, is_minus_one);
  }
  llvm::Value* safe = b_.CreateSelect(special, one, b, "div.safe");
  llvm::Value* r = plain(a, safe);
  if (is_signed) {
    llvm::Value* on_minus_one = is_div ? b_.CreateSub(zero, a) : static_cast<llvm::Value*>(zero);
    r = b_.CreateSelect(is_minus_one, on_minus_one, r);
  }
  llvm::Value* on_zero = is_div ? static_cast<llvm::Value*>(all_ones) : a;
  return b_.CreateSelect(is_zero, on_zero, r);
}

llvm::Value* FunctionLowerer::lower_shift(const ir::Instruction& inst, llvm::Value* a,
                                          llvm::Value* b) {
  const unsigned bits = inst.type().element_bits();
  bool in_range = false;
  if (const ir::Constant* c = as_int_constant(inst.operand(1))) in_range = c->int_bits() < bits;
  // Amounts are taken modulo the width (every IR integer width is a power of two).
  if (!in_range) b = b_.CreateAnd(b, llvm::ConstantInt::get(b->getType(), bits - 1), "shamt");
  bool nuw = inst.flags() & ir::NoUnsignedWrap;
  bool nsw = inst.flags() & ir::NoSignedWrap;
  bool exact = inst.flags() & ir::Exact;
  switch (inst.opcode()) {
    case ir::Opcode::Shl: return b_.CreateShl(a, b, "", nuw, nsw);
    case ir::Opcode::LShr: return b_.CreateLShr(a, b, "", exact);
    default: return b_.CreateAShr(a, b, "", exact);
  }
}

llvm::Value* FunctionLowerer::lower_frem(ir::Type t, llvm::Value* a, llvm::Value* b) {
  // NVPTX expands LLVM's frem as x - trunc(x / y) * y, which is not the exact IEEE fmod the
  // IR promises (fmod(1e10f, 3.0f)); libdevice's fmod is exact.
  return libdevice_call("fmod", t, {a, b});
}

llvm::Value* FunctionLowerer::lower_cast(const ir::Instruction& inst) {
  llvm::Value* v = value(inst.operand(0));
  llvm::Type* to = s_.type(inst.type());
  switch (inst.opcode()) {
    case ir::Opcode::Trunc: return b_.CreateTrunc(v, to);
    case ir::Opcode::ZExt: return b_.CreateZExt(v, to);
    case ir::Opcode::SExt: return b_.CreateSExt(v, to);
    case ir::Opcode::FPTrunc: return b_.CreateFPTrunc(v, to);
    case ir::Opcode::FPExt: return b_.CreateFPExt(v, to);
    case ir::Opcode::FPToSI:
    case ir::Opcode::FPToUI:
      return lower_float_to_int(inst.opcode() == ir::Opcode::FPToSI, v, to);
    case ir::Opcode::SIToFP: return b_.CreateSIToFP(v, to);
    case ir::Opcode::UIToFP: return b_.CreateUIToFP(v, to);
    case ir::Opcode::Bitcast: return b_.CreateBitCast(v, to);
    case ir::Opcode::AddrSpaceCast: return b_.CreateAddrSpaceCast(v, to);
    case ir::Opcode::PtrToInt: return b_.CreatePtrToInt(v, to);
    case ir::Opcode::IntToPtr: return b_.CreateIntToPtr(v, to);
    default: break;
  }
  SIMTC_ICE(std::string("not a cast opcode: ") + ir::opcode_name(inst.opcode()));
}

llvm::Value* FunctionLowerer::lower_float_to_int(bool is_signed, llvm::Value* v, llvm::Type* to) {
  // The IR's conversions saturate and turn NaN into 0: LLVM's fptosi.sat/fptoui.sat say
  // exactly that, and NVPTX lowers them to cvt.rzi with explicit clamps and a NaN fix-up, so
  // the result never depends on how cvt itself treats NaN and out-of-range inputs.
  return b_.CreateIntrinsic(is_signed ? llvm::Intrinsic::fptosi_sat : llvm::Intrinsic::fptoui_sat,
                            {to, v->getType()}, {v});
}

llvm::Value* FunctionLowerer::lower_alloca(const ir::Instruction& inst) {
  // Static allocas at the top of the entry block, where SROA and mem2reg look for them.
  llvm::BasicBlock& entry = f_.getEntryBlock();
  llvm::IRBuilder<> eb(s_.ctx);
  if (last_alloca_) eb.SetInsertPoint(last_alloca_->getParent(), std::next(last_alloca_->getIterator()));
  else eb.SetInsertPoint(&entry, entry.getFirstInsertionPt());
  eb.SetCurrentDebugLocation(b_.getCurrentDebugLocation());
  auto* bytes = llvm::ArrayType::get(llvm::Type::getInt8Ty(s_.ctx), inst.alloca_size());
  llvm::AllocaInst* a = eb.CreateAlloca(bytes, s_.m.getDataLayout().getAllocaAddrSpace(),
                                        nullptr, inst.name());
  a->setAlignment(llvm::Align(inst.align() ? inst.align() : 1));
  last_alloca_ = a;
  if (s_.options.debug_info && sp_ != nullptr)
    if (const ir::Module::DebugVariable* var = s_.ir.variable_note(&inst))
      s_.debug->declare(*var, a, sp_, std::next(a->getIterator()));
  llvm::Value* result = a;
  // The IR's alloca is a generic pointer, whatever the target's alloca address space is.
  if (a->getType()->getPointerAddressSpace() != 0)
    result = b_.CreateAddrSpaceCast(a, llvm::PointerType::get(s_.ctx, 0));
  return result;
}

llvm::Value* FunctionLowerer::lower_terminator(const ir::Instruction& inst) {
  auto block = [&](unsigned i) { return blocks_.at(inst.blocks()[i]); };
  switch (inst.opcode()) {
    case ir::Opcode::Br: b_.CreateBr(block(0)); break;
    case ir::Opcode::CondBr: b_.CreateCondBr(value(inst.operand(0)), block(0), block(1)); break;
    case ir::Opcode::Switch: {
      llvm::Value* v = value(inst.operand(0));
      auto cases = inst.case_values();
      llvm::SwitchInst* sw = b_.CreateSwitch(v, block(0), static_cast<unsigned>(cases.size()));
      auto* ty = llvm::cast<llvm::IntegerType>(v->getType());
      for (unsigned i = 0; i < cases.size(); ++i)
        sw->addCase(llvm::ConstantInt::get(ty, static_cast<std::uint64_t>(cases[i])),
                    block(i + 1));
      break;
    }
    case ir::Opcode::Ret:
      if (inst.num_operands() == 0) b_.CreateRetVoid();
      else b_.CreateRet(value(inst.operand(0)));
      break;
    case ir::Opcode::Unreachable: b_.CreateUnreachable(); break;
    default: SIMTC_ICE("not a terminator");
  }
  return nullptr;
}

}  // namespace simtc::codegen::detail
