// The opcode table and the per-opcode operand rules shared by the Builder and the verifier.
#include <algorithm>
#include <set>

#include "ir/function.hpp"
#include "ir/instruction.hpp"
#include "support/ice.hpp"

namespace simtc::ir {
namespace {

constexpr const char* kOpcodeNames[] = {
    "add", "sub", "mul", "sdiv", "udiv", "srem", "urem", "shl", "lshr", "ashr", "and", "or",
    "xor", "fadd", "fsub", "fmul", "fdiv", "frem", "fneg", "icmp", "fcmp", "trunc", "zext",
    "sext", "fptrunc", "fpext", "fptosi", "fptoui", "sitofp", "uitofp", "bitcast",
    "addrspacecast", "ptrtoint", "inttoptr", "select", "alloca", "load", "store", "ptr_add",
    "memcpy", "memset", "call", "intrinsic", "phi", "extract_element", "insert_element", "inline_asm", "br",
    "cond_br", "switch", "ret", "unreachable",
};
static_assert(sizeof(kOpcodeNames) / sizeof(kOpcodeNames[0]) ==
              static_cast<std::size_t>(Opcode::Unreachable) + 1);

constexpr const char* kPredNames[] = {
    "eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge", "oeq", "one",
    "olt", "ole", "ogt", "oge", "ord", "ueq", "une", "ult", "ule", "ugt", "uge", "uno",
};

bool is_float_binary(Opcode op) { return op >= Opcode::FAdd && op <= Opcode::FRem; }

std::uint8_t allowed_flags(Opcode op) {
  switch (op) {
    case Opcode::Add: case Opcode::Sub: case Opcode::Mul: case Opcode::Shl:
      return NoSignedWrap | NoUnsignedWrap;
    case Opcode::UDiv: case Opcode::SDiv: case Opcode::LShr: case Opcode::AShr: return Exact;
    case Opcode::PtrAdd: return InBounds;
    case Opcode::Load: case Opcode::Store: case Opcode::InlineAsm: return Volatile;
    default: return 0;
  }
}

const char* flag_name(std::uint8_t flag) {
  switch (flag) {
    case NoSignedWrap: return "nsw";
    case NoUnsignedWrap: return "nuw";
    case Exact: return "exact";
    case InBounds: return "inbounds";
    case Volatile: return "volatile";
    default: return "<unknown flag>";
  }
}

std::string q(Opcode op) { return std::string("'") + opcode_name(op) + "'"; }
std::string ts(Type t) { return t.str(); }

// The i1 (or vector of i1) a comparison of `operand` values yields.
Type bool_like(Type operand) {
  return operand.is_vector() ? Type::vec(Type::i1(), operand.lanes()) : Type::i1();
}

std::string check_cast(Opcode op, Type from, Type to) {
  bool same_lanes = from.lanes() == to.lanes();
  unsigned fb = from.element_bits(), tb = to.element_bits();
  bool ok = false;
  switch (op) {
    case Opcode::Trunc: ok = from.is_int() && to.is_int() && same_lanes && fb > tb; break;
    case Opcode::ZExt:
    case Opcode::SExt: ok = from.is_int() && to.is_int() && same_lanes && fb < tb; break;
    case Opcode::FPTrunc: ok = from.is_float() && to.is_float() && same_lanes && fb > tb; break;
    case Opcode::FPExt: ok = from.is_float() && to.is_float() && same_lanes && fb < tb; break;
    case Opcode::FPToSI:
    case Opcode::FPToUI: ok = from.is_float() && to.is_int() && same_lanes; break;
    case Opcode::SIToFP:
    case Opcode::UIToFP: ok = from.is_int() && to.is_float() && same_lanes; break;
    case Opcode::Bitcast:
      ok = !from.is_ptr() && !to.is_ptr() && !from.is_void() && !to.is_void() &&
           fb * from.lanes() == tb * to.lanes();
      break;
    case Opcode::AddrSpaceCast:
      ok = from.is_ptr() && to.is_ptr() && from.addr_space() != to.addr_space();
      break;
    case Opcode::PtrToInt: ok = from.is_ptr() && to.is_int() && !to.is_vector(); break;
    case Opcode::IntToPtr: ok = from.is_int() && !from.is_vector() && to.is_ptr(); break;
    default: break;
  }
  if (ok) return "";
  return "invalid " + q(op) + " from " + ts(from) + " to " + ts(to);
}

unsigned expected_operands(const Instruction& in, bool& exact) {
  exact = true;
  switch (in.opcode()) {
    case Opcode::FNeg: case Opcode::Load: case Opcode::CondBr: case Opcode::Switch: return 1;
    case Opcode::ICmp: case Opcode::FCmp: case Opcode::Store: case Opcode::PtrAdd:
    case Opcode::ExtractElement: return 2;
    case Opcode::Select: case Opcode::MemCopy: case Opcode::MemSet:
    case Opcode::InsertElement: return 3;
    case Opcode::Alloca: case Opcode::Br: case Opcode::Unreachable: return 0;
    case Opcode::Call: case Opcode::Intrinsic: case Opcode::Phi: case Opcode::Ret:
    case Opcode::InlineAsm:
      exact = false;
      return 0;
    default:
      if (is_binary(in.opcode())) return 2;
      return 1;  // casts
  }
}

std::string check_blocks(const Instruction& in) {
  std::size_t want = 0;
  switch (in.opcode()) {
    case Opcode::Br: want = 1; break;
    case Opcode::CondBr: want = 2; break;
    case Opcode::Switch: want = 1 + in.case_values().size(); break;
    case Opcode::Phi: want = in.num_operands(); break;
    default: break;
  }
  if (in.opcode() == Opcode::Phi && in.blocks().size() != want)
    return "phi has " + std::to_string(want) + " incoming values but " +
           std::to_string(in.blocks().size()) + " incoming blocks";
  if (in.opcode() == Opcode::Switch && in.blocks().size() != want)
    return "'switch' has " + std::to_string(in.case_values().size()) + " case values but " +
           std::to_string(in.blocks().empty() ? 0 : in.blocks().size() - 1) + " case blocks";
  if (in.blocks().size() != want)
    return q(in.opcode()) + " expects " + std::to_string(want) + " successor blocks, got " +
           std::to_string(in.blocks().size());
  for (std::size_t i = 0; i < in.blocks().size(); ++i)
    if (!in.blocks()[i]) return "block " + std::to_string(i) + " of " + q(in.opcode()) + " is null";
  return "";
}

bool pow2(unsigned a) { return a != 0 && (a & (a - 1)) == 0; }

std::string check_types(const Instruction& in);

}  // namespace

const char* opcode_name(Opcode op) {
  auto i = static_cast<std::size_t>(op);
  return i < std::size(kOpcodeNames) ? kOpcodeNames[i] : "<bad opcode>";
}
const char* cmp_pred_name(CmpPred pred) {
  auto i = static_cast<std::size_t>(pred);
  return i < std::size(kPredNames) ? kPredNames[i] : "<bad predicate>";
}
bool is_terminator(Opcode op) { return op >= Opcode::Br; }
bool is_binary(Opcode op) { return op <= Opcode::FRem; }
bool is_cast(Opcode op) { return op >= Opcode::Trunc && op <= Opcode::IntToPtr; }
bool has_result(Opcode op) {
  return !is_terminator(op) && op != Opcode::Store && op != Opcode::MemCopy &&
         op != Opcode::MemSet && op != Opcode::InlineAsm;
}
bool is_int_pred(CmpPred pred) { return pred <= CmpPred::Uge; }

Instruction::Instruction(Opcode op, Type type, std::vector<Value*> operands)
    : Value(ValueKind::Instruction, type), op_(op), operands_(std::move(operands)) {}

void Instruction::add_incoming(Value* v, Block* from) {
  SIMTC_ASSERT(op_ == Opcode::Phi, "add_incoming on a non-phi");
  operands_.push_back(v);
  blocks_.push_back(from);
}

void Instruction::remove_incoming(unsigned i) {
  SIMTC_ASSERT(op_ == Opcode::Phi, "remove_incoming on a non-phi");
  SIMTC_ASSERT(i < operands_.size() && i < blocks_.size(), "remove_incoming: no such edge");
  operands_.erase(operands_.begin() + i);
  blocks_.erase(blocks_.begin() + i);
}

std::string check_instruction(const Instruction& in) {
  const Opcode op = in.opcode();
  bool exact = true;
  unsigned want = expected_operands(in, exact);
  if (exact && in.num_operands() != want)
    return q(op) + " expects " + std::to_string(want) + " operands, got " +
           std::to_string(in.num_operands());
  if (op == Opcode::Ret && in.num_operands() > 1)
    return "'ret' expects at most 1 operand, got " + std::to_string(in.num_operands());
  for (unsigned i = 0; i < in.num_operands(); ++i)
    if (!in.operand(i)) return "operand " + std::to_string(i) + " of " + q(op) + " is null";
  if (std::string e = check_blocks(in); !e.empty()) return e;
  if (std::uint8_t bad = in.flags() & ~allowed_flags(op)) {
    for (std::uint8_t f = 1; f != 0; f = static_cast<std::uint8_t>(f << 1))
      if (bad & f) return std::string("flag '") + flag_name(f) + "' is not allowed on " + q(op);
  }
  if (in.loop_unroll() != kUnrollNone && op != Opcode::Br && op != Opcode::CondBr)
    return "a loop unrolling hint is only allowed on 'br' and 'cond_br', not on " + q(op);
  switch (op) {
    case Opcode::Alloca: case Opcode::Load: case Opcode::Store: case Opcode::MemCopy:
    case Opcode::MemSet:
      if (!pow2(in.align()))
        return "alignment " + std::to_string(in.align()) + " of " + q(op) +
               " is not a power of two";
      break;
    default: break;
  }
  bool void_ok = !has_result(op) || op == Opcode::Call || op == Opcode::Intrinsic;
  if (!has_result(op) && !in.type().is_void())
    return q(op) + " must have type void, not " + ts(in.type());
  if (!void_ok && in.type().is_void()) return q(op) + " must not have type void";
  return check_types(in);
}

namespace {

std::string mismatch(Type got, Type want, Opcode op) {
  return "operand type " + ts(got) + " does not match " + ts(want) + " in " + q(op);
}

std::string check_types(const Instruction& in) {
  const Opcode op = in.opcode();
  const Type t = in.type();
  auto ot = [&](unsigned i) { return in.operand(i)->type(); };
  if (is_binary(op)) {
    bool fl = is_float_binary(op);
    if (fl && !t.is_float()) return q(op) + " needs float operands, not " + ts(t);
    if (!fl && !t.is_int()) return q(op) + " needs integer operands, not " + ts(t);
    for (unsigned i = 0; i < 2; ++i)
      if (ot(i) != t) return mismatch(ot(i), t, op);
    return "";
  }
  if (is_cast(op)) return check_cast(op, ot(0), t);
  switch (op) {
    case Opcode::FNeg:
      if (!t.is_float()) return "'fneg' needs a float operand, not " + ts(t);
      return ot(0) != t ? mismatch(ot(0), t, op) : "";
    case Opcode::ICmp:
    case Opcode::FCmp: {
      Type a = ot(0);
      if (ot(1) != a) return "operand types " + ts(a) + " and " + ts(ot(1)) + " differ in " + q(op);
      if (op == Opcode::ICmp && !a.is_int() && !(a.is_ptr() && !a.is_vector()))
        return "'icmp' needs integer or pointer operands, not " + ts(a);
      if (op == Opcode::FCmp && !a.is_float()) return "'fcmp' needs float operands, not " + ts(a);
      if (op == Opcode::ICmp && !is_int_pred(in.cmp_pred()))
        return std::string("predicate '") + cmp_pred_name(in.cmp_pred()) +
               "' is not an integer predicate";
      if (op == Opcode::FCmp && is_int_pred(in.cmp_pred()))
        return std::string("predicate '") + cmp_pred_name(in.cmp_pred()) +
               "' is not a float predicate";
      if (t != bool_like(a)) return q(op) + " returns " + ts(bool_like(a)) + ", not " + ts(t);
      return "";
    }
    case Opcode::Select: {
      Type c = ot(0);
      if (c != Type::i1() && !(t.is_vector() && c == bool_like(t)))
        return "'select' condition must be i1, not " + ts(c);
      for (unsigned i = 1; i < 3; ++i)
        if (ot(i) != t) return mismatch(ot(i), t, op);
      return "";
    }
    case Opcode::Alloca:
      if (t != Type::ptr()) return "'alloca' returns ptr, not " + ts(t);
      if (in.alloca_size() == 0) return "'alloca' of 0 bytes";
      return "";
    case Opcode::Load:
      if (!ot(0).is_ptr() || ot(0).is_vector())
        return "'load' needs a pointer operand, not " + ts(ot(0));
      return "";
    case Opcode::Store:
      if (ot(0).is_void()) return "'store' of void";
      if (!ot(1).is_ptr() || ot(1).is_vector())
        return "'store' needs a pointer operand, not " + ts(ot(1));
      return "";
    case Opcode::PtrAdd:
      if (!ot(0).is_ptr() || ot(0).is_vector())
        return "'ptr_add' needs a pointer operand, not " + ts(ot(0));
      if (ot(1) != Type::i64()) return "'ptr_add' offset must be i64, not " + ts(ot(1));
      if (t != ot(0))
        return "'ptr_add' returns " + ts(ot(0)) + " (its pointer's type), not " + ts(t);
      return "";
    case Opcode::MemCopy:
    case Opcode::MemSet:
      if (!ot(0).is_ptr() || ot(0).is_vector())
        return q(op) + " destination must be a pointer, not " + ts(ot(0));
      if (op == Opcode::MemCopy && (!ot(1).is_ptr() || ot(1).is_vector()))
        return "'memcpy' source must be a pointer, not " + ts(ot(1));
      if (op == Opcode::MemSet && ot(1) != Type::i8())
        return "'memset' value must be i8, not " + ts(ot(1));
      if (ot(2) != Type::i64()) return q(op) + " byte count must be i64, not " + ts(ot(2));
      return "";
    case Opcode::Call: {
      const Function* f = in.callee();
      if (!f) return "'call' without a callee";
      std::string who = "call to @" + f->name();
      if (in.num_operands() != f->params().size())
        return who + " passes " + std::to_string(in.num_operands()) + " arguments, expected " +
               std::to_string(f->params().size());
      for (unsigned i = 0; i < in.num_operands(); ++i)
        if (ot(i) != f->param(i)->type())
          return "argument " + std::to_string(i) + " of " + who + " has type " + ts(ot(i)) +
                 ", expected " + ts(f->param(i)->type());
      if (t != f->return_type())
        return who + " returns " + ts(f->return_type()) + ", not " + ts(t);
      return "";
    }
    case Opcode::Intrinsic: {
      std::vector<Type> types;
      for (Value* v : in.operands()) types.push_back(v->type());
      return check_intrinsic_signature(in.intrinsic_id(), t, types);
    }
    case Opcode::Phi:
      for (Value* v : in.operands())
        if (v->type() != t) return mismatch(v->type(), t, op);
      return "";
    case Opcode::InlineAsm:
      if (!t.is_void()) return "'inline_asm' returns void, not " + ts(t);
      if (in.asm_outputs() > in.num_operands())
        return "'inline_asm' has " + std::to_string(in.asm_outputs()) + " outputs but " +
               std::to_string(in.num_operands()) + " operands";
      for (unsigned i = 0; i < in.asm_outputs(); ++i)
        if (!ot(i).is_ptr()) return "output " + std::to_string(i) + " of 'inline_asm' must be an address, not " + ts(ot(i));
      return "";
    case Opcode::ExtractElement:
    case Opcode::InsertElement: {
      Type v = ot(0);
      unsigned idx = op == Opcode::ExtractElement ? 1 : 2;
      if (!v.is_vector()) return q(op) + " needs a vector operand, not " + ts(v);
      if (ot(idx) != Type::i32()) return q(op) + " index must be i32, not " + ts(ot(idx));
      if (op == Opcode::ExtractElement && t != v.element())
        return "result type " + ts(t) + " does not match the element type " + ts(v.element()) +
               " in 'extract_element'";
      if (op == Opcode::InsertElement && v != t) return mismatch(v, t, op);
      if (op == Opcode::InsertElement && ot(1) != v.element())
        return "scalar type " + ts(ot(1)) + " does not match the element type " +
               ts(v.element()) + " in 'insert_element'";
      auto* c = dynamic_cast<const Constant*>(in.operand(idx));
      if (c && c->const_kind() == Constant::ConstKind::Int && c->int_bits() >= v.lanes())
        return "index " + std::to_string(c->int_bits()) + " is out of range for " + ts(v);
      return "";
    }
    case Opcode::CondBr:
      if (ot(0) != Type::i1()) return "'cond_br' condition must be i1, not " + ts(ot(0));
      return "";
    case Opcode::Switch: {
      if (!ot(0).is_int() || ot(0).is_vector())
        return "'switch' needs an integer operand, not " + ts(ot(0));
      std::set<std::int64_t> seen;
      for (std::int64_t c : in.case_values())
        if (!seen.insert(c).second)
          return "duplicate case value " + std::to_string(c) + " in 'switch'";
      return "";
    }
    case Opcode::Ret: {
      const Function* f = in.parent() ? in.parent()->parent() : nullptr;
      if (!f) return "";
      Type rt = f->return_type();
      if (rt.is_void() && in.num_operands() == 1)
        return "'ret' with a value in a function returning void";
      if (!rt.is_void() && in.num_operands() == 0)
        return "'ret' without a value in a function returning " + ts(rt);
      if (in.num_operands() == 1 && ot(0) != rt)
        return "return type " + ts(ot(0)) + " does not match the function's return type " +
               ts(rt);
      return "";
    }
    default: return "";
  }
}

}  // namespace
}  // namespace simtc::ir
