// The builder of the symbolic view (symbolic.hpp), shared by its two halves: the terms of
// values (symbolic_terms.cpp) and the accesses with their guards (symbolic_accesses.cpp).
#pragma once

#include <functional>
#include <map>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "analysis/symbolic.hpp"

namespace simtc::analysis {
namespace symbolic_detail {

// The memory an address points into: a shared variable or a writable buffer argument, with the
// byte offset from its start.
using Roots = std::vector<std::pair<const ir::Value*, const Term*>>;

inline const ir::Instruction* as_inst(const ir::Value* v) {
  return v->value_kind() == ir::Value::ValueKind::Instruction ? static_cast<const ir::Instruction*>(v) : nullptr;
}
// A pointer into an alloca: the function's own local.
inline bool is_local(const ir::Value* p) {
  for (const ir::Instruction* i = as_inst(p); i != nullptr; i = as_inst(i->operand(0))) {
    if (i->opcode() == ir::Opcode::Alloca) return true;
    if (i->opcode() != ir::Opcode::PtrAdd && i->opcode() != ir::Opcode::AddrSpaceCast &&
        i->opcode() != ir::Opcode::Bitcast)
      return false;
  }
  return false;
}

inline bool is_undef(const ir::Value* v) {
  return v->value_kind() == ir::Value::ValueKind::Constant &&
         static_cast<const ir::Constant*>(v)->const_kind() == ir::Constant::ConstKind::Undef;
}

inline bool is_async_copy(ir::IntrinsicId id) {
  using ir::IntrinsicId;
  return id == IntrinsicId::AsyncCopy4 || id == IntrinsicId::AsyncCopy8 || id == IntrinsicId::AsyncCopy16 ||
         id == IntrinsicId::AsyncCopy16Cg;
}

inline bool is_leaf(const Term* t, Term::Kind kind, unsigned dim) {
  t = strip_zext(t);
  return t->kind == kind && t->value == dim;
}

// `t` is op(x, y) in either order with match_x(x) and match_y(y).
template <class X, class Y>
inline bool commutes(const Term* t, ir::Opcode op, X match_x, Y match_y) {
  if (t->kind != Term::Kind::Binary || t->op != op) return false;
  return (match_x(t->ops[0]) && match_y(t->ops[1])) || (match_x(t->ops[1]) && match_y(t->ops[0]));
}

}  // namespace symbolic_detail

// Only the builder's own files include this header.
using namespace symbolic_detail;

// Builds the terms (hash-consed) and the accesses of one function.
class SymbolicBuilder {
 public:
  SymbolicBuilder(SymbolicInfo& info, const UniformityInfo& uniformity, const SymbolicOptions& options)
      : info_(info), u_(uniformity), buffers_(options.buffers.begin(), options.buffers.end()),
        from_owner_(options.from_owner) {}

  const Term* make(Term t) {
    Key key{static_cast<int>(t.kind), t.width, t.value, static_cast<int>(t.op), static_cast<int>(t.pred),
            t.per_thread, t.source, t.scope, t.ops};
    auto it = unique_.find(key);
    if (it != unique_.end()) return it->second;
    t.id = static_cast<unsigned>(info_.arena_.size());
    info_.arena_.push_back(std::move(t));
    const Term* made = &info_.arena_.back();
    unique_.emplace(std::move(key), made);
    return made;
  }
  const Term* constant(std::uint64_t bits, unsigned width) {
    Term t;
    t.kind = Term::Kind::Const;
    t.width = width;
    t.value = width >= 64 ? bits : bits & ((std::uint64_t{1} << width) - 1);
    return make(std::move(t));
  }
  const Term* binary(ir::Opcode op, const Term* a, const Term* b) {
    Term t;
    t.kind = Term::Kind::Binary;
    t.width = a->width;
    t.op = op;
    t.ops = {a, b};
    return make(std::move(t));
  }
  const Term* select(const Term* c, const Term* a, const Term* b) {
    Term t;
    t.kind = Term::Kind::Select;
    t.width = a->width;
    t.ops = {c, a, b};
    return make(std::move(t));
  }
  const Term* leaf(Term::Kind kind, unsigned width, std::uint64_t value = 0) {
    Term t;
    t.kind = kind;
    t.width = width;
    t.value = value;
    return make(std::move(t));
  }
  const Term* symbol(const ir::Value* v, unsigned width) {
    Term t;
    t.kind = Term::Kind::Symbol;
    t.width = width;
    t.source = v;
    t.per_thread = u_.value(v) != Uniformity::Block;
    if (auto* inst = as_inst(v)) t.scope = info_.loops_->innermost(inst->parent());
    return make(std::move(t));
  }
  const Term* loop_count(const ir::Block* header, unsigned width) {
    Term t;
    t.kind = Term::Kind::LoopCount;
    t.width = width;
    t.scope = header;
    const Term* made = make(std::move(t));
    info_.loop_counts_.emplace(header, made);
    return made;
  }
  /// Zero-extends or truncates to 64 bits.
  const Term* to64(const Term* t) {
    if (t->width == 64) return t;
    Term c;
    c.kind = Term::Kind::Cast;
    c.width = 64;
    c.op = ir::Opcode::ZExt;
    c.ops = {t};
    return make(std::move(c));
  }

