#include "analysis/symbolic.hpp"

#include <algorithm>
#include <set>
#include <unordered_set>

#include "analysis/intervals.hpp"

namespace simtc::analysis {
namespace {

// The memory an address points into: a shared variable or a writable buffer argument, with the
// byte offset from its start.
using Roots = std::vector<std::pair<const ir::Value*, const Term*>>;

const ir::Instruction* as_inst(const ir::Value* v) {
  return v->value_kind() == ir::Value::ValueKind::Instruction ? static_cast<const ir::Instruction*>(v) : nullptr;
}
// A pointer into an alloca: the function's own local.
bool is_local(const ir::Value* p) {
  for (const ir::Instruction* i = as_inst(p); i != nullptr; i = as_inst(i->operand(0))) {
    if (i->opcode() == ir::Opcode::Alloca) return true;
    if (i->opcode() != ir::Opcode::PtrAdd && i->opcode() != ir::Opcode::AddrSpaceCast &&
        i->opcode() != ir::Opcode::Bitcast)
      return false;
  }
  return false;
}

bool is_undef(const ir::Value* v) {
  return v->value_kind() == ir::Value::ValueKind::Constant &&
         static_cast<const ir::Constant*>(v)->const_kind() == ir::Constant::ConstKind::Undef;
}

}  // namespace

bool is_thread_independent(const Term* t) {
  switch (t->kind) {
    case Term::Kind::ThreadIndex:
    case Term::Kind::LaneIndex: return false;
    case Term::Kind::Symbol: return !t->per_thread;
    default: break;
  }
  for (const Term* op : t->ops)
    if (!is_thread_independent(op)) return false;
  return true;
}

bool SymbolicInfo::same_iteration(const ir::Block* scope, const ir::Block* at,
                                  const std::vector<const ir::Block*>& split) const {
  for (const ir::Block* l = scope; l != nullptr; l = loops_->parent(l)) {
    if (std::find(split.begin(), split.end(), l) != split.end()) return false;
    if (!loops_->contains(l, at) && !uniform_exit(l)) return false;
  }
  return true;
}

const Term* strip_zext(const Term* t) {
  while (t->kind == Term::Kind::Cast && t->op == ir::Opcode::ZExt) t = t->ops[0];
  return t;
}

namespace {

bool is_async_copy(ir::IntrinsicId id) {
  using ir::IntrinsicId;
  return id == IntrinsicId::AsyncCopy4 || id == IntrinsicId::AsyncCopy8 || id == IntrinsicId::AsyncCopy16 ||
         id == IntrinsicId::AsyncCopy16Cg;
}

bool is_leaf(const Term* t, Term::Kind kind, unsigned dim) {
  t = strip_zext(t);
  return t->kind == kind && t->value == dim;
}

// `t` is op(x, y) in either order with match_x(x) and match_y(y).
template <class X, class Y>
bool commutes(const Term* t, ir::Opcode op, X match_x, Y match_y) {
  if (t->kind != Term::Kind::Binary || t->op != op) return false;
  return (match_x(t->ops[0]) && match_y(t->ops[1])) || (match_x(t->ops[1]) && match_y(t->ops[0]));
}

}  // namespace

bool is_linear_thread_index(const Term* t) {
  using K = Term::Kind;
  auto tid = [](unsigned d) { return [d](const Term* x) { return is_leaf(x, K::ThreadIndex, d); }; };
  auto ntid = [](unsigned d) { return [d](const Term* x) { return is_leaf(x, K::BlockDim, d); }; };
  auto inner = [&](const Term* x) {
    return commutes(x, ir::Opcode::Add, tid(1), [&](const Term* m) { return commutes(m, ir::Opcode::Mul, ntid(1), tid(2)); });
  };
  return t->width == 64 &&
         commutes(t, ir::Opcode::Add, tid(0), [&](const Term* m) { return commutes(m, ir::Opcode::Mul, ntid(0), inner); });
}

std::string term_str(const Term* t) {
  static const char* dims[] = {"x", "y", "z"};
  const char* dim = dims[t->value < 3 ? t->value : 0];
  switch (t->kind) {
    case Term::Kind::Const: return std::to_string(t->value) + ":" + std::to_string(t->width);
    case Term::Kind::ThreadIndex: return std::string("tid.") + dim;
    case Term::Kind::LaneIndex: return "laneid";
    case Term::Kind::BlockDim: return std::string("ntid.") + dim;
    case Term::Kind::BlockIndex: return std::string("ctaid.") + dim;
    case Term::Kind::GridDim: return std::string("nctaid.") + dim;
    case Term::Kind::DynamicShared: return "dynamic_size";
    case Term::Kind::Argument: return "arg" + std::to_string(t->value);
    case Term::Kind::Symbol: {
      std::string name = t->source->name().empty() ? "v" : t->source->name();
      return (t->per_thread ? "?" : "?u.") + name;
    }
    case Term::Kind::LoopCount: return "k." + t->scope->name();
    case Term::Kind::Binary:
      return "(" + std::string(ir::opcode_name(t->op)) + " " + term_str(t->ops[0]) + " " + term_str(t->ops[1]) + ")";
    case Term::Kind::Cast:
      return "(" + std::string(ir::opcode_name(t->op)) + std::to_string(t->width) + " " + term_str(t->ops[0]) + ")";
    case Term::Kind::Compare:
      return "(" + std::string(ir::cmp_pred_name(t->pred)) + " " + term_str(t->ops[0]) + " " + term_str(t->ops[1]) + ")";
    case Term::Kind::Select:
      return "(select " + term_str(t->ops[0]) + " " + term_str(t->ops[1]) + " " + term_str(t->ops[2]) + ")";
  }
  return "?";
}

const Term* SymbolicInfo::term_of(const ir::Value* v) const {
  auto it = terms_.find(v);
  return it == terms_.end() ? nullptr : it->second;
}

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
  void resolve(const ir::Value* ptr, Roots& out);
  void add_accesses(const ir::Instruction* inst, const SymbolicOptions& options);

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
};

