// Scalar expressions: literals, arithmetic, comparisons, logic, casts.
#include <clang/AST/DeclCXX.h>
#include <clang/AST/RecordLayout.h>

#include "irgen/function_gen.hpp"
#include "support/ice.hpp"

namespace simtc::irgen {
namespace {

ir::Opcode arith_opcode(clang::BinaryOperatorKind op, bool is_float, bool is_signed) {
  using K = clang::BinaryOperatorKind;
  switch (op) {
    case K::BO_Add: case K::BO_AddAssign: return is_float ? ir::Opcode::FAdd : ir::Opcode::Add;
    case K::BO_Sub: case K::BO_SubAssign: return is_float ? ir::Opcode::FSub : ir::Opcode::Sub;
    case K::BO_Mul: case K::BO_MulAssign: return is_float ? ir::Opcode::FMul : ir::Opcode::Mul;
    case K::BO_Div: case K::BO_DivAssign:
      return is_float ? ir::Opcode::FDiv : is_signed ? ir::Opcode::SDiv : ir::Opcode::UDiv;
    case K::BO_Rem: case K::BO_RemAssign:
      return is_float ? ir::Opcode::FRem : is_signed ? ir::Opcode::SRem : ir::Opcode::URem;
    case K::BO_Shl: case K::BO_ShlAssign: return ir::Opcode::Shl;
    case K::BO_Shr: case K::BO_ShrAssign: return is_signed ? ir::Opcode::AShr : ir::Opcode::LShr;
    case K::BO_And: case K::BO_AndAssign: return ir::Opcode::And;
    case K::BO_Or: case K::BO_OrAssign: return ir::Opcode::Or;
    case K::BO_Xor: case K::BO_XorAssign: return ir::Opcode::Xor;
    default: SIMTC_ICE("not an arithmetic operator");
  }
}

ir::CmpPred compare_pred(clang::BinaryOperatorKind op, bool is_float, bool is_signed) {
  using K = clang::BinaryOperatorKind;
  if (is_float) {
    switch (op) {
      case K::BO_EQ: return ir::CmpPred::Oeq;
      case K::BO_NE: return ir::CmpPred::Une;
      case K::BO_LT: return ir::CmpPred::Olt;
      case K::BO_LE: return ir::CmpPred::Ole;
      case K::BO_GT: return ir::CmpPred::Ogt;
      case K::BO_GE: return ir::CmpPred::Oge;
      default: break;
    }
  } else {
    switch (op) {
      case K::BO_EQ: return ir::CmpPred::Eq;
      case K::BO_NE: return ir::CmpPred::Ne;
      case K::BO_LT: return is_signed ? ir::CmpPred::Slt : ir::CmpPred::Ult;
      case K::BO_LE: return is_signed ? ir::CmpPred::Sle : ir::CmpPred::Ule;
      case K::BO_GT: return is_signed ? ir::CmpPred::Sgt : ir::CmpPred::Ugt;
      case K::BO_GE: return is_signed ? ir::CmpPred::Sge : ir::CmpPred::Uge;
      default: break;
    }
  }
  SIMTC_ICE("not a comparison operator");
}

}  // namespace

// A scalar constant from a Clang constant value.
static ir::Value* constant_from(FunctionGen& gen, const clang::APValue& value, clang::QualType type) {
  ir::Type t = gen.cx().value_type(type);
  if (value.isInt()) return gen.b().int_const(t, value.getInt().getZExtValue());
  if (value.isFloat()) {
    bool lost = false;
    llvm::APFloat f = value.getFloat();
    f.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven, &lost);
    return gen.b().float_const(t, f.convertToDouble());
  }
  if (value.isNullPointer()) return gen.cx().module().get_null(ir::Type::ptr());
  return nullptr;
}

