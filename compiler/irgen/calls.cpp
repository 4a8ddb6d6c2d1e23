// Calls: device functions, methods, operators, lambdas, constructors and simt builtins.
#include <clang/AST/DeclCXX.h>
#include <clang/Basic/Builtins.h>

#include "irgen/function_gen.hpp"
#include "irgen/unchecked_indexing.hpp"
#include "irgen/shared_memory.hpp"
#include "support/ice.hpp"

namespace simtc::irgen {

ir::Value* FunctionGen::emit_call_expr(const clang::CallExpr* call, ir::Value* dest) {
  const clang::FunctionDecl* callee = call->getDirectCallee();
  if (const auto* pseudo = llvm::dyn_cast<clang::CXXPseudoDestructorExpr>(call->getCallee()->IgnoreParens())) {
    emit_ignored(pseudo->getBase());  // `x.~T()` of a scalar in a template: nothing to destroy
    return nullptr;
  }
  if (callee == nullptr) return unsupported_value(call, "a call through a function pointer", call->getType());
  const clang::Expr* object = nullptr;
  llvm::ArrayRef<const clang::Expr*> args(call->getArgs(), call->getNumArgs());
  if (const auto* member = llvm::dyn_cast<clang::CXXMemberCallExpr>(call)) {
    object = member->getImplicitObjectArgument();
  } else if (const auto* method = llvm::dyn_cast<clang::CXXMethodDecl>(callee);
             method != nullptr && method->isInstance() && llvm::isa<clang::CXXOperatorCallExpr>(call)) {
    object = args.front();
    args = args.drop_front();
  }
  ir::Value* result = emit_call(callee, object, nullptr, args, dest, call);
  if (result == nullptr && !call->getType()->isVoidType() && cx_.is_scalar(call->getType()) && !call->isGLValue())
    return undef_for(call->getType());
  return result;
}

ir::Value* FunctionGen::emit_call(const clang::FunctionDecl* callee, const clang::Expr* this_expr,
                                  ir::Value* this_arg, llvm::ArrayRef<const clang::Expr*> args,
                                  ir::Value* dest, const clang::Expr* call) {
  clang::QualType result_type = callee->getReturnType();

  if (ir::Value* base = dynamic_shared_address(*this, callee, call)) return base;
  if (auto intrinsic = cx_.builtin_of(callee)) {
    if (*intrinsic == ir::IntrinsicId::Printf) return emit_printf(args, call);
    std::vector<ir::Value*> values;
    for (const clang::Expr* arg : args) values.push_back(emit_scalar(arg));
    set_loc(call->getExprLoc());
    ir::Type result = result_type->isVoidType() ? ir::Type::void_() : cx_.value_type(result_type);
    ir::Value* value = b_.intrinsic(*intrinsic, result, values);
    if (ir::intrinsic_flags(*intrinsic) & ir::NoReturn) {
      b_.unreachable();
      start_block(new_block("dead"));
    }
    return result.is_void() ? nullptr : value;
  }

  if (unsigned builtin = callee->getBuiltinID()) return emit_clang_builtin(builtin, callee, args, call);

  const auto* method = llvm::dyn_cast<clang::CXXMethodDecl>(callee);
  bool instance = method != nullptr && method->isInstance();
  if (instance && this_arg == nullptr) {
    if (this_expr == nullptr) SIMTC_ICE("method call without an object");
    // `p->f()` passes the pointer; `o.f()` the object's address.
    this_arg = this_expr->getType()->isPointerType() ? emit_scalar(this_expr) : emit_lvalue(this_expr);
  }

  // Trivial copy/move assignment of a trivially copyable class: a plain copy.
  if (instance && method->isTrivial() &&
      (method->isCopyAssignmentOperator() || method->isMoveAssignmentOperator())) {
    ir::Value* source = emit_lvalue(args.front());
    copy_object(this_arg, source, method->getThisType()->getPointeeType());
    return this_arg;
  }

  if (callee->isVariadic()) return unsupported_value(call, "a call to a variadic function", result_type);

  // [[simt::unchecked_indexing]]: a view's checked read becomes its unchecked twin.
  if (unchecked_indexing(cx_.options(), decl_))
    if (const clang::FunctionDecl* variant = unchecked_variant(callee)) callee = variant;
  FunctionAbi abi = cx_.function_for(callee);
  std::vector<ir::Value*> values;
  ir::Value* record_result = nullptr;
  if (abi.has_sret) {
    record_result = dest != nullptr ? dest : create_temp(result_type, "result");
    values.push_back(record_result);
  }
  if (abi.has_this) values.push_back(this_arg);
  const clang::FunctionDecl* def = callee->getDefinition() != nullptr ? callee->getDefinition() : callee;
  for (unsigned i = 0; i < def->getNumParams(); ++i) {
    clang::QualType type = def->getParamDecl(i)->getType();
    const clang::Expr* arg = i < args.size() ? args[i] : nullptr;
    if (arg == nullptr) SIMTC_ICE("call with fewer arguments than parameters");
    if (type->isReferenceType()) {
      values.push_back(emit_lvalue(arg));
    } else if (cx_.is_scalar(type)) {
      values.push_back(emit_scalar(arg));
    } else {
      ir::Value* copy = create_temp(type, "arg");
      emit_init(arg, type, copy);
      values.push_back(copy);
    }
  }
  set_loc(call->getExprLoc());
  if (instance && this_expr != nullptr && call != nullptr) cx_.note_site(call->getExprLoc(), call, this_expr);
  ir::Value* value = b_.call(abi.function, values);
  if (callee->isNoReturn()) {
    b_.unreachable();
    start_block(new_block("dead"));
  }
  if (abi.has_sret) return dest == nullptr ? record_result : nullptr;
  if (result_type->isVoidType()) return nullptr;
  return value;
}

ir::Value* FunctionGen::emit_clang_builtin(unsigned builtin, const clang::FunctionDecl* callee,
                                           llvm::ArrayRef<const clang::Expr*> args, const clang::Expr* call) {
  auto scalar_intrinsic = [&](ir::IntrinsicId id) -> ir::Value* {
    std::vector<ir::Value*> values;
    for (const clang::Expr* arg : args) values.push_back(emit_scalar(arg));
    set_loc(call->getExprLoc());
    ir::Value* result = b_.intrinsic(id, ir::Type::i32(), values);
    return convert(result, cx_.ast().IntTy, call->getType());
  };
  switch (builtin) {
    case clang::Builtin::BI__builtin_expect:
      emit_ignored(args[1]);
      return emit_scalar(args[0]);
    case clang::Builtin::BI__builtin_assume:
      return nullptr;
    case clang::Builtin::BI__builtin_is_constant_evaluated:  // std::is_constant_evaluated()
      return b_.i1(false);
    case clang::Builtin::BI__builtin_unreachable:
    case clang::Builtin::BI__builtin_trap:
      set_loc(call->getExprLoc());
      b_.intrinsic(ir::IntrinsicId::Trap, ir::Type::void_(), {});
      b_.unreachable();
      start_block(new_block("dead"));
      return nullptr;
    case clang::Builtin::BI__builtin_memcpy:
    case clang::Builtin::BI__builtin_memset: {
      // Clang's implicit copy assignment copies array members with __builtin_memcpy.
      ir::Value* dest = emit_scalar(args[0]);
      ir::Value* second = emit_scalar(args[1]);
      ir::Value* bytes = convert(emit_scalar(args[2]), args[2]->getType(), cx_.ast().UnsignedLongTy);
      set_loc(call->getExprLoc());
      if (builtin == clang::Builtin::BI__builtin_memcpy)
        b_.memcpy_(dest, second, bytes, 1);
      else
        b_.memset_(dest, b_.cast(ir::Opcode::Trunc, second, ir::Type::i8()), bytes, 1);
      return dest;
    }
    case clang::Builtin::BI__builtin_popcount:
    case clang::Builtin::BI__builtin_popcountll:
      return scalar_intrinsic(ir::IntrinsicId::Popc);
    default:
      return unsupported_value(call, "the builtin '" + callee->getNameAsString() + "'", call->getType());
  }
}

void FunctionGen::emit_construct(const clang::CXXConstructExpr* construct, ir::Value* dest) {
  const clang::CXXConstructorDecl* ctor = construct->getConstructor();
  clang::QualType type = construct->getType();
  set_loc(construct->getExprLoc());
  if (construct->requiresZeroInitialization()) zero_object(dest, type);
  if (cx_.ast().getAsConstantArrayType(type) != nullptr) {
    if (ctor->isTrivial()) return;
    cx_.unsupported(construct, "an array of objects with a non-trivial constructor");
    return;
  }
  if (ctor->isTrivial()) {
    if (ctor->isDefaultConstructor()) return;  // leaves the object uninitialized, as C++ does
    ir::Value* source = emit_lvalue(construct->getArg(0));
    copy_object(dest, source, type);
    return;
  }
  llvm::ArrayRef<const clang::Expr*> args(construct->getArgs(), construct->getNumArgs());
  emit_call(ctor, nullptr, dest, args, nullptr, construct);
}

}  // namespace simtc::irgen