bool SymbolicBuilder::induction(const ir::Instruction* phi, Induction& out) const {
  const ir::Block* header = phi->parent();
  if (phi->opcode() != ir::Opcode::Phi || !info_.loops_->contains(header, header)) return false;
  const ir::Value* init = nullptr;
  const ir::Value* step = nullptr;
  bool subtract = false;
  for (unsigned i = 0; i < phi->num_operands(); ++i) {
    const ir::Value* in = phi->operand(i);
    const ir::Block* from = phi->blocks()[i];
    if (!info_.loops_->contains(header, from)) {
      if (init != nullptr && init != in) return false;
      init = in;
      continue;
    }
    auto* next = as_inst(in);
    if (next == nullptr || (next->opcode() != ir::Opcode::Add && next->opcode() != ir::Opcode::Sub &&
                            next->opcode() != ir::Opcode::PtrAdd))
      return false;
    const ir::Value* s = nullptr;
    if (next->operand(0) == phi) s = next->operand(1);
    else if (next->opcode() == ir::Opcode::Add && next->operand(1) == phi) s = next->operand(0);
    if (s == nullptr || !invariant(s, header)) return false;
    const bool sub = next->opcode() == ir::Opcode::Sub;
    if (step != nullptr && (step != s || subtract != sub)) return false;
    step = s;
    subtract = sub;
  }
  if (init == nullptr || step == nullptr) return false;
  if (is_undef(init)) return false;
  out = {header, init, step, subtract};
  return true;
}