ir::Value* FunctionGen::emit_conditional(const clang::ConditionalOperator* conditional,
                                         const std::function<ir::Value*(const clang::Expr*)>& arm) {
  ir::Value* cond = emit_condition(conditional->getCond());
  ir::Block* true_block = new_block("cond.true");
  ir::Block* false_block = new_block("cond.false");
  ir::Block* end = new_block("cond.end");
  b_.cond_br(cond, true_block, false_block);
  start_block(true_block);
  ir::Value* if_true = arm(conditional->getTrueExpr());
  ir::Block* true_end = b_.insert_block();
  branch_to(end);
  start_block(false_block);
  ir::Value* if_false = arm(conditional->getFalseExpr());
  ir::Block* false_end = b_.insert_block();
  branch_to(end);
  start_block(end);
  if (if_true == nullptr || if_false == nullptr) return nullptr;
  ir::Instruction* phi = b_.phi(if_true->type());
  phi->add_incoming(if_true, true_end);
  phi->add_incoming(if_false, false_end);
  return phi;
}

ir::Value* FunctionGen::emit_condition(const clang::Expr* expr) {
  ir::Value* value = emit_scalar(expr);
  return to_bool(value, expr->getType());
}

void FunctionGen::emit_ignored(const clang::Expr* expr) {
  expr = expr->IgnoreParens();
  if (const auto* cleanups = llvm::dyn_cast<clang::ExprWithCleanups>(expr)) return emit_ignored(cleanups->getSubExpr());
  if (expr->isGLValue()) {
    emit_lvalue(expr);
    return;
  }
  clang::QualType type = expr->getType();
  if (type->isRecordType() || type->isArrayType()) {
    emit_aggregate(expr, create_temp(type, "ignored"));
    return;
  }
  emit_scalar(expr);
}

