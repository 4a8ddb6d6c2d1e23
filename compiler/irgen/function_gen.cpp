#include "irgen/function_gen.hpp"

#include <clang/AST/DeclCXX.h>
#include <clang/AST/RecordLayout.h>

#include "frontend/param_kinds.hpp"
#include "irgen/abi.hpp"
#include "support/ice.hpp"

namespace simtc::irgen {

FunctionGen::FunctionGen(IrgenContext& context, ir::Function* function)
    : cx_(context), fn_(function), b_(context.module()) {}

// ---------------------------------------------------------------------------------------
// Setup

void FunctionGen::begin(const clang::FunctionDecl* decl) {
  decl_ = decl;
  cx_.add_unsafe_regions(decl);
  entry_ = cx_.module().create_block(fn_, "entry");
  ir::Block* body = cx_.module().create_block(fn_, "body");
  return_block_ = cx_.module().create_block(fn_, "return");
  set_loc(decl->getLocation());
  b_.set_insert_point(entry_);
  b_.br(body);
  start_block(body);
  clang::QualType result = decl->getReturnType();
  if (result->isReferenceType())
    return_slot_ = create_alloca(8, 8, "retval");
  else if (cx_.is_scalar(result))
    return_slot_ = create_temp(result, "retval");
}

void FunctionGen::finish() {
  if (const clang::Stmt* body = decl_->getBody()) set_loc(body->getEndLoc());
  branch_to(return_block_);
  fn_->move_block_after(return_block_, fn_->blocks().back());
  b_.set_insert_point(return_block_);
  if (return_slot_ == nullptr) {
    b_.ret();
    return;
  }
  clang::QualType result = decl_->getReturnType();
  if (result->isReferenceType())
    b_.ret(b_.load(ir::Type::ptr(), return_slot_, 8));
  else
    b_.ret(load_scalar(return_slot_, result));
}

void FunctionGen::emit_kernel(const clang::FunctionDecl* decl) {
  begin(decl);
  const ir::KernelSignature& signature = fn_->signature();
  unsigned index = 0;
  for (const clang::ParmVarDecl* param : decl->parameters()) {
    if (index >= signature.params.size()) break;
    const ir::KernelParam& abi = signature.params[index++];
    set_loc(param->getLocation());
    clang::QualType type = param->getType();
    if (abi.kind == ir::KernelParam::Kind::TensorMap) {
      // The descriptor stays where the launch put it: TMA reads it from the parameter space,
      // never from a copy in local memory.
      locals_[param] = fn_->param(abi.first_ir_param);
      continue;
    }
    ir::Value* object = create_temp(type, abi.name);
    locals_[param] = object;
    cx_.note_variable(object, param, index);
    ir::Value* first = fn_->param(abi.first_ir_param);
    switch (abi.kind) {
      case ir::KernelParam::Kind::Scalar: {
        ir::Value* value = first;
        if (value->type() != cx_.memory_type(type)) SIMTC_ICE("kernel scalar parameter type mismatch");
        b_.store(value, object, cx_.align_of(type));
        break;
      }
      case ir::KernelParam::Kind::Slice:
      case ir::KernelParam::Kind::DisjointSlice:
      case ir::KernelParam::Kind::AtomicSlice: {
        const auto* record = type->getAsCXXRecordDecl();
        const clang::FieldDecl* data = nullptr;
        const clang::FieldDecl* size = nullptr;
        for (const clang::FieldDecl* field : record->fields()) {
          if (field->getName() == "data_") data = field;
          if (field->getName() == "size_") size = field;
        }
        if (data == nullptr || size == nullptr) SIMTC_ICE("simt slice without data_/size_ members");
        ir::Value* generic = b_.cast(ir::Opcode::AddrSpaceCast, first, ir::Type::ptr());
        b_.store(generic, field_address(object, data), 8);
        b_.store(fn_->param(abi.first_ir_param + 1), field_address(object, size), 8);
        if (abi.has_row_width) {  // DisjointSlice<T, simt::space::RuntimeRows>: width_ from the host
          const clang::FieldDecl* width = nullptr;
          for (const clang::FieldDecl* field : record->fields())
            if (field->getName() == "width_") width = field;
          if (width == nullptr) SIMTC_ICE("RuntimeRows slice without a width_ member");
          b_.store(fn_->param(abi.first_ir_param + 2), field_address(object, width), 8);
        }
        break;
      }
      case ir::KernelParam::Kind::Struct: {
        std::vector<Leaf> leaves = scalar_leaves(cx_.ast(), type);
        for (unsigned i = 0; i < leaves.size(); ++i)
          b_.store(fn_->param(abi.first_ir_param + i), address_at(object, leaves[i].offset),
                   cx_.align_of(leaves[i].type));
        break;
      }
      case ir::KernelParam::Kind::TensorMap:
        break;  // bound above
    }
  }
  emit_stmt(decl->getBody());
  finish();
}

void FunctionGen::emit_device_function(const clang::FunctionDecl* decl, const FunctionAbi& abi) {
  if (!decl->hasBody()) {
    cx_.error(decl->getLocation(), "function '" + decl->getNameAsString() +
                                       "' is called from kernel code but has no definition");
    begin(decl);
    finish();
    return;
  }
  begin(decl);
  unsigned next = 0;
  if (abi.has_sret) sret_ = fn_->param(next++);
  if (abi.has_this) this_ = fn_->param(next++);
  for (const clang::ParmVarDecl* param : decl->parameters()) {
    ir::Value* incoming = fn_->param(next++);
    clang::QualType type = param->getType();
    if (type->isReferenceType() || !cx_.is_scalar(type)) {
      locals_[param] = incoming;  // the referent, or the caller's copy of a record
      continue;
    }
    set_loc(param->getLocation());
    ir::Value* slot = create_temp(type, param->getNameAsString());
    store_scalar(incoming, slot, type);
    locals_[param] = slot;
    cx_.note_variable(slot, param, param->getFunctionScopeIndex() + 1);
  }
  if (const auto* method = llvm::dyn_cast<clang::CXXMethodDecl>(decl))
    if (method->getParent()->isLambda()) bind_lambda_captures(method);
  if (const auto* ctor = llvm::dyn_cast<clang::CXXConstructorDecl>(decl))
    emit_constructor_prologue(ctor);
  emit_stmt(decl->getBody());
  finish();
}

void FunctionGen::bind_lambda_captures(const clang::CXXMethodDecl* method) {
  llvm::DenseMap<const clang::ValueDecl*, clang::FieldDecl*> fields;
  clang::FieldDecl* this_field = nullptr;
  method->getParent()->getCaptureFields(fields, this_field);
  for (const auto& [var, field] : fields)
    captures_[var] = Capture{field, field->getType()->isReferenceType()};
  this_capture_ = this_field;
}

void FunctionGen::emit_constructor_prologue(const clang::CXXConstructorDecl* ctor) {
  const clang::CXXRecordDecl* record = ctor->getParent();
  const clang::ASTRecordLayout& layout = cx_.ast().getASTRecordLayout(record);
  for (const clang::CXXCtorInitializer* init : ctor->inits()) {
    set_loc(init->getSourceLocation());
    if (init->isMemberInitializer()) {
      const clang::FieldDecl* field = init->getMember();
      if (field->getType()->isReferenceType()) {
        b_.store(emit_lvalue(init->getInit()), field_address(this_, field), 8);
        continue;
      }
      emit_init(init->getInit(), field->getType(), field_address(this_, field));
    } else if (init->isBaseInitializer()) {
      const auto* base = init->getBaseClass()->getAsCXXRecordDecl();
      ir::Value* address = address_at(this_, layout.getBaseClassOffset(base).getQuantity());
      emit_init(init->getInit(), init->getTypeSourceInfo()->getType(), address);
    } else if (init->isDelegatingInitializer()) {  // Counter() : Counter(0, 1) {}
      emit_init(init->getInit(), cx_.ast().getCanonicalTagType(record), this_);
    } else {
      cx_.error(init->getSourceLocation(), "this kind of constructor initializer is not supported in kernel code");
    }
  }
}

// ---------------------------------------------------------------------------------------
// Helpers

ir::Value* FunctionGen::load_scalar(ir::Value* address, clang::QualType type) {
  ir::Type memory = cx_.memory_type(type);
  std::uint8_t flags = type.isVolatileQualified() ? ir::Volatile : 0;
  unsigned align = type->isReferenceType() || type->isPointerType() ? 8 : cx_.align_of(type);
  ir::Value* value = b_.load(memory, address, align, flags);
  if (cx_.value_type(type) == ir::Type::i1()) return b_.cast(ir::Opcode::Trunc, value, ir::Type::i1());
  return value;
}

void FunctionGen::store_scalar(ir::Value* value, ir::Value* address, clang::QualType type) {
  if (value->type() == ir::Type::i1()) value = b_.cast(ir::Opcode::ZExt, value, ir::Type::i8());
  std::uint8_t flags = type.isVolatileQualified() ? ir::Volatile : 0;
  unsigned align = type->isPointerType() ? 8 : cx_.align_of(type);
  b_.store(value, address, align, flags);
}

ir::Value* FunctionGen::to_bool(ir::Value* value, clang::QualType from) {
  ir::Type type = value->type();
  if (type == ir::Type::i1()) return value;
  if (type.is_ptr()) return b_.icmp(ir::CmpPred::Ne, value, cx_.module().get_null(type));
  if (type.is_float()) return b_.fcmp(ir::CmpPred::Une, value, b_.float_const(type, 0.0));
  return b_.icmp(ir::CmpPred::Ne, value, b_.int_const(type, 0));
}

ir::Value* FunctionGen::convert(ir::Value* value, clang::QualType from, clang::QualType to) {
  ir::Type target = cx_.value_type(to);
  ir::Type source = value->type();
  if (target.is_void() || source == target) return value;
  if (target == ir::Type::i1()) return to_bool(value, from);
  bool from_signed = from->isSignedIntegerOrEnumerationType();
  bool to_signed = to->isSignedIntegerOrEnumerationType();
  if (source.is_int() && target.is_int()) {
    if (source.element_bits() > target.element_bits()) return b_.cast(ir::Opcode::Trunc, value, target);
    bool sign = from_signed && source != ir::Type::i1();
    return b_.cast(sign ? ir::Opcode::SExt : ir::Opcode::ZExt, value, target);
  }
  if (source.is_int() && target.is_float())
    return b_.cast(from_signed && source != ir::Type::i1() ? ir::Opcode::SIToFP : ir::Opcode::UIToFP,
                   value, target);
  if (source.is_float() && target.is_int())
    return b_.cast(to_signed ? ir::Opcode::FPToSI : ir::Opcode::FPToUI, value, target);
  if (source.is_float() && target.is_float()) {
    if (source.element_bits() == target.element_bits()) {  // f16 <-> bf16 through f32
      value = b_.cast(ir::Opcode::FPExt, value, ir::Type::f32());
      return b_.cast(ir::Opcode::FPTrunc, value, target);
    }
    return b_.cast(source.element_bits() < target.element_bits() ? ir::Opcode::FPExt : ir::Opcode::FPTrunc,
                   value, target);
  }
  if (source.is_ptr() && target.is_int()) return b_.cast(ir::Opcode::PtrToInt, value, target);
  if (source.is_int() && target.is_ptr()) return b_.cast(ir::Opcode::IntToPtr, value, target);
  if (source.is_ptr() && target.is_ptr()) return b_.cast(ir::Opcode::AddrSpaceCast, value, target);
  SIMTC_ICE("no conversion from " + source.str() + " to " + target.str());
}

ir::Value* FunctionGen::create_alloca(std::uint64_t size, unsigned align, const std::string& name) {
  ir::Block* current = b_.insert_block();
  SourceLoc loc = b_.loc();
  b_.set_insert_point_before(entry_->terminator());
  ir::Value* slot = b_.alloca_(size == 0 ? 1 : size, align == 0 ? 1 : align, name);
  b_.set_insert_point(current);
  b_.set_loc(loc);
  return slot;
}

ir::Value* FunctionGen::create_temp(clang::QualType type, const std::string& name) {
  if (type->isReferenceType()) return create_alloca(8, 8, name);
  return create_alloca(cx_.size_of(type), cx_.align_of(type), name);
}

ir::Value* FunctionGen::address_at(ir::Value* base, std::uint64_t byte_offset) {
  if (byte_offset == 0) return base;
  return b_.ptr_add(base, b_.i64(byte_offset), ir::InBounds);
}

ir::Value* FunctionGen::field_address(ir::Value* base, const clang::FieldDecl* field) {
  const clang::ASTRecordLayout& layout = cx_.ast().getASTRecordLayout(field->getParent());
  std::uint64_t bits = layout.getFieldOffset(field->getFieldIndex());
  if (field->isBitField())
    cx_.error(field->getLocation(), "bit-fields are not supported in kernel code");
  return address_at(base, bits / 8);
}

void FunctionGen::copy_object(ir::Value* dest, ir::Value* src, clang::QualType type) {
  if (dest == src) return;
  b_.memcpy_(dest, src, b_.i64(cx_.size_of(type)), cx_.align_of(type));
}

void FunctionGen::zero_object(ir::Value* dest, clang::QualType type) {
  b_.memset_(dest, b_.int_const(ir::Type::i8(), 0), b_.i64(cx_.size_of(type)), cx_.align_of(type));
}

ir::Block* FunctionGen::new_block(const std::string& name) { return cx_.module().create_block(fn_, name); }

void FunctionGen::start_block(ir::Block* block) {
  // Keep blocks in the order they are started, so the printed IR reads top to bottom.
  if (fn_->blocks().back() != block && return_block_ != nullptr)
    fn_->move_block_after(block, fn_->blocks().back());
  b_.set_insert_point(block);
}

bool FunctionGen::block_open() const {
  ir::Block* block = b_.insert_block();
  return block != nullptr && block->terminator() == nullptr;
}

void FunctionGen::branch_to(ir::Block* target) {
  if (block_open()) b_.br(target);
}

void FunctionGen::emit_bounds_check(ir::Value* index, std::uint64_t bound,
                                     const clang::ArraySubscriptExpr* subscript) {
  ir::Value* ok = b_.icmp(ir::CmpPred::Ult, index, b_.i64(bound));
  if (ok->value_kind() == ir::Value::ValueKind::Constant) {
    const auto* constant = static_cast<const ir::Constant*>(ok);
    if (constant->const_kind() == ir::Constant::ConstKind::Int && constant->int_bits() == 1) return;
  }
  cx_.note_site(subscript->getRBracketLoc(), subscript, subscript->getBase());
  ir::Block* pass = new_block("check.ok");
  ir::Block* fail = new_block("check.fail");
  b_.cond_br(ok, pass, fail);
  start_block(fail);
  b_.intrinsic(ir::IntrinsicId::BoundsFail, ir::Type::void_(), {index, b_.i64(bound)});
  b_.unreachable();
  start_block(pass);
}

ir::Value* FunctionGen::undef_for(clang::QualType type) {
  ir::Type t = cx_.value_type(type);
  if (t.is_void()) t = ir::Type::ptr();
  return cx_.module().get_undef(t);
}

ir::Value* FunctionGen::unsupported_value(const clang::Stmt* node, const std::string& what,
                                          clang::QualType type) {
  cx_.unsupported(node, what);
  return undef_for(type);
}

ir::Value* FunctionGen::variable_address(const clang::ValueDecl* decl, const clang::Expr* use) {
  if (auto it = locals_.find(decl); it != locals_.end()) return it->second;
  if (auto it = captures_.find(decl); it != captures_.end()) {
    ir::Value* field = field_address(this_, it->second.field);
    if (it->second.by_reference) return b_.load(ir::Type::ptr(), field, 8);
    return field;
  }
  if (const auto* var = llvm::dyn_cast<clang::VarDecl>(decl)) {
    if (!var->hasLocalStorage() && frontend::is_simt_template(var->getType(), "Constant")) {
      if (ir::Global* global = cx_.host_constant(var))  // constant memory the host fills
        return b_.cast(ir::Opcode::AddrSpaceCast, global, ir::Type::ptr());
      return cx_.module().get_undef(ir::Type::ptr());
    }
    if (!var->hasLocalStorage() && var->getType().isConstQualified()) {
      if (ir::Global* global = cx_.constant_global(var))
        return b_.cast(ir::Opcode::AddrSpaceCast, global, ir::Type::ptr());
      return cx_.module().get_undef(ir::Type::ptr());
    }
    if (!var->hasLocalStorage()) {
      cx_.error(use->getExprLoc(),
                "kernel code cannot use the mutable variable '" + var->getNameAsString() +
                    "' declared at namespace scope",
                kGlobalVariableRule);
      return cx_.module().get_undef(ir::Type::ptr());
    }
  }
  cx_.error(use->getExprLoc(), "use of '" + decl->getNameAsString() + "' is not supported in kernel code here");
  return cx_.module().get_undef(ir::Type::ptr());
}

}  // namespace simtc::irgen