bool SymbolicBuilder::phi_sides(const ir::Instruction* phi, const Term*& cond, unsigned& true_operand) {
  const ir::DominatorTree& dom = info_.loops_->dominators();
  const ir::Block* join = phi->parent();
  const ir::Block* d = dom.idom(join);
  if (d == nullptr || phi->num_operands() != 2 || info_.loops_->contains(join, join)) return false;
  const ir::Instruction* br = d->terminator();
  if (br == nullptr || br->opcode() != ir::Opcode::CondBr || br->blocks()[0] == br->blocks()[1]) return false;
  // Which side of the branch an incoming edge from `from` is on: 0 true, 1 false, -1 unknown.
  auto side = [&](const ir::Block* from) -> int {
    int found = -1;
    for (int s = 0; s < 2; ++s) {
      const ir::Block* succ = br->blocks()[s];
      const bool on = from == d ? succ == join
                                : succ != join && dom.predecessors(succ).size() == 1 && dom.dominates(succ, from);
      if (on) {
        if (found != -1) return -1;
        found = s;
      }
    }
    return found;
  };
  const int s0 = side(phi->blocks()[0]);
  const int s1 = side(phi->blocks()[1]);
  if (s0 < 0 || s1 < 0 || s0 == s1) return false;
  cond = term(br->operand(0));
  true_operand = s0 == 0 ? 0 : 1;
  return cond != nullptr;
}

const Term* SymbolicBuilder::phi_as_select(const ir::Instruction* phi) {
  const Term* c = nullptr;
  unsigned k = 0;
  if (!phi_sides(phi, c, k)) return nullptr;
  const Term* a = term(phi->operand(k));
  const Term* b = term(phi->operand(1 - k));
  if (a == nullptr || b == nullptr) return nullptr;
  return select(c, a, b);
}

const Term* SymbolicBuilder::term(const ir::Value* v) {
  const unsigned width = int_width(v);
  if (width == 0) return nullptr;
  if (const Term* known = info_.term_of(v)) return known;
  const Term* result = nullptr;
  switch (v->value_kind()) {
    case ir::Value::ValueKind::Constant: {
      auto* c = static_cast<const ir::Constant*>(v);
      result = c->const_kind() == ir::Constant::ConstKind::Int ? constant(c->int_bits(), width) : symbol(v, width);
      break;
    }
    case ir::Value::ValueKind::Argument:
      result = leaf(Term::Kind::Argument, width, static_cast<const ir::Argument*>(v)->index());
      break;
    case ir::Value::ValueKind::Global: result = symbol(v, width); break;
    case ir::Value::ValueKind::Instruction: {
      auto* inst = static_cast<const ir::Instruction*>(v);
      if (!busy_.insert(v).second) return symbol(v, width);  // a cycle of phis
      result = compute(inst, width);
      busy_.erase(v);
      break;
    }
  }
  info_.terms_[v] = result;
  return result;
}

