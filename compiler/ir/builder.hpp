// Creates instructions at an insertion point, checking each one's operand types as it is
// made: a mismatch is a bug in the caller, reported as an internal compiler error.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "ir/module.hpp"

namespace simtc::ir {

class Builder {
 public:
  explicit Builder(Module& module) : module_(module) {}

  Module& module() { return module_; }
  /// New instructions go to the end of `block` (before its terminator is an error: a block
  /// with a terminator is closed).
  void set_insert_point(Block* block) { block_ = block; before_ = nullptr; }
  /// New instructions go before `inst`, in its block.
  void set_insert_point_before(Instruction* inst);
  Block* insert_block() const { return block_; }
  /// The source location given to every instruction created from now on.
  void set_loc(SourceLoc loc) { loc_ = loc; }
  SourceLoc loc() const { return loc_; }
  /// Whether the instructions created from now on are Tier 2 code (Instruction::in_unsafe).
  void set_unsafe(bool unsafe) { unsafe_ = unsafe; }
  bool unsafe() const { return unsafe_; }

  // Constants (forwarded to the module).
  Constant* i1(bool v) { return module_.get_bool(v); }
  Constant* i32(std::uint32_t v) { return module_.get_int(Type::i32(), v); }
  Constant* i64(std::uint64_t v) { return module_.get_int(Type::i64(), v); }
  Constant* int_const(Type t, std::uint64_t bits) { return module_.get_int(t, bits); }
  Constant* float_const(Type t, double v) { return module_.get_float(t, v); }

  Instruction* binary(Opcode op, Value* lhs, Value* rhs, std::uint8_t flags = 0);
  Instruction* fneg(Value* v);
  Instruction* icmp(CmpPred pred, Value* lhs, Value* rhs);
  Instruction* fcmp(CmpPred pred, Value* lhs, Value* rhs);
  Instruction* cast(Opcode op, Value* v, Type to);
  Instruction* select(Value* cond, Value* if_true, Value* if_false);

  Instruction* alloca_(std::uint64_t size, unsigned align, const std::string& name = "");
  Instruction* load(Type type, Value* ptr, unsigned align, std::uint8_t flags = 0);
  Instruction* store(Value* value, Value* ptr, unsigned align, std::uint8_t flags = 0);
  Instruction* ptr_add(Value* ptr, Value* byte_offset_i64, std::uint8_t flags = 0);
  Instruction* memcpy_(Value* dst, Value* src, Value* bytes_i64, unsigned align);
  Instruction* memset_(Value* dst, Value* byte_i8, Value* bytes_i64, unsigned align);

  Instruction* call(Function* callee, std::vector<Value*> args);
  Instruction* intrinsic(IntrinsicId id, Type result, std::vector<Value*> args);
  /// inline_asm: `outputs` addresses its results are stored to, then its inputs.
  Instruction* inline_asm(std::string text, std::string constraints, bool side_effects,
                          std::vector<Value*> outputs, const std::vector<Value*>& inputs);

  /// A phi with no incoming edges yet; always inserted after the block's existing phis.
  Instruction* phi(Type type);

  Instruction* extract_element(Value* vec, Value* index_i32);
  Instruction* insert_element(Value* vec, Value* scalar, Value* index_i32);

  Instruction* br(Block* target);
  Instruction* cond_br(Value* cond, Block* if_true, Block* if_false);
  Instruction* switch_(Value* value, Block* default_block,
                       std::vector<std::pair<std::int64_t, Block*>> cases);
  Instruction* ret(Value* value = nullptr);
  Instruction* unreachable();

 private:
  Instruction* insert(Instruction* inst);

  Module& module_;
  Block* block_ = nullptr;
  Instruction* before_ = nullptr;
  SourceLoc loc_;
  bool unsafe_ = false;
};

}  // namespace simtc::ir
