#include "ir/builder.hpp"

#include "support/ice.hpp"

namespace simtc::ir {

void Builder::set_insert_point_before(Instruction* inst) {
  SIMTC_ASSERT(inst && inst->parent(), "Builder: the insertion point is not in a block");
  block_ = inst->parent();
  before_ = inst;
}

Instruction* Builder::insert(Instruction* inst) {
  SIMTC_ASSERT(block_, std::string("Builder: no insertion point for '") +
                           opcode_name(inst->opcode()) + "'");
  inst->set_loc(loc_);
  inst->set_in_unsafe(unsafe_);
  if (inst->opcode() == Opcode::Phi) {
    // After the existing phis, whatever the insertion point.
    Instruction* first_non_phi = nullptr;
    for (Instruction* i : block_->instructions())
      if (i->opcode() != Opcode::Phi) {
        first_non_phi = i;
        break;
      }
    if (first_non_phi) block_->insert_before(first_non_phi, inst);
    else block_->append(inst);
  } else if (before_) {
    SIMTC_ASSERT(!inst->is_terminator() || !block_->terminator(),
                 "Builder: block " + block_->name() + " already ends in a terminator");
    block_->insert_before(before_, inst);
  } else {
    SIMTC_ASSERT(!block_->terminator(), std::string("Builder: cannot append '") +
                                            opcode_name(inst->opcode()) + "' to block " +
                                            block_->name() + ", which already ends in '" +
                                            opcode_name(block_->terminator()->opcode()) + "'");
    block_->append(inst);
  }
  std::string error = check_instruction(*inst);
  SIMTC_ASSERT(error.empty(), "Builder: " + error);
  return inst;
}

Instruction* Builder::binary(Opcode op, Value* lhs, Value* rhs, std::uint8_t flags) {
  SIMTC_ASSERT(is_binary(op), std::string("Builder::binary: '") + opcode_name(op) +
                                  "' is not a binary operator");
  SIMTC_ASSERT(lhs && rhs, "Builder::binary: null operand");
  Instruction* inst = module_.create_instruction(op, lhs->type(), {lhs, rhs});
  inst->set_flags(flags);
  return insert(inst);
}

Instruction* Builder::fneg(Value* v) {
  SIMTC_ASSERT(v, "Builder::fneg: null operand");
  return insert(module_.create_instruction(Opcode::FNeg, v->type(), {v}));
}

namespace {
Type cmp_result(const Value* lhs) {
  Type t = lhs->type();
  return t.is_vector() ? Type::vec(Type::i1(), t.lanes()) : Type::i1();
}
}  // namespace

Instruction* Builder::icmp(CmpPred pred, Value* lhs, Value* rhs) {
  SIMTC_ASSERT(lhs && rhs, "Builder::icmp: null operand");
  Instruction* inst = module_.create_instruction(Opcode::ICmp, cmp_result(lhs), {lhs, rhs});
  inst->pred_ = pred;
  return insert(inst);
}

Instruction* Builder::fcmp(CmpPred pred, Value* lhs, Value* rhs) {
  SIMTC_ASSERT(lhs && rhs, "Builder::fcmp: null operand");
  Instruction* inst = module_.create_instruction(Opcode::FCmp, cmp_result(lhs), {lhs, rhs});
  inst->pred_ = pred;
  return insert(inst);
}

Instruction* Builder::cast(Opcode op, Value* v, Type to) {
  SIMTC_ASSERT(is_cast(op), std::string("Builder::cast: '") + opcode_name(op) +
                                "' is not a cast");
  SIMTC_ASSERT(v, "Builder::cast: null operand");
  return insert(module_.create_instruction(op, to, {v}));
}

Instruction* Builder::select(Value* cond, Value* if_true, Value* if_false) {
  SIMTC_ASSERT(cond && if_true && if_false, "Builder::select: null operand");
  return insert(
      module_.create_instruction(Opcode::Select, if_true->type(), {cond, if_true, if_false}));
}

Instruction* Builder::alloca_(std::uint64_t size, unsigned align, const std::string& name) {
  Instruction* inst = module_.create_instruction(Opcode::Alloca, Type::ptr(), {});
  inst->imm_ = size;
  inst->align_ = align;
  inst->set_name(name);
  return insert(inst);
}

Instruction* Builder::load(Type type, Value* ptr, unsigned align, std::uint8_t flags) {
  SIMTC_ASSERT(ptr, "Builder::load: null pointer operand");
  Instruction* inst = module_.create_instruction(Opcode::Load, type, {ptr});
  inst->align_ = align;
  inst->set_flags(flags);
  return insert(inst);
}

Instruction* Builder::store(Value* value, Value* ptr, unsigned align, std::uint8_t flags) {
  SIMTC_ASSERT(value && ptr, "Builder::store: null operand");
  Instruction* inst = module_.create_instruction(Opcode::Store, Type::void_(), {value, ptr});
  inst->align_ = align;
  inst->set_flags(flags);
  return insert(inst);
}

Instruction* Builder::ptr_add(Value* ptr, Value* byte_offset_i64, std::uint8_t flags) {
  SIMTC_ASSERT(ptr && byte_offset_i64, "Builder::ptr_add: null operand");
  Instruction* inst =
      module_.create_instruction(Opcode::PtrAdd, ptr->type(), {ptr, byte_offset_i64});
  inst->set_flags(flags);
  return insert(inst);
}

Instruction* Builder::memcpy_(Value* dst, Value* src, Value* bytes_i64, unsigned align) {
  SIMTC_ASSERT(dst && src && bytes_i64, "Builder::memcpy_: null operand");
  Instruction* inst =
      module_.create_instruction(Opcode::MemCopy, Type::void_(), {dst, src, bytes_i64});
  inst->align_ = align;
  return insert(inst);
}

Instruction* Builder::memset_(Value* dst, Value* byte_i8, Value* bytes_i64, unsigned align) {
  SIMTC_ASSERT(dst && byte_i8 && bytes_i64, "Builder::memset_: null operand");
  Instruction* inst =
      module_.create_instruction(Opcode::MemSet, Type::void_(), {dst, byte_i8, bytes_i64});
  inst->align_ = align;
  return insert(inst);
}

Instruction* Builder::call(Function* callee, std::vector<Value*> args) {
  SIMTC_ASSERT(callee, "Builder::call: null callee");
  for (Value* a : args) SIMTC_ASSERT(a, "Builder::call: null argument");
  Instruction* inst =
      module_.create_instruction(Opcode::Call, callee->return_type(), std::move(args));
  inst->callee_ = callee;
  return insert(inst);
}

Instruction* Builder::intrinsic(IntrinsicId id, Type result, std::vector<Value*> args) {
  for (Value* a : args) SIMTC_ASSERT(a, "Builder::intrinsic: null argument");
  Instruction* inst = module_.create_instruction(Opcode::Intrinsic, result, std::move(args));
  inst->intrinsic_ = id;
  return insert(inst);
}

Instruction* Builder::inline_asm(std::string text, std::string constraints, bool side_effects,
                                 std::vector<Value*> outputs, const std::vector<Value*>& inputs) {
  const unsigned count = static_cast<unsigned>(outputs.size());
  for (Value* p : outputs) SIMTC_ASSERT(p && p->type().is_ptr(), "Builder::inline_asm: an output is no address");
  for (Value* v : inputs) SIMTC_ASSERT(v, "Builder::inline_asm: null input");
  outputs.insert(outputs.end(), inputs.begin(), inputs.end());
  Instruction* inst = module_.create_instruction(Opcode::InlineAsm, Type::void_(), std::move(outputs));
  inst->set_inline_asm(std::move(text), std::move(constraints), count);
  if (side_effects) inst->set_flags(Volatile);
  return insert(inst);
}

Instruction* Builder::phi(Type type) {
  return insert(module_.create_instruction(Opcode::Phi, type, {}));
}

Instruction* Builder::extract_element(Value* vec, Value* index_i32) {
  SIMTC_ASSERT(vec && index_i32, "Builder::extract_element: null operand");
  return insert(module_.create_instruction(Opcode::ExtractElement, vec->type().element(),
                                           {vec, index_i32}));
}

Instruction* Builder::insert_element(Value* vec, Value* scalar, Value* index_i32) {
  SIMTC_ASSERT(vec && scalar && index_i32, "Builder::insert_element: null operand");
  return insert(module_.create_instruction(Opcode::InsertElement, vec->type(),
                                           {vec, scalar, index_i32}));
}

Instruction* Builder::br(Block* target) {
  SIMTC_ASSERT(target, "Builder::br: null target");
  Instruction* inst = module_.create_instruction(Opcode::Br, Type::void_(), {});
  inst->blocks_ = {target};
  return insert(inst);
}

Instruction* Builder::cond_br(Value* cond, Block* if_true, Block* if_false) {
  SIMTC_ASSERT(cond && if_true && if_false, "Builder::cond_br: null operand or target");
  Instruction* inst = module_.create_instruction(Opcode::CondBr, Type::void_(), {cond});
  inst->blocks_ = {if_true, if_false};
  return insert(inst);
}

Instruction* Builder::switch_(Value* value, Block* default_block,
                              std::vector<std::pair<std::int64_t, Block*>> cases) {
  SIMTC_ASSERT(value && default_block, "Builder::switch_: null operand or default");
  Instruction* inst = module_.create_instruction(Opcode::Switch, Type::void_(), {value});
  inst->blocks_ = {default_block};
  // Case values are kept sign-extended from the switch type's width.
  unsigned width = value->type().element_bits();
  for (auto& [v, b] : cases) {
    SIMTC_ASSERT(b, "Builder::switch_: null case target");
    std::int64_t c = v;
    if (width > 0 && width < 64) {
      std::uint64_t mask = (std::uint64_t{1} << width) - 1, sign = std::uint64_t{1} << (width - 1);
      c = static_cast<std::int64_t>(((static_cast<std::uint64_t>(v) & mask) ^ sign) - sign);
    }
    inst->cases_.push_back(c);
    inst->blocks_.push_back(b);
  }
  return insert(inst);
}

Instruction* Builder::ret(Value* value) {
  std::vector<Value*> ops;
  if (value) ops.push_back(value);
  return insert(module_.create_instruction(Opcode::Ret, Type::void_(), std::move(ops)));
}

Instruction* Builder::unreachable() {
  return insert(module_.create_instruction(Opcode::Unreachable, Type::void_(), {}));
}

}  // namespace simtc::ir