const Term* SymbolicBuilder::compute(const ir::Instruction* inst, unsigned width) {
  using ir::Opcode;
  const Opcode op = inst->opcode();
  switch (op) {
    case Opcode::Add: case Opcode::Sub: case Opcode::Mul: case Opcode::And: case Opcode::Or:
    case Opcode::Xor: case Opcode::Shl: case Opcode::LShr: case Opcode::AShr: case Opcode::UDiv:
    case Opcode::URem: case Opcode::SDiv: case Opcode::SRem: {
      const Term* a = term(inst->operand(0));
      const Term* b = term(inst->operand(1));
      if (a == nullptr || b == nullptr) break;
      // The IR's signed division by zero (-1) differs from the solver's: constants only.
      if ((op == Opcode::SDiv || op == Opcode::SRem) && (b->kind != Term::Kind::Const || b->value == 0)) break;
      return binary(op, a, b);
    }
    case Opcode::ZExt: case Opcode::SExt: case Opcode::Trunc: {
      const Term* a = term(inst->operand(0));
      if (a == nullptr) break;
      Term t;
      t.kind = Term::Kind::Cast;
      t.width = width;
      t.op = op;
      t.ops = {a};
      return make(std::move(t));
    }
    case Opcode::ICmp: {
      const Term* a = term(inst->operand(0));
      const Term* b = term(inst->operand(1));
      if (a == nullptr || b == nullptr) break;
      Term t;
      t.kind = Term::Kind::Compare;
      t.width = 1;
      t.pred = inst->cmp_pred();
      t.ops = {a, b};
      return make(std::move(t));
    }
    case Opcode::Select: {
      const Term* c = term(inst->operand(0));
      const Term* a = term(inst->operand(1));
      const Term* b = term(inst->operand(2));
      if (c == nullptr || a == nullptr || b == nullptr) break;
      return select(c, a, b);
    }
    case Opcode::Phi: {
      // phi [undef, x] is x: the value is unused on the undef path.
      const ir::Value* only = nullptr;
      bool several = false;
      for (const ir::Value* in : inst->operands()) {
        if (is_undef(in) || in == inst) continue;
        if (only != nullptr && only != in) several = true;
        only = in;
      }
      if (only != nullptr && !several) {
        if (const Term* t = term(only)) return t;
        break;
      }
      if (const Term* t = phi_as_select(inst)) return t;
      if (const ir::Value* init = shrinking(inst)) {
        const Term* bound = term(init);
        Term t;
        t.kind = Term::Kind::Symbol;
        t.width = width;
        t.source = inst;
        t.per_thread = u_.value(inst) != Uniformity::Block;
        t.scope = info_.loops_->innermost(inst->parent());
        t.upper = bound;
        return make(std::move(t));
      }
      Induction iv;
      if (induction(inst, iv)) {
        const Term* init = term(iv.init);
        const Term* step = term(iv.step);
        if (init == nullptr || step == nullptr) break;
        const Term* count = loop_count(iv.header, width);
        const Term* stride = binary(Opcode::Mul, step, count);
        if (!iv.subtract) note_loop_bound(inst, iv.header, init, step, count);
        return binary(iv.subtract ? Opcode::Sub : Opcode::Add, init, stride);
      }
      break;
    }
    case Opcode::Intrinsic: {
      using ir::IntrinsicId;
      switch (inst->intrinsic_id()) {
        case IntrinsicId::TidX: return leaf(Term::Kind::ThreadIndex, width, 0);
        case IntrinsicId::TidY: return leaf(Term::Kind::ThreadIndex, width, 1);
        case IntrinsicId::TidZ: return leaf(Term::Kind::ThreadIndex, width, 2);
        case IntrinsicId::NtidX: return leaf(Term::Kind::BlockDim, width, 0);
        case IntrinsicId::NtidY: return leaf(Term::Kind::BlockDim, width, 1);
        case IntrinsicId::NtidZ: return leaf(Term::Kind::BlockDim, width, 2);
        case IntrinsicId::CtaidX: return leaf(Term::Kind::BlockIndex, width, 0);
        case IntrinsicId::CtaidY: return leaf(Term::Kind::BlockIndex, width, 1);
        case IntrinsicId::CtaidZ: return leaf(Term::Kind::BlockIndex, width, 2);
        case IntrinsicId::NctaidX: return leaf(Term::Kind::GridDim, width, 0);
        case IntrinsicId::NctaidY: return leaf(Term::Kind::GridDim, width, 1);
        case IntrinsicId::NctaidZ: return leaf(Term::Kind::GridDim, width, 2);
        case IntrinsicId::LaneId: return leaf(Term::Kind::LaneIndex, width);
        case IntrinsicId::WarpSize: return constant(32, width);
        case IntrinsicId::DynamicSharedSize: return leaf(Term::Kind::DynamicShared, width);
        default: break;
      }
      break;
    }
    default: break;
  }
  return symbol(inst, width);
}