ir::Value* FunctionGen::emit_scalar(const clang::Expr* expr) {
  set_loc(expr->getExprLoc());
  clang::QualType type = expr->getType();
  switch (expr->getStmtClass()) {
    case clang::Stmt::IntegerLiteralClass:
      return b_.int_const(cx_.value_type(type), llvm::cast<clang::IntegerLiteral>(expr)->getValue().getZExtValue());
    case clang::Stmt::CharacterLiteralClass:
      return b_.int_const(cx_.value_type(type), llvm::cast<clang::CharacterLiteral>(expr)->getValue());
    case clang::Stmt::CXXBoolLiteralExprClass:
      return b_.i1(llvm::cast<clang::CXXBoolLiteralExpr>(expr)->getValue());
    case clang::Stmt::FloatingLiteralClass: {
      llvm::APFloat f = llvm::cast<clang::FloatingLiteral>(expr)->getValue();
      bool lost = false;
      f.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven, &lost);
      return b_.float_const(cx_.value_type(type), f.convertToDouble());
    }
    case clang::Stmt::CXXNullPtrLiteralExprClass:
      return cx_.module().get_null(ir::Type::ptr());
    case clang::Stmt::GNUNullExprClass: {  // `__null`: an integer zero the size of a pointer in C++
      ir::Type t = cx_.value_type(type);
      return t.is_ptr() ? cx_.module().get_null(t) : b_.int_const(t, 0);
    }
    case clang::Stmt::ParenExprClass:
      return emit_scalar(llvm::cast<clang::ParenExpr>(expr)->getSubExpr());
    case clang::Stmt::ExprWithCleanupsClass:
      return emit_scalar(llvm::cast<clang::ExprWithCleanups>(expr)->getSubExpr());
    case clang::Stmt::CXXDefaultArgExprClass:
      return emit_scalar(llvm::cast<clang::CXXDefaultArgExpr>(expr)->getExpr());
    case clang::Stmt::CXXDefaultInitExprClass:
      return emit_scalar(llvm::cast<clang::CXXDefaultInitExpr>(expr)->getExpr());
    case clang::Stmt::SubstNonTypeTemplateParmExprClass:
      return emit_scalar(llvm::cast<clang::SubstNonTypeTemplateParmExpr>(expr)->getReplacement());
    case clang::Stmt::OpaqueValueExprClass:
      return emit_scalar(llvm::cast<clang::OpaqueValueExpr>(expr)->getSourceExpr());
    case clang::Stmt::ConstantExprClass: {
      const auto* constant = llvm::cast<clang::ConstantExpr>(expr);
      if (constant->hasAPValueResult())
        if (ir::Value* v = constant_from(*this, constant->getAPValueResult(), type)) return v;
      return emit_scalar(constant->getSubExpr());
    }
    case clang::Stmt::DeclRefExprClass: {
      const auto* ref = llvm::cast<clang::DeclRefExpr>(expr);
      if (const auto* enumerator = llvm::dyn_cast<clang::EnumConstantDecl>(ref->getDecl()))
        return b_.int_const(cx_.value_type(type), enumerator->getInitVal().getZExtValue());
      break;
    }
    case clang::Stmt::CXXThisExprClass:
      if (this_capture_ != nullptr) {
        // [this] holds the pointer; [*this] holds a copy of the object, which `this` names.
        ir::Value* field = field_address(this_, this_capture_);
        if (this_capture_->getType()->isPointerType()) return b_.load(ir::Type::ptr(), field, 8);
        return field;
      }
      return this_;
    case clang::Stmt::ImplicitCastExprClass:
    case clang::Stmt::CStyleCastExprClass:
    case clang::Stmt::CXXStaticCastExprClass:
    case clang::Stmt::CXXFunctionalCastExprClass:
    case clang::Stmt::CXXConstCastExprClass:
    case clang::Stmt::CXXReinterpretCastExprClass:
    case clang::Stmt::BuiltinBitCastExprClass:
      break;  // below
    case clang::Stmt::UnaryOperatorClass:
    case clang::Stmt::BinaryOperatorClass:
    case clang::Stmt::CompoundAssignOperatorClass:
    case clang::Stmt::ConditionalOperatorClass:
      break;  // below
    case clang::Stmt::CXXRewrittenBinaryOperatorClass:  // a != b as !(a == b), <=>
      return emit_scalar(llvm::cast<clang::CXXRewrittenBinaryOperator>(expr)->getSemanticForm());
    case clang::Stmt::CallExprClass:
    case clang::Stmt::CXXMemberCallExprClass:
    case clang::Stmt::CXXOperatorCallExprClass:
    case clang::Stmt::UserDefinedLiteralClass: {
      if (expr->isGLValue()) break;
      ir::Value* result = emit_call_expr(llvm::cast<clang::CallExpr>(expr), nullptr);
      return result != nullptr ? result : undef_for(type);
    }
    case clang::Stmt::UnaryExprOrTypeTraitExprClass:
    case clang::Stmt::CXXNoexceptExprClass:
    case clang::Stmt::TypeTraitExprClass:
    case clang::Stmt::ArrayTypeTraitExprClass:
    case clang::Stmt::ExpressionTraitExprClass:
    case clang::Stmt::ConceptSpecializationExprClass:
    case clang::Stmt::RequiresExprClass:
    case clang::Stmt::SizeOfPackExprClass:
    case clang::Stmt::OffsetOfExprClass: {
      clang::Expr::EvalResult result;
      if (expr->EvaluateAsRValue(result, cx_.ast()))
        if (ir::Value* v = constant_from(*this, result.Val, type)) return v;
      return unsupported_value(expr, "this non-constant expression", type);
    }
    case clang::Stmt::CXXScalarValueInitExprClass:
    case clang::Stmt::ImplicitValueInitExprClass: {
      ir::Type t = cx_.value_type(type);
      if (t.is_ptr()) return cx_.module().get_null(t);
      if (t.is_float()) return b_.float_const(t, 0.0);
      return b_.int_const(t, 0);
    }
    default:
      break;
  }

  if (const auto* cast = llvm::dyn_cast<clang::CastExpr>(expr)) {
    const clang::Expr* sub = cast->getSubExpr();
    switch (cast->getCastKind()) {
      case clang::CK_LValueToRValue: {
        // Reading a constexpr variable needs no memory: fold it.
        if (const auto* ref = llvm::dyn_cast<clang::DeclRefExpr>(sub->IgnoreParens());
            ref != nullptr && ref->isNonOdrUse() == clang::NOUR_Constant) {
          clang::Expr::EvalResult result;
          if (sub->EvaluateAsRValue(result, cx_.ast()))
            if (ir::Value* v = constant_from(*this, result.Val, type)) return v;
        }
        ir::Value* address = emit_lvalue(sub);
        set_loc(expr->getExprLoc());
        return load_scalar(address, sub->getType());
      }
      case clang::CK_LValueToRValueBitCast: {  // std::bit_cast: the bits of the object, retyped
        ir::Value* address = emit_lvalue(sub);
        return load_scalar(address, type);
      }
      case clang::CK_NoOp:
      case clang::CK_UserDefinedConversion:
      case clang::CK_ConstructorConversion:
      case clang::CK_AtomicToNonAtomic:
      case clang::CK_NonAtomicToAtomic:
        return emit_scalar(sub);
      case clang::CK_IntegralCast:
      case clang::CK_IntegralToFloating:
      case clang::CK_FloatingToIntegral:
      case clang::CK_FloatingCast:
      case clang::CK_IntegralToBoolean:
      case clang::CK_FloatingToBoolean:
      case clang::CK_PointerToBoolean: {
        ir::Value* value = emit_scalar(sub);
        set_loc(expr->getExprLoc());
        return convert(value, sub->getType(), type);
      }
      case clang::CK_BooleanToSignedIntegral: {
        ir::Value* value = emit_scalar(sub);
        return b_.cast(ir::Opcode::SExt, value, cx_.value_type(type));
      }
      case clang::CK_ArrayToPointerDecay:
        return emit_lvalue(sub);
      case clang::CK_NullToPointer:
        return cx_.module().get_null(ir::Type::ptr());
      case clang::CK_BitCast:
      case clang::CK_AddressSpaceConversion:
        return emit_scalar(sub);
      case clang::CK_DerivedToBase:
      case clang::CK_UncheckedDerivedToBase:
      case clang::CK_BaseToDerived: {
        ir::Value* pointer = emit_scalar(sub);
        const clang::CXXRecordDecl* derived =
            (cast->getCastKind() == clang::CK_BaseToDerived ? type : sub->getType())
                ->getPointeeType()->getAsCXXRecordDecl();
        std::int64_t offset = 0;
        for (const clang::CXXBaseSpecifier* base : cast->path()) {
          const auto* base_decl = base->getType()->getAsCXXRecordDecl();
          offset += cx_.ast().getASTRecordLayout(derived).getBaseClassOffset(base_decl).getQuantity();
          derived = base_decl;
        }
        if (cast->getCastKind() == clang::CK_BaseToDerived) offset = -offset;
        return offset == 0 ? pointer : b_.ptr_add(pointer, b_.i64(std::uint64_t(offset)));
      }
      case clang::CK_ToVoid:
        emit_ignored(sub);
        return nullptr;
      case clang::CK_PointerToIntegral:
        return convert(emit_scalar(sub), sub->getType(), type);
      case clang::CK_IntegralToPointer:
        return b_.cast(ir::Opcode::IntToPtr, convert(emit_scalar(sub), sub->getType(), cx_.ast().getUIntPtrType()),
                       ir::Type::ptr());
      case clang::CK_FunctionToPointerDecay:
        return unsupported_value(expr, "a function pointer", type);
      default:
        return unsupported_value(expr, std::string("the conversion '") + cast->getCastKindName() + "'", type);
    }
  }

  if (const auto* unary = llvm::dyn_cast<clang::UnaryOperator>(expr)) {
    const clang::Expr* sub = unary->getSubExpr();
    switch (unary->getOpcode()) {
      case clang::UO_Plus:
        return emit_scalar(sub);
      case clang::UO_Minus: {
        ir::Value* value = emit_scalar(sub);
        if (value->type().is_float()) return b_.fneg(value);
        return b_.binary(ir::Opcode::Sub, b_.int_const(value->type(), 0), value);
      }
      case clang::UO_Not: {
        ir::Value* value = emit_scalar(sub);
        return b_.binary(ir::Opcode::Xor, value, b_.int_const(value->type(), ~std::uint64_t(0)));
      }
      case clang::UO_LNot:
        return b_.binary(ir::Opcode::Xor, emit_condition(sub), b_.i1(true));
      case clang::UO_AddrOf:
        return emit_lvalue(sub);
      case clang::UO_PreInc:
      case clang::UO_PreDec:
      case clang::UO_PostInc:
      case clang::UO_PostDec: {
        ir::Value* address = emit_lvalue(sub);
        ir::Value* old = load_scalar(address, sub->getType());
        ir::Value* updated = nullptr;
        bool inc = unary->isIncrementOp();
        clang::QualType sub_type = sub->getType();
        if (sub_type->isPointerType()) {
          std::int64_t step = std::int64_t(cx_.size_of(sub_type->getPointeeType()));
          updated = b_.ptr_add(old, b_.i64(std::uint64_t(inc ? step : -step)));
        } else if (old->type().is_float()) {
          updated = b_.binary(inc ? ir::Opcode::FAdd : ir::Opcode::FSub, old, b_.float_const(old->type(), 1.0));
        } else if (old->type() == ir::Type::i1()) {
          updated = b_.i1(inc);
        } else {
          updated = b_.binary(inc ? ir::Opcode::Add : ir::Opcode::Sub, old, b_.int_const(old->type(), 1));
        }
        store_scalar(updated, address, sub_type);
        return unary->isPrefix() ? updated : old;
      }
      case clang::UO_Deref:
      case clang::UO_Real:
      case clang::UO_Imag:
        break;  // lvalues (below)
      default:
        return unsupported_value(expr, std::string("the operator '") +
                                           clang::UnaryOperator::getOpcodeStr(unary->getOpcode()).str() + "'",
                                 type);
    }
  }

  if (const auto* binary = llvm::dyn_cast<clang::BinaryOperator>(expr)) {
    clang::BinaryOperatorKind op = binary->getOpcode();
    const clang::Expr* lhs = binary->getLHS();
    const clang::Expr* rhs = binary->getRHS();
    if (op == clang::BO_LAnd || op == clang::BO_LOr) {
      bool is_and = op == clang::BO_LAnd;
      ir::Value* left = emit_condition(lhs);
      ir::Block* from = b_.insert_block();
      ir::Block* right_block = new_block(is_and ? "land.rhs" : "lor.rhs");
      ir::Block* end = new_block(is_and ? "land.end" : "lor.end");
      if (is_and) b_.cond_br(left, right_block, end);
      else b_.cond_br(left, end, right_block);
      start_block(right_block);
      ir::Value* right = emit_condition(rhs);
      ir::Block* right_end = b_.insert_block();
      b_.br(end);
      start_block(end);
      set_loc(expr->getExprLoc());
      ir::Instruction* phi = b_.phi(ir::Type::i1());
      phi->add_incoming(b_.i1(!is_and), from);
      phi->add_incoming(right, right_end);
      return phi;
    }
    if (op == clang::BO_Comma) {
      emit_ignored(lhs);
      return emit_scalar(rhs);
    }
    if (binary->isAssignmentOp() || op == clang::BO_PtrMemD || op == clang::BO_PtrMemI) {
      if (op == clang::BO_PtrMemD || op == clang::BO_PtrMemI)
        return unsupported_value(expr, "a pointer to member", type);
      // Assignments are lvalues in C++; a prvalue use reads back what was stored.
      ir::Value* address = emit_lvalue(expr);
      return load_scalar(address, lhs->getType());
    }
    if (binary->isComparisonOp()) {
      if (op == clang::BO_Cmp) return unsupported_value(expr, "the operator '<=>'", type);
      clang::QualType operand = lhs->getType();
      ir::Value* left = emit_scalar(lhs);
      ir::Value* right = emit_scalar(rhs);
      set_loc(binary->getOperatorLoc());
      bool is_float = left->type().is_float();
      bool is_signed = operand->isSignedIntegerOrEnumerationType();
      ir::CmpPred pred = compare_pred(op, is_float, is_signed);
      return is_float ? b_.fcmp(pred, left, right) : b_.icmp(pred, left, right);
    }
    // Pointer arithmetic.
    if (lhs->getType()->isPointerType() || rhs->getType()->isPointerType()) {
      if (lhs->getType()->isPointerType() && rhs->getType()->isPointerType()) {  // p - q
        ir::Value* left = b_.cast(ir::Opcode::PtrToInt, emit_scalar(lhs), ir::Type::i64());
        ir::Value* right = b_.cast(ir::Opcode::PtrToInt, emit_scalar(rhs), ir::Type::i64());
        ir::Value* bytes = b_.binary(ir::Opcode::Sub, left, right);
        std::uint64_t size = cx_.size_of(lhs->getType()->getPointeeType());
        return convert(b_.binary(ir::Opcode::SDiv, bytes, b_.i64(size), ir::Exact),
                       cx_.ast().getPointerDiffType(), type);
      }
      const clang::Expr* pointer_expr = lhs->getType()->isPointerType() ? lhs : rhs;
      const clang::Expr* index_expr = pointer_expr == lhs ? rhs : lhs;
      ir::Value* pointer = emit_scalar(pointer_expr);
      ir::Value* index = convert(emit_scalar(index_expr), index_expr->getType(), cx_.ast().LongTy);
      if (op == clang::BO_Sub) index = b_.binary(ir::Opcode::Sub, b_.i64(0), index);
      std::uint64_t size = cx_.size_of(pointer_expr->getType()->getPointeeType());
      return b_.ptr_add(pointer, b_.binary(ir::Opcode::Mul, index, b_.i64(size)));
    }
    ir::Value* left = emit_scalar(lhs);
    ir::Value* right = emit_scalar(rhs);
    set_loc(binary->getOperatorLoc());
    if (op == clang::BO_Shl || op == clang::BO_Shr)
      right = convert(right, rhs->getType(), lhs->getType());
    bool is_float = left->type().is_float();
    bool is_signed = type->isSignedIntegerOrEnumerationType();
    if (op == clang::BO_Shr) is_signed = lhs->getType()->isSignedIntegerOrEnumerationType();
    return b_.binary(arith_opcode(op, is_float, is_signed), left, right);
  }

  if (const auto* conditional = llvm::dyn_cast<clang::ConditionalOperator>(expr)) {
    if (expr->isGLValue()) return load_scalar(emit_lvalue(expr), type);
    if (type->isVoidType()) {
      emit_conditional(conditional, [&](const clang::Expr* arm) { emit_ignored(arm); return nullptr; });
      return nullptr;
    }
    return emit_conditional(conditional, [&](const clang::Expr* arm) { return emit_scalar(arm); });
  }

  if (expr->isGLValue()) {
    ir::Value* address = emit_lvalue(expr);
    return load_scalar(address, type);
  }
  clang::Expr::EvalResult result;
  if (!expr->isValueDependent() && expr->EvaluateAsRValue(result, cx_.ast()))
    if (ir::Value* v = constant_from(*this, result.Val, type)) return v;
  return unsupported_value(expr, std::string("the expression '") + expr->getStmtClassName() + "'", type);
}

}  // namespace simtc::irgen
