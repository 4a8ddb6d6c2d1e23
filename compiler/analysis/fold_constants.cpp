#include "analysis/fold_constants.hpp"

#include <optional>
#include <unordered_map>

namespace simtc::analysis {
namespace {

using ir::Instruction;
using ir::Opcode;
using ir::Value;

const ir::Constant* int_constant(const Value* v) {
  if (v->value_kind() != Value::ValueKind::Constant) return nullptr;
  auto* c = static_cast<const ir::Constant*>(v);
  return c->const_kind() == ir::Constant::ConstKind::Int && !c->type().is_vector() ? c : nullptr;
}

bool is_int(const Value* v, std::uint64_t bits) {
  const ir::Constant* c = int_constant(v);
  return c != nullptr && c->int_bits() == bits;
}

std::int64_t sext(std::uint64_t bits, unsigned width) {
  if (width >= 64) return static_cast<std::int64_t>(bits);
  const std::uint64_t sign = std::uint64_t{1} << (width - 1);
  bits &= (sign << 1) - 1;
  return static_cast<std::int64_t>((bits ^ sign) - sign);
}

// a op b on `width`-bit integers with the IR's semantics; false when `op` is not foldable.
bool fold_binary(Opcode op, std::uint64_t a, std::uint64_t b, unsigned width, std::uint64_t& out) {
  const std::uint64_t mask = width >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << width) - 1;
  const std::int64_t sa = sext(a, width), sb = sext(b, width);
  const std::int64_t smin = sext(std::uint64_t{1} << (width - 1), width);
  const unsigned shift = static_cast<unsigned>(b % width);
  switch (op) {
    case Opcode::Add: out = a + b; break;
    case Opcode::Sub: out = a - b; break;
    case Opcode::Mul: out = a * b; break;
    case Opcode::And: out = a & b; break;
    case Opcode::Or: out = a | b; break;
    case Opcode::Xor: out = a ^ b; break;
    case Opcode::Shl: out = a << shift; break;
    case Opcode::LShr: out = (a & mask) >> shift; break;
    case Opcode::AShr: out = static_cast<std::uint64_t>(sa >> shift); break;
    case Opcode::UDiv: out = b == 0 ? mask : (a & mask) / (b & mask); break;
    case Opcode::URem: out = b == 0 ? a : (a & mask) % (b & mask); break;
    case Opcode::SDiv:
      out = sb == 0 ? mask : (sa == smin && sb == -1) ? a : static_cast<std::uint64_t>(sa / sb);
      break;
    case Opcode::SRem:
      out = sb == 0 ? a : (sa == smin && sb == -1) ? 0 : static_cast<std::uint64_t>(sa % sb);
      break;
    default: return false;
  }
  out &= mask;
  return true;
}

bool fold_icmp(ir::CmpPred pred, std::uint64_t a, std::uint64_t b, unsigned width) {
  const std::int64_t sa = sext(a, width), sb = sext(b, width);
  switch (pred) {
    case ir::CmpPred::Eq: return a == b;
    case ir::CmpPred::Ne: return a != b;
    case ir::CmpPred::Slt: return sa < sb;
    case ir::CmpPred::Sle: return sa <= sb;
    case ir::CmpPred::Sgt: return sa > sb;
    case ir::CmpPred::Sge: return sa >= sb;
    case ir::CmpPred::Ult: return a < b;
    case ir::CmpPred::Ule: return a <= b;
    case ir::CmpPred::Ugt: return a > b;
    case ir::CmpPred::Uge: return a >= b;
    default: return false;
  }
}

// The thread's index in a dimension is below the block's extent in it: tid.d < ntid.d always
// holds, and so does tid.d < C when the contract's exact block has at most C threads in d.
// Compares of the two (either order, through zero-extensions) fold to what they always are.
int dimension_of(const Value* v, ir::IntrinsicId x, ir::IntrinsicId y, ir::IntrinsicId z) {
  if (v->value_kind() != Value::ValueKind::Instruction) return -1;
  const auto* i = static_cast<const Instruction*>(v);
  if (i->opcode() != Opcode::Intrinsic) return -1;
  return i->intrinsic_id() == x ? 0 : i->intrinsic_id() == y ? 1 : i->intrinsic_id() == z ? 2 : -1;
}
const Value* without_zext(const Value* v) {
  while (v->value_kind() == Value::ValueKind::Instruction && static_cast<const Instruction*>(v)->opcode() == Opcode::ZExt)
    v = static_cast<const Instruction*>(v)->operand(0);
  return v;
}
std::optional<bool> thread_index_bound(const ir::Function& fn, ir::CmpPred pred, const Value* x, const Value* y,
                                       const FoldOptions& options) {
  using I = ir::IntrinsicId;
  const Value* lhs = without_zext(x);
  const Value* rhs = without_zext(y);
  // Normalise to `tid <pred> bound`.
  if (dimension_of(lhs, I::TidX, I::TidY, I::TidZ) < 0) {
    std::swap(lhs, rhs);
    switch (pred) {
      case ir::CmpPred::Ugt: pred = ir::CmpPred::Ult; break;
      case ir::CmpPred::Ule: pred = ir::CmpPred::Uge; break;
      default: return std::nullopt;
    }
  }
  const int d = dimension_of(lhs, I::TidX, I::TidY, I::TidZ);
  if (d < 0 || (pred != ir::CmpPred::Ult && pred != ir::CmpPred::Uge)) return std::nullopt;
  bool below = dimension_of(rhs, I::NtidX, I::NtidY, I::NtidZ) == d;
  if (!below && options.use_launch_bounds && fn.launch_bounds().reqntid)
    if (const ir::Constant* c = int_constant(const_cast<Value*>(rhs)))
      below = c->int_bits() >= (*fn.launch_bounds().reqntid)[d];
  if (!below) return std::nullopt;
  return pred == ir::CmpPred::Ult;
}

// The folded value of `inst`, or null.
Value* fold(ir::Module& m, const ir::Function& fn, const Instruction* inst, const FoldOptions& options) {
  const Opcode op = inst->opcode();
  const ir::Type t = inst->type();
  if (op == Opcode::Intrinsic) {
    const auto& req = fn.launch_bounds().reqntid;
    const auto id = inst->intrinsic_id();
    if (id == ir::IntrinsicId::WarpSize) return m.get_int(t, 32);
    if (!options.use_launch_bounds || !req) return nullptr;
    switch (id) {
      case ir::IntrinsicId::NtidX: return m.get_int(t, (*req)[0]);
      case ir::IntrinsicId::NtidY: return m.get_int(t, (*req)[1]);
      case ir::IntrinsicId::NtidZ: return m.get_int(t, (*req)[2]);
      case ir::IntrinsicId::TidX: return (*req)[0] == 1 ? m.get_int(t, 0) : nullptr;
      case ir::IntrinsicId::TidY: return (*req)[1] == 1 ? m.get_int(t, 0) : nullptr;
      case ir::IntrinsicId::TidZ: return (*req)[2] == 1 ? m.get_int(t, 0) : nullptr;
      default: return nullptr;
    }
  }
  if (op == Opcode::Phi) {
    Value* only = nullptr;
    bool undef = false;
    for (Value* v : inst->operands()) {
      if (v == inst || v == only) continue;
      if (v->value_kind() == Value::ValueKind::Constant &&
          static_cast<const ir::Constant*>(v)->const_kind() == ir::Constant::ConstKind::Undef) {
        undef = true;
        continue;
      }
      if (only != nullptr) return nullptr;
      only = v;
    }
    // An undefined incoming value may be taken to be the other one, where that one is defined
    // on every path: an argument, a constant, or a value of the entry block (a lambda's
    // captures, stored once in the entry).
    if (only != nullptr && undef && only->value_kind() == Value::ValueKind::Instruction &&
        static_cast<const Instruction*>(only)->parent() != fn.entry())
      return nullptr;
    return only;
  }
  if (op == Opcode::Select) {
    if (const ir::Constant* c = int_constant(inst->operand(0))) return inst->operand(c->int_bits() ? 1 : 2);
    return inst->operand(1) == inst->operand(2) ? inst->operand(1) : nullptr;
  }
  if (t.is_vector() || inst->num_operands() == 0) return nullptr;
  const ir::Constant* a = int_constant(inst->operand(0));
  if (op == Opcode::ZExt || op == Opcode::SExt || op == Opcode::Trunc) {
    if (a == nullptr) return nullptr;
    const unsigned from = inst->operand(0)->type().element_bits();
    if (op == Opcode::SExt) return m.get_int(t, static_cast<std::uint64_t>(sext(a->int_bits(), from)));
    return m.get_int(t, a->int_bits());
  }
  if (inst->num_operands() != 2) return nullptr;
  Value* x = inst->operand(0);
  Value* y = inst->operand(1);
  const ir::Constant* b = int_constant(y);
  if (op == Opcode::ICmp) {
    if (a && b && !x->type().is_vector())
      return m.get_bool(fold_icmp(inst->cmp_pred(), a->int_bits(), b->int_bits(), x->type().element_bits()));
    if (auto known = thread_index_bound(fn, inst->cmp_pred(), x, y, options)) return m.get_bool(*known);
    return nullptr;
  }
  if (!ir::is_binary(op) || !t.is_int()) return nullptr;
  const unsigned width = t.element_bits();
  std::uint64_t out = 0;
  if (a && b && fold_binary(op, a->int_bits(), b->int_bits(), width, out)) return m.get_int(t, out);
  switch (op) {
    case Opcode::Add: case Opcode::Or: case Opcode::Xor:
      if (is_int(y, 0)) return x;
      if (is_int(x, 0)) return y;
      return nullptr;
    case Opcode::Sub: case Opcode::Shl: case Opcode::LShr: case Opcode::AShr:
      return is_int(y, 0) ? x : nullptr;
    case Opcode::Mul:
      if (is_int(y, 1)) return x;
      if (is_int(x, 1)) return y;
      if (is_int(y, 0) || is_int(x, 0)) return m.get_int(t, 0);
      return nullptr;
    case Opcode::And:
      if (is_int(y, 0) || is_int(x, 0)) return m.get_int(t, 0);
      return nullptr;
    case Opcode::UDiv: case Opcode::SDiv:
      return is_int(y, 1) ? x : nullptr;
    default: return nullptr;
  }
}

}  // namespace

bool fold_constants(ir::Module& module, ir::Function& fn, const FoldOptions& options) {
  bool any = false;
  for (bool changed = true; changed;) {
    changed = false;
    std::unordered_map<const Value*, Value*> replace;
    for (ir::Block* b : fn.blocks())
      for (Instruction* i : b->instructions())
        // Never map to a value replaced in this sweep: the replacements stay acyclic.
        if (Value* v = fold(module, fn, i, options); v != nullptr && v != i && !replace.count(v))
          replace[i] = v;
    if (replace.empty()) break;
    auto resolve = [&](Value* v) {
      for (auto it = replace.find(v); it != replace.end(); it = replace.find(v)) v = it->second;
      return v;
    };
    for (ir::Block* b : fn.blocks())
      for (Instruction* i : b->instructions())
        for (unsigned k = 0; k < i->num_operands(); ++k)
          if (replace.count(i->operand(k))) i->set_operand(k, resolve(i->operand(k)));
    for (ir::Block* b : fn.blocks())
      for (Instruction* i : std::vector<Instruction*>(b->instructions()))
        if (replace.count(i)) b->remove(i);
    changed = any = true;
  }
  return any;
}

}  // namespace simtc::analysis