void SymbolicBuilder::resolve(const ir::Value* ptr, Roots& out) {
  if (auto it = roots_.find(ptr); it != roots_.end()) {
    out = it->second;
    return;
  }
  out.clear();
  // A cycle through phis: nothing on this path, and what is computed meanwhile is incomplete
  // (not remembered; a phi on the cycle takes the roots of its other incoming values).
  if (!resolving_.insert(ptr).second) {
    incomplete_ = true;
    return;
  }
  const bool outer_incomplete = incomplete_;
  incomplete_ = false;
  if (ptr->value_kind() == ir::Value::ValueKind::Global) {
    auto* g = static_cast<const ir::Global*>(ptr);
    if (g->addr_space() == ir::AddrSpace::Shared) out.push_back({g, constant(0, 64)});
  } else if (ptr->value_kind() == ir::Value::ValueKind::Argument) {
    if (buffers_.count(ptr)) out.push_back({ptr, constant(0, 64)});
  } else if (auto* inst = as_inst(ptr)) {
    using ir::Opcode;
    Roots a, b;
    switch (inst->opcode()) {
      case Opcode::AddrSpaceCast:
      case Opcode::Bitcast: resolve(inst->operand(0), out); break;
      case Opcode::PtrAdd: {
        resolve(inst->operand(0), a);
        const Term* off = term(inst->operand(1));
        for (auto& [g, base] : a) out.push_back({g, off ? binary(Opcode::Add, base, off) : symbol(inst, 64)});
        break;
      }
      case Opcode::Select: {
        resolve(inst->operand(1), a);
        resolve(inst->operand(2), b);
        const Term* c = term(inst->operand(0));
        if (a.size() == 1 && b.size() == 1 && a[0].first == b[0].first && c != nullptr) {
          out.push_back({a[0].first, select(c, a[0].second, b[0].second)});
        } else {
          std::set<const ir::Value*> gs;
          for (auto& r : a) gs.insert(r.first);
          for (auto& r : b) gs.insert(r.first);
          for (const ir::Value* g : gs) out.push_back({g, symbol(inst, 64)});
        }
        break;
      }
      case Opcode::Phi: {
        Induction iv;
        if (induction(inst, iv)) {
          resolve(iv.init, a);
          const Term* step = term(iv.step);
          for (auto& [g, base] : a)
            out.push_back({g, step ? binary(Opcode::Add, base, binary(Opcode::Mul, step, loop_count(iv.header, 64)))
                                   : symbol(inst, 64)});
          break;
        }
        const Term* c = nullptr;
        unsigned k = 0;
        if (phi_sides(inst, c, k)) {
          resolve(inst->operand(k), a);
          resolve(inst->operand(1 - k), b);
          if (a.size() == 1 && b.size() == 1 && a[0].first == b[0].first) {
            out.push_back({a[0].first, select(c, a[0].second, b[0].second)});
            break;
          }
        }
        std::set<const ir::Value*> gs;
        Roots all;
        bool same = true;  // every incoming value is the same (variable, offset)
        for (const ir::Value* in : inst->operands()) {
          if (is_undef(in) || in == inst) continue;
          resolve(in, a);
          same = same && a.size() == 1;
          for (auto& r : a) {
            gs.insert(r.first);
            all.push_back(r);
          }
        }
        same = same && !all.empty();
        for (auto& r : all) same = same && r == all.front();
        if (same) out.push_back(all.front());
        else
          for (const ir::Value* g : gs) out.push_back({g, symbol(inst, 64)});
        break;
      }
      default: break;  // loads, calls, allocas, arguments: not shared memory (safety-model.md)
    }
  }
  resolving_.erase(ptr);
  if (!incomplete_) roots_[ptr] = out;
  incomplete_ = outer_incomplete || incomplete_;
}

std::vector<Guard> SymbolicBuilder::guards_of(const ir::Block* b) {
  if (auto it = guards_.find(b); it != guards_.end()) return it->second;
  // Every block on the dominator chain that is entered by one edge only, from a conditional
  // branch, holds that branch's condition (the last time the branch ran, it took that edge, and
  // the values it tested are still the latest ones).
  std::vector<Guard> out;
  const ir::DominatorTree& dom = info_.loops_->dominators();
  for (const ir::Block* cur = b; cur != nullptr; cur = dom.idom(cur)) {
    std::vector<const ir::Block*> preds = dom.predecessors(cur);
    if (preds.size() != 1) continue;
    const ir::Instruction* br = preds[0]->terminator();
    if (br == nullptr || br->opcode() != ir::Opcode::CondBr || br->blocks()[0] == br->blocks()[1]) continue;
    if (const Term* c = term(br->operand(0))) out.push_back({c, br->blocks()[0] == cur});
  }
  guards_[b] = out;
  return out;
}

