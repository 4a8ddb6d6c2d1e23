// Lvalues: variables, members, subscripts, dereferences, assignments.
#include <clang/AST/DeclCXX.h>
#include <clang/AST/RecordLayout.h>

#include "irgen/function_gen.hpp"
#include "support/ice.hpp"

namespace simtc::irgen {
namespace {

// Compound assignment opcodes (the operator without '=').
clang::BinaryOperatorKind plain_op(clang::BinaryOperatorKind op) {
  return clang::BinaryOperator::getOpForCompoundAssignment(op);
}

}  // namespace

// `v[i]` of a vector_size or ext_vector_type vector: the element in the vector's memory (a
// vector prvalue is stored in a temporary first), bounds-checked as a local array is.
ir::Value* FunctionGen::vector_element_address(const clang::ArraySubscriptExpr* subscript) {
  const clang::Expr* base_expr = subscript->getBase();
  const clang::Expr* index_expr = subscript->getIdx();
  const auto* vector = base_expr->getType().getCanonicalType()->castAs<clang::VectorType>();
  ir::Value* base = nullptr;
  if (base_expr->isGLValue()) {
    base = emit_lvalue(base_expr);
  } else {
    ir::Value* value = emit_scalar(base_expr);
    base = create_temp(base_expr->getType());
    store_scalar(value, base, base_expr->getType());
  }
  ir::Value* index = convert(emit_scalar(index_expr), index_expr->getType(), cx_.ast().LongTy);
  set_loc(subscript->getRBracketLoc());
  clang::Expr::EvalResult constant;
  const std::uint64_t lanes = vector->getNumElements();
  if (!index_expr->EvaluateAsInt(constant, cx_.ast()) || constant.Val.getInt().getZExtValue() >= lanes)
    emit_bounds_check(index, lanes, subscript);
  std::uint64_t size = cx_.size_of(vector->getElementType());
  return b_.ptr_add(base, size == 1 ? index : b_.binary(ir::Opcode::Mul, index, b_.i64(size)));
}

ir::Value* FunctionGen::emit_lvalue(const clang::Expr* expr) {
  set_loc(expr->getExprLoc());
  clang::QualType type = expr->getType();
  switch (expr->getStmtClass()) {
    case clang::Stmt::ParenExprClass:
      return emit_lvalue(llvm::cast<clang::ParenExpr>(expr)->getSubExpr());
    case clang::Stmt::ExprWithCleanupsClass:
      return emit_lvalue(llvm::cast<clang::ExprWithCleanups>(expr)->getSubExpr());
    case clang::Stmt::ConstantExprClass:
      return emit_lvalue(llvm::cast<clang::ConstantExpr>(expr)->getSubExpr());
    case clang::Stmt::CXXDefaultArgExprClass:
      return emit_lvalue(llvm::cast<clang::CXXDefaultArgExpr>(expr)->getExpr());
    case clang::Stmt::CXXDefaultInitExprClass:
      return emit_lvalue(llvm::cast<clang::CXXDefaultInitExpr>(expr)->getExpr());
    case clang::Stmt::SubstNonTypeTemplateParmExprClass:
      return emit_lvalue(llvm::cast<clang::SubstNonTypeTemplateParmExpr>(expr)->getReplacement());
    case clang::Stmt::OpaqueValueExprClass:
      return emit_lvalue(llvm::cast<clang::OpaqueValueExpr>(expr)->getSourceExpr());
    case clang::Stmt::DeclRefExprClass: {
      const auto* ref = llvm::cast<clang::DeclRefExpr>(expr);
      if (llvm::isa<clang::FunctionDecl>(ref->getDecl()))
        return unsupported_value(expr, "taking the address of a function", type);
      return variable_address(ref->getDecl(), expr);
    }
    case clang::Stmt::MemberExprClass: {
      const auto* member = llvm::cast<clang::MemberExpr>(expr);
      const clang::ValueDecl* decl = member->getMemberDecl();
      if (const auto* var = llvm::dyn_cast<clang::VarDecl>(decl)) return variable_address(var, expr);
      const auto* field = llvm::dyn_cast<clang::FieldDecl>(decl);
      if (field == nullptr) return unsupported_value(expr, "this member access", type);
      ir::Value* base = member->isArrow() ? emit_scalar(member->getBase()) : emit_lvalue(member->getBase());
      set_loc(member->getMemberLoc());
      ir::Value* address = field_address(base, field);
      if (field->getType()->isReferenceType()) return b_.load(ir::Type::ptr(), address, 8);
      return address;
    }
    case clang::Stmt::ArraySubscriptExprClass: {
      const auto* subscript = llvm::cast<clang::ArraySubscriptExpr>(expr);
      const clang::Expr* base_expr = subscript->getBase();
      const clang::Expr* index_expr = subscript->getIdx();
      if (base_expr->getType()->isVectorType()) return vector_element_address(subscript);
      ir::Value* base = emit_scalar(base_expr);
      ir::Value* index = convert(emit_scalar(index_expr), index_expr->getType(), cx_.ast().LongTy);
      set_loc(subscript->getRBracketLoc());
      // A local or member array indexed at run time is bounds-checked.
      const clang::Expr* decayed = base_expr->IgnoreParens();
      if (const auto* cast = llvm::dyn_cast<clang::ImplicitCastExpr>(decayed);
          cast != nullptr && cast->getCastKind() == clang::CK_ArrayToPointerDecay && !cx_.options().unchecked_indexing) {
        if (const auto* array = cx_.ast().getAsConstantArrayType(cast->getSubExpr()->getType())) {
          clang::Expr::EvalResult constant;
          bool known = index_expr->EvaluateAsInt(constant, cx_.ast());
          std::uint64_t bound = array->getZExtSize();
          if (!known || constant.Val.getInt().getZExtValue() >= bound)
            emit_bounds_check(index, bound, subscript);
        }
      }
      std::uint64_t size = cx_.size_of(type);
      ir::Value* offset = size == 1 ? index : b_.binary(ir::Opcode::Mul, index, b_.i64(size));
      return b_.ptr_add(base, offset);
    }
    case clang::Stmt::UnaryOperatorClass: {
      const auto* unary = llvm::cast<clang::UnaryOperator>(expr);
      switch (unary->getOpcode()) {
        case clang::UO_Deref:
          return emit_scalar(unary->getSubExpr());
        case clang::UO_PreInc:
        case clang::UO_PreDec:
          emit_scalar(expr);  // performs the update
          return emit_lvalue(unary->getSubExpr());
        case clang::UO_Extension:
          return emit_lvalue(unary->getSubExpr());
        default:
          break;
      }
      break;
    }
    case clang::Stmt::BinaryOperatorClass:
    case clang::Stmt::CompoundAssignOperatorClass: {
      const auto* binary = llvm::cast<clang::BinaryOperator>(expr);
      clang::BinaryOperatorKind op = binary->getOpcode();
      const clang::Expr* lhs = binary->getLHS();
      const clang::Expr* rhs = binary->getRHS();
      if (op == clang::BO_Comma) {
        emit_ignored(lhs);
        return emit_lvalue(rhs);
      }
      if (op == clang::BO_Assign) {
        clang::QualType lhs_type = lhs->getType();
        if (!cx_.is_scalar(lhs_type)) {  // trivially copyable aggregate assignment
          ir::Value* source = emit_lvalue(rhs);
          ir::Value* address = emit_lvalue(lhs);
          copy_object(address, source, lhs_type);
          return address;
        }
        ir::Value* value = emit_scalar(rhs);  // C++17: the right operand is sequenced first
        ir::Value* address = emit_lvalue(lhs);
        set_loc(binary->getOperatorLoc());
        store_scalar(value, address, lhs_type);
        return address;
      }
      if (const auto* compound = llvm::dyn_cast<clang::CompoundAssignOperator>(binary)) {
        clang::QualType lhs_type = lhs->getType();
        ir::Value* value = emit_scalar(rhs);
        ir::Value* address = emit_lvalue(lhs);
        set_loc(binary->getOperatorLoc());
        ir::Value* old = load_scalar(address, lhs_type);
        ir::Value* result = nullptr;
        clang::BinaryOperatorKind plain = plain_op(op);
        if (lhs_type->isPointerType()) {
          ir::Value* index = convert(value, rhs->getType(), cx_.ast().LongTy);
          if (plain == clang::BO_Sub) index = b_.binary(ir::Opcode::Sub, b_.i64(0), index);
          std::uint64_t size = cx_.size_of(lhs_type->getPointeeType());
          result = b_.ptr_add(old, b_.binary(ir::Opcode::Mul, index, b_.i64(size)));
        } else {
          clang::QualType computation = compound->getComputationLHSType();
          clang::QualType result_type = compound->getComputationResultType();
          ir::Value* left = convert(old, lhs_type, computation);
          ir::Value* right = value;
          if (plain == clang::BO_Shl || plain == clang::BO_Shr) right = convert(right, rhs->getType(), computation);
          bool is_float = left->type().is_float();
          bool is_signed = computation->isSignedIntegerOrEnumerationType();
          ir::Opcode opcode;
          using K = clang::BinaryOperatorKind;
          switch (plain) {
            case K::BO_Add: opcode = is_float ? ir::Opcode::FAdd : ir::Opcode::Add; break;
            case K::BO_Sub: opcode = is_float ? ir::Opcode::FSub : ir::Opcode::Sub; break;
            case K::BO_Mul: opcode = is_float ? ir::Opcode::FMul : ir::Opcode::Mul; break;
            case K::BO_Div: opcode = is_float ? ir::Opcode::FDiv : is_signed ? ir::Opcode::SDiv : ir::Opcode::UDiv; break;
            case K::BO_Rem: opcode = is_signed ? ir::Opcode::SRem : ir::Opcode::URem; break;
            case K::BO_Shl: opcode = ir::Opcode::Shl; break;
            case K::BO_Shr: opcode = is_signed ? ir::Opcode::AShr : ir::Opcode::LShr; break;
            case K::BO_And: opcode = ir::Opcode::And; break;
            case K::BO_Or: opcode = ir::Opcode::Or; break;
            case K::BO_Xor: opcode = ir::Opcode::Xor; break;
            default: SIMTC_ICE("unknown compound assignment");
          }
          result = convert(b_.binary(opcode, left, right), result_type, lhs_type);
        }
        store_scalar(result, address, lhs_type);
        return address;
      }
      break;
    }
    case clang::Stmt::ConditionalOperatorClass:
      return emit_conditional(llvm::cast<clang::ConditionalOperator>(expr),
                              [&](const clang::Expr* arm) { return emit_lvalue(arm); });
    case clang::Stmt::ImplicitCastExprClass:
    case clang::Stmt::CStyleCastExprClass:
    case clang::Stmt::CXXStaticCastExprClass:
    case clang::Stmt::CXXConstCastExprClass:
    case clang::Stmt::CXXReinterpretCastExprClass:
    case clang::Stmt::CXXFunctionalCastExprClass: {
      const auto* cast = llvm::cast<clang::CastExpr>(expr);
      if (!expr->isGLValue()) break;
      switch (cast->getCastKind()) {
        case clang::CK_NoOp:
        case clang::CK_LValueBitCast:
        case clang::CK_LValueToRValueBitCast:
          return emit_lvalue(cast->getSubExpr());
        case clang::CK_DerivedToBase:
        case clang::CK_UncheckedDerivedToBase: {
          ir::Value* address = emit_lvalue(cast->getSubExpr());
          const clang::CXXRecordDecl* derived = cast->getSubExpr()->getType()->getAsCXXRecordDecl();
          std::uint64_t offset = 0;
          for (const clang::CXXBaseSpecifier* base : cast->path()) {
            const auto* base_decl = base->getType()->getAsCXXRecordDecl();
            offset += cx_.ast().getASTRecordLayout(derived).getBaseClassOffset(base_decl).getQuantity();
            derived = base_decl;
          }
          return address_at(address, offset);
        }
        case clang::CK_BaseToDerived: {  // static_cast<Derived&>(base): Tier 2, unchecked
          ir::Value* address = emit_lvalue(cast->getSubExpr());
          const clang::CXXRecordDecl* derived = type->getAsCXXRecordDecl();
          std::int64_t offset = 0;
          for (const clang::CXXBaseSpecifier* base : cast->path()) {
            const auto* base_decl = base->getType()->getAsCXXRecordDecl();
            offset += cx_.ast().getASTRecordLayout(derived).getBaseClassOffset(base_decl).getQuantity();
            derived = base_decl;
          }
          return offset == 0 ? address : b_.ptr_add(address, b_.i64(std::uint64_t(-offset)));
        }
        default:
          return unsupported_value(expr, std::string("the conversion '") + cast->getCastKindName() + "'", type);
      }
    }
    case clang::Stmt::CallExprClass:
    case clang::Stmt::CXXMemberCallExprClass:
    case clang::Stmt::CXXOperatorCallExprClass:
    case clang::Stmt::UserDefinedLiteralClass: {
      if (!expr->isGLValue()) break;  // a prvalue: materialized below
      return emit_call_expr(llvm::cast<clang::CallExpr>(expr), nullptr);
    }
    case clang::Stmt::MaterializeTemporaryExprClass: {
      const auto* temporary = llvm::cast<clang::MaterializeTemporaryExpr>(expr);
      const clang::Expr* sub = temporary->getSubExpr();
      if (sub->isGLValue()) return emit_lvalue(sub);
      ir::Value* slot = create_temp(sub->getType(), "tmp");
      emit_init(sub, sub->getType(), slot);
      return slot;
    }
    case clang::Stmt::CompoundLiteralExprClass: {
      const auto* literal = llvm::cast<clang::CompoundLiteralExpr>(expr);
      ir::Value* slot = create_temp(type, "literal");
      emit_init(literal->getInitializer(), type, slot);
      return slot;
    }
    case clang::Stmt::StringLiteralClass:
      return emit_string_literal(llvm::cast<clang::StringLiteral>(expr));
    case clang::Stmt::PredefinedExprClass:  // __func__, __PRETTY_FUNCTION__
      if (const clang::StringLiteral* name = llvm::cast<clang::PredefinedExpr>(expr)->getFunctionName())
        return emit_string_literal(name);
      break;
    default:
      break;
  }
  if (!expr->isGLValue()) {  // a prvalue used where an object is needed: materialize it
    ir::Value* slot = create_temp(type, "tmp");
    emit_init(expr, type, slot);
    return slot;
  }
  return unsupported_value(expr, std::string("the expression '") + expr->getStmtClassName() + "'", type);
}

}  // namespace simtc::irgen
