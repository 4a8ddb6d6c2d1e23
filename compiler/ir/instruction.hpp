// Instructions of the simt IR. One class with an opcode, as LLVM's MachineInstr or
// SPIR-V's instructions: the IR has ~50 opcodes whose differences are their operand rules,
// kept in one table (opcode.cpp) that the builder, verifier, printer and parser share.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "ir/intrinsics.hpp"
#include "ir/value.hpp"

namespace simtc::ir {

class Block;
class Function;

enum class Opcode : std::uint8_t {
  // Binary arithmetic: two operands of the result type (integer, float, or vectors of them).
  Add, Sub, Mul, SDiv, UDiv, SRem, URem, Shl, LShr, AShr, And, Or, Xor,
  FAdd, FSub, FMul, FDiv, FRem,
  // Unary.
  FNeg,
  // Comparisons: two operands of one type, an i1 result; predicate in cmp_pred().
  ICmp, FCmp,
  // Conversions: one operand, the result type is the target.
  Trunc, ZExt, SExt, FPTrunc, FPExt, FPToSI, FPToUI, SIToFP, UIToFP, Bitcast, AddrSpaceCast,
  PtrToInt, IntToPtr,
  // select c, a, b: c is i1, a and b of the result type.
  Select,
  // Memory. alloca: a private, uninitialised stack slot of alloca_size() bytes aligned to
  // align(); the result is a generic pointer. load/store carry align(). ptr_add adds a
  // signed i64 byte offset to a pointer (result: the pointer's type). memcpy/memset take
  // an i64 byte count and an alignment that holds for both pointers.
  Alloca, Load, Store, PtrAdd, MemCopy, MemSet,
  // Calls: call to a function of the module (callee()), intrinsic (intrinsic_id()).
  Call, Intrinsic,
  // SSA join: one incoming value per predecessor block (incoming_blocks()).
  Phi,
  // Vectors: extract_element v, i32 index / insert_element v, scalar, i32 index.
  ExtractElement, InsertElement,
  // Inline PTX from a [[simt::unsafe]] block: asm_text() with LLVM's operand syntax ($0, $$),
  // asm_constraints() in LLVM's syntax, Volatile when it has side effects. The first
  // asm_outputs() operands are the addresses its outputs are stored to, the rest its inputs;
  // the result is void.
  InlineAsm,
  // Terminators.
  Br, CondBr, Switch, Ret, Unreachable,
};

/// Integer and float comparison predicates (LLVM's spelling). Float predicates starting
/// with 'o' are false when either operand is NaN; those starting with 'u' are true.
enum class CmpPred : std::uint8_t {
  Eq, Ne, Slt, Sle, Sgt, Sge, Ult, Ule, Ugt, Uge,
  Oeq, One, Olt, Ole, Ogt, Oge, Ord, Ueq, Une, Ult_f, Ule_f, Ugt_f, Uge_f, Uno,
};

/// Flag bits on an instruction.
enum InstFlags : std::uint8_t {
  NoSignedWrap = 1,    // add/sub/mul/shl: signed overflow is undefined (never set by irgen)
  NoUnsignedWrap = 2,  // add/sub/mul/shl: unsigned overflow is undefined
  Exact = 4,           // udiv/sdiv/lshr/ashr: no remainder is discarded
  InBounds = 8,        // ptr_add: the result stays within the object the pointer points into
  Volatile = 16,       // load/store/inline_asm: must not be removed, merged or reordered with others
};

/// Loop unrolling hint on a loop's back-edge branch (br or cond_br), from `#pragma unroll`:
/// printed `br for.cond, unroll(4)`. Values other than these three are an unroll count >= 2.
inline constexpr std::uint32_t kUnrollNone = 0;          // no hint
inline constexpr std::uint32_t kUnrollDisable = 1;       // unroll(disable): keep the loop
inline constexpr std::uint32_t kUnrollFull = 0xffffffff; // unroll(full): when the trip count is known

const char* opcode_name(Opcode op);        // "add", "icmp", "cond_br", ...
const char* cmp_pred_name(CmpPred pred);   // "slt", "olt", "ult" (float: also "ult"), ...
bool is_terminator(Opcode op);
bool is_binary(Opcode op);
bool is_cast(Opcode op);
bool has_result(Opcode op);                // false for store, memcpy, memset, terminators
bool is_int_pred(CmpPred pred);            // eq..uge (icmp); the others are fcmp's

class Instruction final : public Value {
 public:
  Opcode opcode() const { return op_; }
  Block* parent() const { return parent_; }
  SourceLoc loc() const { return loc_; }
  void set_loc(SourceLoc loc) { loc_ = loc; }
  std::uint8_t flags() const { return flags_; }
  void set_flags(std::uint8_t flags) { flags_ = flags; }
  /// The instruction was lowered from Tier 2 code: inside a `[[simt::unsafe]]` block or the
  /// body of a SIMT_REQUIRES_UNSAFE function. The analysis rules leave such code to the
  /// programmer. Not part of the text form.
  bool in_unsafe() const { return in_unsafe_; }
  void set_in_unsafe(bool value) { in_unsafe_ = value; }