void SymbolicBuilder::add_accesses(const ir::Instruction* inst, const SymbolicOptions& options) {
  using ir::IntrinsicId;
  using ir::Opcode;
  struct Use {
    const ir::Value* ptr;
    const Term* size;
    bool write, read, atomic;
  };
  std::vector<Use> uses;
  auto bytes = [&](ir::Type t) { return constant(t.size_bytes(), 64); };
  switch (inst->opcode()) {
    case Opcode::Load: uses.push_back({inst->operand(0), bytes(inst->type()), false, true, false}); break;
    case Opcode::Store:
      uses.push_back({inst->operand(1), bytes(inst->operand(0)->type()), true, false, false});
      break;
    case Opcode::MemCopy: {
      const Term* n = term(inst->operand(2));
      if (n == nullptr) n = symbol(inst->operand(2), 64);
      uses.push_back({inst->operand(0), n, true, false, false});
      uses.push_back({inst->operand(1), n, false, true, false});
      break;
    }
    case Opcode::MemSet: {
      const Term* n = term(inst->operand(2));
      if (n == nullptr) n = symbol(inst->operand(2), 64);
      uses.push_back({inst->operand(0), n, true, false, false});
      break;
    }
    case Opcode::Intrinsic:
      switch (inst->intrinsic_id()) {
        case IntrinsicId::AtomicAdd: case IntrinsicId::AtomicSub: case IntrinsicId::AtomicExch:
        case IntrinsicId::AtomicSMin: case IntrinsicId::AtomicSMax: case IntrinsicId::AtomicUMin:
        case IntrinsicId::AtomicUMax: case IntrinsicId::AtomicFMin: case IntrinsicId::AtomicFMax:
        case IntrinsicId::AtomicAnd: case IntrinsicId::AtomicOr: case IntrinsicId::AtomicXor:
        case IntrinsicId::AtomicCas:
          uses.push_back({inst->operand(0), bytes(inst->type()), true, true, true});
          break;
        case IntrinsicId::AtomicLoad: uses.push_back({inst->operand(0), bytes(inst->type()), false, true, true}); break;
        case IntrinsicId::AtomicStore:
          uses.push_back({inst->operand(0), bytes(inst->operand(1)->type()), true, false, true});
          break;
        case IntrinsicId::AsyncCopy4: uses.push_back({inst->operand(0), constant(4, 64), true, false, false}); break;
        case IntrinsicId::AsyncCopy8: uses.push_back({inst->operand(0), constant(8, 64), true, false, false}); break;
        case IntrinsicId::AsyncCopy16:
        case IntrinsicId::AsyncCopy16Cg: uses.push_back({inst->operand(0), constant(16, 64), true, false, false}); break;
        case IntrinsicId::LdMatrixX1: case IntrinsicId::LdMatrixX2: case IntrinsicId::LdMatrixX4:
        case IntrinsicId::LdMatrixX1Trans: case IntrinsicId::LdMatrixX2Trans: case IntrinsicId::LdMatrixX4Trans:
          uses.push_back({inst->operand(0), constant(16, 64), false, true, false});
          break;
        default: break;
      }
      break;
    case Opcode::Call: {
      // Recursion the view keeps as a call: the variables it can reach, through its pointer
      // arguments or by name in the functions it calls.
      std::set<const ir::Value*> vars;
      bool unresolved = false;  // a pointer argument that is no shared variable or buffer
      for (const ir::Value* op : inst->operands()) {
        if (!op->type().is_ptr()) continue;
        Roots roots;
        resolve(op, roots);
        unresolved = unresolved || roots.empty();
        for (auto& r : roots) vars.insert(r.first);
      }
      std::vector<const ir::Function*> seen;
      if (inst->callee() != nullptr) seen.push_back(inst->callee());
      bool writes = inst->callee() == nullptr;
      for (std::size_t k = 0; k < seen.size(); ++k)
        for (const ir::Block* b : seen[k]->blocks())
          for (const ir::Instruction* i : b->instructions()) {
            // Anything that may write memory other than the function's own locals (stores,
            // copies, atomics, cp.async; not barriers or traps).
            const std::uint8_t flags = i->opcode() == Opcode::Intrinsic ? ir::intrinsic_flags(i->intrinsic_id()) : 0;
            writes = writes || (i->opcode() == Opcode::Store && !is_local(i->operand(1))) ||
                     ((i->opcode() == Opcode::MemCopy || i->opcode() == Opcode::MemSet) && !is_local(i->operand(0))) ||
                     ((flags & ir::SideEffects) && !(flags & ir::NoReturn) && !is_block_barrier(*i));
            if (i->opcode() == Opcode::Call && i->callee() &&
                std::find(seen.begin(), seen.end(), i->callee()) == seen.end())
              seen.push_back(i->callee());
            for (const ir::Value* op : i->operands())
              if (op->value_kind() == ir::Value::ValueKind::Global &&
                  static_cast<const ir::Global*>(op)->addr_space() == ir::AddrSpace::Shared)
                vars.insert(static_cast<const ir::Global*>(op));
          }
      // A buffer's data pointer reaches the callee in ways its pointer arguments do not show (a
      // view passed by reference is a pointer to a local holding it): a call given a pointer
      // that is no shared variable or buffer may touch every buffer followed (safe code has no
      // other way to one: no mutable static storage, so no pointer but through the arguments).
      if (unresolved) vars.insert(buffers_.begin(), buffers_.end());
      for (const ir::Value* root : vars) {
        SharedAccess a;
        a.inst = inst;
        set_root(a, root);
        a.offset = constant(0, 64);
        // A buffer: any byte it may have (the solver bounds offsets by nothing else).
        a.size = a.buffer != nullptr        ? constant(std::uint64_t(1) << 62, 64)
                 : a.var->is_extern() ? to64(leaf(Term::Kind::DynamicShared, 32))
                                      : constant(a.var->size(), 64);
        a.write = writes;
        a.read = true;
        a.opaque = true;
        a.unsafe = options.in_unsafe ? options.in_unsafe(inst) : inst->in_unsafe();
        a.guards = guards_of(inst->parent());
        info_.accesses_.push_back(std::move(a));
      }
      break;
    }
    default: break;
  }
  for (const Use& use : uses) {
    Roots roots;
    resolve(use.ptr, roots);
    for (auto& [root, offset] : roots) {
      SharedAccess a;
      a.inst = inst;
      set_root(a, root);
      a.offset = offset;
      a.owned = owned_address(use.ptr);
      a.size = to64(use.size);
      a.write = use.write;
      a.read = use.read;
      a.atomic = use.atomic;
      a.async = use.write && inst->opcode() == Opcode::Intrinsic && is_async_copy(inst->intrinsic_id());
      a.unsafe = options.in_unsafe ? options.in_unsafe(inst) : inst->in_unsafe();
      a.guards = guards_of(inst->parent());
      a.owned = a.owned && !a.unsafe;
      info_.accesses_.push_back(std::move(a));
    }
  }
}

SymbolicInfo analyze_shared_accesses(const ir::Function& fn, const UniformityInfo& uniformity,
                                     const SymbolicOptions& options) {
  SymbolicInfo info;
  info.loops_ = std::make_unique<LoopForest>(fn);
  SymbolicBuilder builder(info, uniformity, options);
  for (const ir::Block* header : info.loops_->headers()) {
    bool uniform = true;
    for (const ir::Block* b : fn.blocks()) {
      if (!info.loops_->contains(header, b)) continue;
      for (const ir::Block* succ : b->successors()) {
        // A thread that traps fails the launch: those exits do not count.
        if (info.loops_->contains(header, succ) || uniformity.doomed(succ)) continue;
        const ir::Instruction* br = b->terminator();
        uniform = uniform && uniformity.control(b) == Uniformity::Block &&
                  (br->opcode() == ir::Opcode::Br || uniformity.value(br->operand(0)) == Uniformity::Block);
      }
    }
    if (uniform) info.uniform_exit_.insert(header);
  }
  for (const ir::Block* b : info.loops_->dominators().rpo())
    for (const ir::Instruction* inst : b->instructions()) builder.add_accesses(inst, options);
  return info;
}

}  // namespace simtc::analysis
