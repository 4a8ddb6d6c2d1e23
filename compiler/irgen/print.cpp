// String literals and simt::printf.
//
// vprintf takes the format and a buffer holding the arguments, each at an offset aligned to
// its size, after C's default argument promotions; that is the layout Clang's CUDA codegen
// builds too, so the driver's formatting reads them as a host printf would.
#include <clang/AST/Expr.h>

#include "irgen/function_gen.hpp"
#include "support/ice.hpp"

namespace simtc::irgen {

ir::Global* IrgenContext::string_global(const clang::StringLiteral* literal) {
  llvm::StringRef bytes = literal->getBytes();
  std::string key(bytes.data(), bytes.size());
  if (auto it = strings_.find(key); it != strings_.end()) return it->second;
  // The array type's size counts the terminating zero (in units of the character width).
  std::uint64_t size = size_of(literal->getType());
  std::vector<std::uint8_t> init(size, 0);
  for (std::size_t i = 0; i < bytes.size() && i < size; ++i) init[i] = std::uint8_t(bytes[i]);
  std::string symbol = "str";
  for (unsigned n = 1; module_->find_global(symbol) != nullptr; ++n) symbol = "str." + std::to_string(n);
  ir::Global* global = module_->create_global(symbol, ir::AddrSpace::Const, size, 1);
  global->set_initializer(std::move(init));
  global->set_loc(loc(literal->getBeginLoc()));
  strings_[key] = global;
  return global;
}

ir::Value* FunctionGen::emit_string_literal(const clang::StringLiteral* literal) {
  ir::Global* global = cx_.string_global(literal);
  return b_.cast(ir::Opcode::AddrSpaceCast, global, ir::Type::ptr());
}

ir::Value* FunctionGen::emit_printf(llvm::ArrayRef<const clang::Expr*> args, const clang::Expr* call) {
  ir::Value* format = emit_scalar(args.front());
  struct Slot {
    ir::Value* value;
    std::uint64_t offset;
  };
  std::vector<Slot> slots;
  std::uint64_t size = 0;
  for (const clang::Expr* arg : args.drop_front()) {
    clang::QualType type = arg->getType();
    if (!cx_.is_scalar(type) || type->isVectorType()) {
      cx_.error(arg->getExprLoc(), "simt::printf cannot print a value of type '" + type.getAsString() +
                                       "'; pass numbers, characters or strings");
      continue;
    }
    ir::Value* value = emit_scalar(arg);
    ir::Type t = value->type();
    // Sema has promoted float, bool and the narrow integers; 16-bit floats still need it.
    if (t.is_float() && t != ir::Type::f64()) {
      value = b_.cast(ir::Opcode::FPExt, value, ir::Type::f64());
    } else if (t.is_int() && t.element_bits() < 32) {
      bool is_signed = type->isSignedIntegerOrEnumerationType() && t != ir::Type::i1();
      value = b_.cast(is_signed ? ir::Opcode::SExt : ir::Opcode::ZExt, value, ir::Type::i32());
    }
    std::uint64_t bytes = value->type().size_bytes();
    std::uint64_t offset = (size + bytes - 1) / bytes * bytes;
    slots.push_back({value, offset});
    size = offset + bytes;
  }
  set_loc(call->getExprLoc());
  ir::Value* buffer = cx_.module().get_null(ir::Type::ptr());
  if (!slots.empty()) {
    buffer = create_alloca(size, 8, "printf.args");
    for (const Slot& slot : slots)
      b_.store(slot.value, address_at(buffer, slot.offset), slot.value->type().size_bytes());
  }
  return b_.intrinsic(ir::IntrinsicId::Printf, ir::Type::i32(), {format, buffer});
}

}  // namespace simtc::irgen