  static unsigned int_width(const ir::Value* v) {
    ir::Type t = v->type();
    if (!t.is_int() || t.is_vector()) return 0;
    return t.element_bits();
  }

  const Term* term(const ir::Value* v);
  /// The launch contract's requirements as guards of every access (symbolic_accesses.cpp).
  void add_contract_facts(const ir::Function& fn);
  void resolve(const ir::Value* ptr, Roots& out);
  void add_accesses(const ir::Instruction* inst, const SymbolicOptions& options);
  // All of `root` (a shared variable or buffer) read, and written when `write`, by `inst`,
  // whose offsets are unknown: a recursive call or inline assembly.
  void add_opaque(const ir::Instruction* inst, const ir::Value* root, bool write, const SymbolicOptions& options);

 private:
  // A header phi `phi [init, phi + step]` with a loop-invariant step: the loop, init and step.
  struct Induction {
    const ir::Block* header = nullptr;
    const ir::Value* init = nullptr;
    const ir::Value* step = nullptr;
    bool subtract = false;
  };
  bool induction(const ir::Instruction* phi, Induction& out) const;
  // The header's branch tests `phi < bound` (unsigned, bound defined outside the loop) and
  // stays in the loop when it holds: a LoopBound.
  void note_loop_bound(const ir::Instruction* phi, const ir::Block* header, const Term* init, const Term* step,
                       const Term* count) {
    const ir::Instruction* br = header->terminator();
    if (br == nullptr || br->opcode() != ir::Opcode::CondBr) return;
    const ir::Instruction* cmp = as_inst(br->operand(0));
    if (cmp == nullptr || cmp->opcode() != ir::Opcode::ICmp || cmp->operand(0) != phi ||
        cmp->cmp_pred() != ir::CmpPred::Ult || !info_.loops_->contains(header, br->blocks()[0]) ||
        info_.loops_->contains(header, br->blocks()[1]) || !invariant(cmp->operand(1), header))
      return;
    if (const Term* bound = term(cmp->operand(1))) info_.loop_bounds_.push_back({header, init, step, count, bound});
  }
  // A header phi `phi [init, phi >> c]` (or phi / c, c a nonzero constant): never above init.
  const ir::Value* shrinking(const ir::Instruction* phi) const {
    const ir::Block* header = phi->parent();
    if (!info_.loops_->contains(header, header)) return nullptr;
    const ir::Value* init = nullptr;
    for (unsigned i = 0; i < phi->num_operands(); ++i) {
      const ir::Value* in = phi->operand(i);
      if (!info_.loops_->contains(header, phi->blocks()[i])) {
        if ((init != nullptr && init != in) || is_undef(in)) return nullptr;
        init = in;
        continue;
      }
      const ir::Instruction* next = as_inst(in);
      if (next == nullptr || (next->opcode() != ir::Opcode::LShr && next->opcode() != ir::Opcode::UDiv) ||
          next->operand(0) != phi || next->operand(1)->value_kind() != ir::Value::ValueKind::Constant)
        return nullptr;
      auto* c = static_cast<const ir::Constant*>(next->operand(1));
      if (c->const_kind() != ir::Constant::ConstKind::Int || c->int_bits() == 0) return nullptr;
    }
    return init;
  }
  // The same in every iteration of the loop: defined outside it, or computed inside it from such
  // values by arithmetic and pure intrinsics (a `blockDim.x` read in the loop's step).
  bool invariant(const ir::Value* v, const ir::Block* header, unsigned depth = 0) const {
    auto* inst = as_inst(v);
    if (inst == nullptr || !info_.loops_->contains(header, inst->parent())) return true;
    if (depth > 8) return false;
    const ir::Opcode op = inst->opcode();
    const bool pure = ir::is_binary(op) || op == ir::Opcode::ZExt || op == ir::Opcode::SExt ||
                      op == ir::Opcode::Trunc || op == ir::Opcode::ICmp || op == ir::Opcode::Select ||
                      (op == ir::Opcode::Intrinsic && (ir::intrinsic_flags(inst->intrinsic_id()) & ir::Pure));
    if (!pure) return false;
    for (const ir::Value* operand : inst->operands())
      if (!invariant(operand, header, depth + 1)) return false;
    return true;
  }
  const Term* compute(const ir::Instruction* inst, unsigned width);
  // A phi joining the two sides of a conditional branch is `c ? x : y`: its block's immediate
  // dominator D ends in `cond_br c, T, F` and each incoming edge comes from D itself or from a
  // block that T (F) dominates, T (F) entered from D only. The last time D ran before the join
  // it took that edge, and c still holds the value it had then.
  bool phi_sides(const ir::Instruction* phi, const Term*& cond, unsigned& true_operand);
  const Term* phi_as_select(const ir::Instruction* phi);
  std::vector<Guard> guards_of(const ir::Block* b);
  // The address was made by owner code (a ThreadIndex's handle), whatever is added to it on
  // the way (a TileRef's element k stays in the thread's own tile: TileRef checks k).
  bool owned_address(const ir::Value* ptr) {
    if (!from_owner_) return false;
    if (auto it = owned_.find(ptr); it != owned_.end()) return it->second;
    owned_[ptr] = false;  // a cycle through phis proves nothing
    bool owned = false;
    if (auto* inst = as_inst(ptr)) {
      switch (inst->opcode()) {
        case ir::Opcode::PtrAdd: owned = from_owner_(inst) || owned_address(inst->operand(0)); break;
        case ir::Opcode::AddrSpaceCast:
        case ir::Opcode::Bitcast: owned = owned_address(inst->operand(0)); break;
        case ir::Opcode::Select: owned = owned_address(inst->operand(1)) && owned_address(inst->operand(2)); break;
        case ir::Opcode::Phi: {
          unsigned incoming = 0;
          owned = true;
          for (const ir::Value* in : inst->operands()) {
            if (is_undef(in) || in == inst) continue;
            ++incoming;
            owned = owned && owned_address(in);
          }
          owned = owned && incoming != 0;
          break;
        }
        default: break;
      }
    }
    owned_[ptr] = owned;
    return owned;
  }
  static void set_root(SharedAccess& a, const ir::Value* root) {
    if (root->value_kind() == ir::Value::ValueKind::Global) a.var = static_cast<const ir::Global*>(root);
    else a.buffer = static_cast<const ir::Argument*>(root);
  }

  using Key = std::tuple<int, unsigned, std::uint64_t, int, int, bool, const void*, const void*,
                         std::vector<const Term*>>;
  SymbolicInfo& info_;
  const UniformityInfo& u_;
  std::map<Key, const Term*> unique_;
  std::unordered_set<const ir::Value*> busy_;
  std::unordered_map<const ir::Value*, Roots> roots_;
  std::unordered_set<const ir::Value*> resolving_;
  std::unordered_set<const ir::Value*> buffers_;
  std::function<bool(const ir::Instruction*)> from_owner_;
  std::unordered_map<const ir::Value*, bool> owned_;
  bool incomplete_ = false;
  std::unordered_map<const ir::Block*, std::vector<Guard>> guards_;
  std::vector<Guard> contract_;  // the requirements, true wherever the kernel runs
};

}  // namespace simtc::analysis