  std::span<Value* const> operands() const { return operands_; }
  Value* operand(unsigned i) const { return operands_.at(i); }
  unsigned num_operands() const { return static_cast<unsigned>(operands_.size()); }
  void set_operand(unsigned i, Value* v) { operands_.at(i) = v; }

  /// Successors of a terminator (br: 1; cond_br: [then, else]; switch: [default, cases...]),
  /// or the incoming blocks of a phi (parallel to operands()).
  std::span<Block* const> blocks() const { return blocks_; }
  void set_block(unsigned i, Block* b) { blocks_.at(i) = b; }

  // Per-opcode data.
  CmpPred cmp_pred() const { return pred_; }                  // icmp, fcmp
  IntrinsicId intrinsic_id() const { return intrinsic_; }     // intrinsic
  Function* callee() const { return callee_; }                // call
  unsigned align() const { return align_; }                   // alloca, load, store, memcpy, memset
  std::uint64_t alloca_size() const { return imm_; }          // alloca
  Type load_type() const { return type(); }                   // load: the loaded type
  std::span<const std::int64_t> case_values() const { return cases_; }  // switch: per case
  std::uint32_t loop_unroll() const { return unroll_; }       // br, cond_br: kUnroll* or a count
  const std::string& asm_text() const { return asm_text_; }               // inline_asm
  const std::string& asm_constraints() const { return asm_constraints_; } // inline_asm
  unsigned asm_outputs() const { return static_cast<unsigned>(imm_); }    // inline_asm
  void set_loop_unroll(std::uint32_t hint) { unroll_ = hint; }
  bool is_terminator() const { return ir::is_terminator(op_); }

  /// Adds an incoming edge to a phi.
  void add_incoming(Value* v, Block* from);
  /// Removes the i-th incoming edge of a phi (operand and block together).
  void remove_incoming(unsigned i);

  // Raw setters for the parser, passes and tests that build IR without the Builder (which
  // checks types; these do not: run the verifier afterwards).
  void set_cmp_pred(CmpPred pred) { pred_ = pred; }
  void set_intrinsic_id(IntrinsicId id) { intrinsic_ = id; }
  void set_callee(Function* callee) { callee_ = callee; }
  void set_align(unsigned align) { align_ = align; }
  void set_alloca_size(std::uint64_t size) { imm_ = size; }
  void set_blocks(std::vector<Block*> blocks) { blocks_ = std::move(blocks); }
  void set_case_values(std::vector<std::int64_t> cases) { cases_ = std::move(cases); }
  void set_inline_asm(std::string text, std::string constraints, unsigned outputs) {
    asm_text_ = std::move(text);
    asm_constraints_ = std::move(constraints);
    imm_ = outputs;
  }

  // Construction is through Builder (or Module::create_instruction for the parser).
  Instruction(Opcode op, Type type, std::vector<Value*> operands);

 private:
  friend class Builder;
  friend class Module;
  friend class Block;

  Opcode op_;
  std::uint8_t flags_ = 0;
  bool in_unsafe_ = false;
  CmpPred pred_ = CmpPred::Eq;
  IntrinsicId intrinsic_{};
  unsigned align_ = 0;
  std::uint32_t unroll_ = kUnrollNone;
  std::uint64_t imm_ = 0;
  Block* parent_ = nullptr;
  Function* callee_ = nullptr;
  SourceLoc loc_;
  std::vector<Value*> operands_;
  std::vector<Block*> blocks_;
  std::vector<std::int64_t> cases_;
  std::string asm_text_, asm_constraints_;
};

/// What is wrong with `inst`'s operand count, operand types, result type, flags or per-opcode
/// data (the rules above), or "" when nothing is. The Builder turns a non-empty answer into an
/// internal error; the verifier reports it. `ret` is checked against its function's return
/// type when the instruction is in a block.
std::string check_instruction(const Instruction& inst);

}  // namespace simtc::ir
