// Records and arrays built in place: constructors, initializer lists, lambdas, copies.
#include <clang/AST/DeclCXX.h>
#include <clang/AST/ExprCXX.h>
#include <clang/AST/RecordLayout.h>

#include "irgen/function_gen.hpp"
#include "support/ice.hpp"

namespace simtc::irgen {

void FunctionGen::emit_init(const clang::Expr* init, clang::QualType type, ir::Value* dest) {
  if (init == nullptr) return;
  if (type->isReferenceType()) {
    b_.store(emit_lvalue(init), dest, 8);
    return;
  }
  if (cx_.is_scalar(type)) {
    ir::Value* value = emit_scalar(init);
    if (value != nullptr) store_scalar(value, dest, type);
    return;
  }
  emit_aggregate(init, dest);
}

void FunctionGen::emit_aggregate(const clang::Expr* expr, ir::Value* dest) {
  set_loc(expr->getExprLoc());
  clang::QualType type = expr->getType();
  switch (expr->getStmtClass()) {
    case clang::Stmt::ParenExprClass:
      return emit_aggregate(llvm::cast<clang::ParenExpr>(expr)->getSubExpr(), dest);
    case clang::Stmt::ExprWithCleanupsClass:
      return emit_aggregate(llvm::cast<clang::ExprWithCleanups>(expr)->getSubExpr(), dest);
    case clang::Stmt::ConstantExprClass:
      return emit_aggregate(llvm::cast<clang::ConstantExpr>(expr)->getSubExpr(), dest);
    case clang::Stmt::CXXBindTemporaryExprClass:
      return emit_aggregate(llvm::cast<clang::CXXBindTemporaryExpr>(expr)->getSubExpr(), dest);
    case clang::Stmt::CXXDefaultArgExprClass:
      return emit_aggregate(llvm::cast<clang::CXXDefaultArgExpr>(expr)->getExpr(), dest);
    case clang::Stmt::CXXDefaultInitExprClass:
      return emit_aggregate(llvm::cast<clang::CXXDefaultInitExpr>(expr)->getExpr(), dest);
    case clang::Stmt::MaterializeTemporaryExprClass:
      return emit_aggregate(llvm::cast<clang::MaterializeTemporaryExpr>(expr)->getSubExpr(), dest);
    case clang::Stmt::OpaqueValueExprClass:
      return emit_aggregate(llvm::cast<clang::OpaqueValueExpr>(expr)->getSourceExpr(), dest);
    case clang::Stmt::CXXConstructExprClass:
    case clang::Stmt::CXXTemporaryObjectExprClass:
      return emit_construct(llvm::cast<clang::CXXConstructExpr>(expr), dest);
    case clang::Stmt::CallExprClass:
    case clang::Stmt::CXXMemberCallExprClass:
    case clang::Stmt::CXXOperatorCallExprClass:
    case clang::Stmt::UserDefinedLiteralClass:
      if (expr->isGLValue()) break;
      emit_call_expr(llvm::cast<clang::CallExpr>(expr), dest);
      return;
    case clang::Stmt::ImplicitValueInitExprClass:
    case clang::Stmt::CXXScalarValueInitExprClass:
      zero_object(dest, type);
      return;
    case clang::Stmt::InitListExprClass: {
      const auto* list = llvm::cast<clang::InitListExpr>(expr);
      if (list->isTransparent()) return emit_aggregate(list->getInit(0), dest);
      if (const auto* array = cx_.ast().getAsConstantArrayType(type)) {
        clang::QualType element = array->getElementType();
        std::uint64_t stride = cx_.size_of(element);
        std::uint64_t count = array->getZExtSize();
        unsigned given = list->getNumInits();
        if (given < count) zero_object(dest, type);  // the rest is value-initialized
        for (unsigned i = 0; i < given && i < count; ++i)
          emit_init(list->getInit(i), element, address_at(dest, i * stride));
        if (const clang::Expr* filler = list->getArrayFiller();
            filler != nullptr && given < count && !llvm::isa<clang::ImplicitValueInitExpr>(filler)) {
          for (std::uint64_t i = given; i < count; ++i) emit_init(filler, element, address_at(dest, i * stride));
        }
        return;
      }
      if (const auto* record = type->getAsRecordDecl()) {
        if (record->isUnion()) {  // the named (or first) member; the rest of the bytes are zero
          zero_object(dest, type);
          const clang::FieldDecl* field = list->getInitializedFieldInUnion();
          if (field != nullptr && list->getNumInits() > 0) emit_init(list->getInit(0), field->getType(), dest);
          return;
        }
        unsigned index = 0;
        if (const auto* cxx = llvm::dyn_cast<clang::CXXRecordDecl>(record)) {
          for (const clang::CXXBaseSpecifier& base : cxx->bases()) {
            if (index >= list->getNumInits()) break;
            const auto* base_decl = base.getType()->getAsCXXRecordDecl();
            std::uint64_t offset =
                cx_.ast().getASTRecordLayout(cxx).getBaseClassOffset(base_decl).getQuantity();
            emit_init(list->getInit(index++), base.getType(), address_at(dest, offset));
          }
        }
        for (const clang::FieldDecl* field : record->fields()) {
          if (field->isUnnamedBitField()) continue;
          ir::Value* address = field_address(dest, field);
          if (index < list->getNumInits())
            emit_init(list->getInit(index++), field->getType(), address);
          else
            zero_object(address, field->getType());
        }
        return;
      }
      if (list->getNumInits() == 1) return emit_aggregate(list->getInit(0), dest);
      break;
    }
    case clang::Stmt::CXXParenListInitExprClass: {
      const auto* list = llvm::cast<clang::CXXParenListInitExpr>(expr);
      const auto* record = type->getAsRecordDecl();
      if (record == nullptr) break;
      auto inits = list->getInitExprs();
      unsigned index = 0;
      for (const clang::FieldDecl* field : record->fields()) {
        ir::Value* address = field_address(dest, field);
        if (index < inits.size()) emit_init(inits[index++], field->getType(), address);
        else zero_object(address, field->getType());
      }
      return;
    }
    case clang::Stmt::CompoundLiteralExprClass:  // (Pair){1, 2}
      emit_init(llvm::cast<clang::CompoundLiteralExpr>(expr)->getInitializer(), type, dest);
      return;
    case clang::Stmt::LambdaExprClass: {
      const auto* lambda = llvm::cast<clang::LambdaExpr>(expr);
      auto field = lambda->getLambdaClass()->field_begin();
      for (const clang::Expr* init : lambda->capture_inits()) {
        if (init != nullptr) emit_init(init, field->getType(), field_address(dest, *field));
        ++field;
      }
      return;
    }
    case clang::Stmt::ArrayInitLoopExprClass: {
      const auto* loop = llvm::cast<clang::ArrayInitLoopExpr>(expr);
      ir::Value* source = emit_lvalue(loop->getCommonExpr()->getSourceExpr());
      copy_object(dest, source, type);
      return;
    }
    case clang::Stmt::ConditionalOperatorClass: {
      if (expr->isGLValue()) break;
      emit_conditional(llvm::cast<clang::ConditionalOperator>(expr), [&](const clang::Expr* arm) {
        emit_aggregate(arm, dest);
        return nullptr;
      });
      return;
    }
    case clang::Stmt::ImplicitCastExprClass:
    case clang::Stmt::CXXFunctionalCastExprClass:
    case clang::Stmt::CStyleCastExprClass:
    case clang::Stmt::CXXStaticCastExprClass: {
      if (expr->isGLValue()) break;
      const auto* cast = llvm::cast<clang::CastExpr>(expr);
      switch (cast->getCastKind()) {
        case clang::CK_NoOp:
        case clang::CK_ConstructorConversion:
        case clang::CK_UserDefinedConversion:
          return emit_aggregate(cast->getSubExpr(), dest);
        case clang::CK_LValueToRValue:
          copy_object(dest, emit_lvalue(cast->getSubExpr()), type);
          return;
        case clang::CK_DerivedToBase:
        case clang::CK_UncheckedDerivedToBase:
          break;
        default:
          break;
      }
      break;
    }
    default:
      break;
  }
  if (expr->isGLValue()) {  // copy an existing object
    ir::Value* source = emit_lvalue(expr);
    copy_object(dest, source, type);
    return;
  }
  cx_.unsupported(expr, std::string("the expression '") + expr->getStmtClassName() + "'");
}

}  // namespace simtc::irgen
