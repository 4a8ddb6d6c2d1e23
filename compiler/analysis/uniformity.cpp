#include "analysis/uniformity.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <utility>

#include "ir/dominators.hpp"
#include "ir/post_dominators.hpp"

namespace simtc::analysis {
namespace {

using ir::Block;
using ir::Instruction;
using ir::IntrinsicId;
using ir::Opcode;
using ir::Value;
using U = Uniformity;

// Pointer roots: which memory a pointer may point into.
struct Roots {
  bool writable = false;  // memory the kernel may write, or memory it cannot name
  std::vector<const Instruction*> allocas;
  bool operator==(const Roots&) const = default;
  void add(const Roots& other) {
    writable = writable || other.writable;
    for (const Instruction* a : other.allocas)
      if (std::find(allocas.begin(), allocas.end(), a) == allocas.end()) allocas.push_back(a);
  }
};

const ir::Constant* int_constant(const Value* v) {
  if (v->value_kind() != Value::ValueKind::Constant) return nullptr;
  auto* c = static_cast<const ir::Constant*>(v);
  return c->const_kind() == ir::Constant::ConstKind::Int && !c->type().is_vector() ? c : nullptr;
}

// The mask operand of a collective is the constant 0xffffffff.
bool full_mask(const Instruction* inst) {
  const ir::Constant* c = int_constant(inst->operand(0));
  return c != nullptr && c->int_bits() == 0xffffffffu;
}

bool is_atomic(IntrinsicId id) { return id >= IntrinsicId::AtomicAdd && id <= IntrinsicId::AtomicStore; }

const Instruction* as_inst(const Value* v, Opcode op) {
  if (v->value_kind() != Value::ValueKind::Instruction) return nullptr;
  auto* i = static_cast<const Instruction*>(v);
  return i->opcode() == op ? i : nullptr;
}

bool is_intrinsic(const Value* v, IntrinsicId id) {
  const Instruction* i = as_inst(v, Opcode::Intrinsic);
  return i != nullptr && i->intrinsic_id() == id;
}

// `v` is a multiple of 2^log2 (the group: 32 lanes) whatever its operands are (syntactically:
// c * 32k, x << 5, ...).
bool multiple_of_group(const Value* v, unsigned log2, int depth = 0) {
  if (const ir::Constant* c = int_constant(v)) return (c->int_bits() & ((1u << log2) - 1)) == 0;
  if (v->value_kind() != Value::ValueKind::Instruction || depth > 8) return false;
  auto* i = static_cast<const Instruction*>(v);
  switch (i->opcode()) {
    case Opcode::Mul: case Opcode::And:
      return multiple_of_group(i->operand(0), log2, depth + 1) || multiple_of_group(i->operand(1), log2, depth + 1);
    case Opcode::Add: case Opcode::Sub: case Opcode::Or:
      return multiple_of_group(i->operand(0), log2, depth + 1) && multiple_of_group(i->operand(1), log2, depth + 1);
    case Opcode::Shl: {
      const ir::Constant* k = int_constant(i->operand(1));
      return (k != nullptr && k->int_bits() >= log2 && k->int_bits() < i->type().element_bits()) ||
             multiple_of_group(i->operand(0), log2, depth + 1);
    }
    case Opcode::ZExt: case Opcode::SExt: return multiple_of_group(i->operand(0), log2, depth + 1);
    case Opcode::Trunc: return i->type().element_bits() >= 8 && multiple_of_group(i->operand(0), log2, depth + 1);
    default: return false;
  }
}

// a * b (either order) with a matching `x` and b matching `y`.
template <class X, class Y>
bool product_of(const Value* v, X x, Y y) {
  const Instruction* m = as_inst(v, Opcode::Mul);
  return m != nullptr && ((x(m->operand(0)) && y(m->operand(1))) || (x(m->operand(1)) && y(m->operand(0))));
}
template <class X, class Y>
bool sum_of(const Value* v, X x, Y y) {
  const Instruction* a = as_inst(v, Opcode::Add);
  return a != nullptr && ((x(a->operand(0)) && y(a->operand(1))) || (x(a->operand(1)) && y(a->operand(0))));
}

// The linear thread index the hardware cuts into warps: tid.x + ntid.x * (tid.y + ntid.y * tid.z)
// (as simt::warp::warp_id() computes it), in any order of the operands.
bool is_linear_thread_index(const Value* v) {
  auto is = [](IntrinsicId id) { return [id](const Value* x) { return is_intrinsic(x, id); }; };
  auto yz = [&](const Value* x) { return sum_of(x, is(IntrinsicId::TidY), [&](const Value* p) {
                                    return product_of(p, is(IntrinsicId::NtidY), is(IntrinsicId::TidZ)); }); };
  return sum_of(v, is(IntrinsicId::TidX), [&](const Value* p) { return product_of(p, is(IntrinsicId::NtidX), yz); });
}

class Analyzer {
 public:
  Analyzer(const ir::Function& fn, const UniformityOptions& options,
           std::unordered_map<const Value*, UniformityInfo::ValueInfo>& values,
           std::unordered_map<const Block*, UniformityInfo::ControlInfo>& control,
           std::unordered_set<const Block*>& doomed)
      : fn_(fn), values_(values), control_(control), doomed_(doomed), log2_(options.group_log2),
        group_(1u << options.group_log2) {
    if (options.use_launch_bounds && fn.launch_bounds().reqntid) shape_ = *fn.launch_bounds().reqntid;
  }

  void run() {
    find_doomed();
    ir::DominatorTree dom(fn_);
    for (const Block* b : dom.rpo()) rpo_.push_back(b);
    ir::PostDominatorTree pdt(fn_, [&](const Block* b) { return doomed_.count(b) != 0; });
    for (const Block* b : rpo_) {
      control_[b];
      const Instruction* term = b->terminator();
      if (term == nullptr || (term->opcode() != Opcode::CondBr && term->opcode() != Opcode::Switch))
        continue;
      if (b->successors().size() < 2) continue;
      Region& r = regions_[b];
      r.join = pdt.ipdom(b);
      std::vector<const Block*> work;
      for (const Block* s : b->successors())
        if (s != r.join && r.set.insert(s).second) work.push_back(s);
      while (!work.empty()) {
        const Block* x = work.back();
        work.pop_back();
        for (const Block* s : x->successors())
          if (s != r.join && r.set.insert(s).second) work.push_back(s);
      }
      branches_.push_back(b);
    }
    compute_roots();
    for (const Block* b : rpo_)
      for (const Instruction* i : b->instructions())
        for (const Value* v : i->operands())
          if (v->value_kind() == Value::ValueKind::Instruction) users_[v].push_back(i);
    for (bool changed = true; changed;) {
      changed = false;
      summarize_allocas();
      for (const Block* b : rpo_)
        for (const Instruction* i : b->instructions()) {
          if (!ir::has_result(i->opcode())) continue;
          UniformityInfo::ValueInfo v = transfer(i);
          if (auto f = forced_.find(i); f != forced_.end() && f->second.level > v.level) v = f->second;
          auto& cur = values_[i];
          if (v.level > cur.level) {
            cur = v;
            changed = true;
          }
        }
      for (const Block* b : branches_) changed = apply_branch(b) || changed;
    }
  }

 private:
  struct Region {
    std::unordered_set<const Block*> set;
    const Block* join = nullptr;
    U applied = U::Block;
  };

  UniformityInfo::ValueInfo info_of(const Value* v) const {
    auto it = values_.find(v);
    return it == values_.end() ? UniformityInfo::ValueInfo{} : it->second;
  }
  static U strict(U u) { return u == U::WarpHigh ? U::Varying : u; }

  void find_doomed() {
    for (const Block* b : fn_.blocks())
      if (const Instruction* t = b->terminator(); t && t->opcode() == Opcode::Unreachable) doomed_.insert(b);
    for (bool changed = true; changed;) {
      changed = false;
      for (const Block* b : fn_.blocks()) {
        if (doomed_.count(b)) continue;
        std::vector<Block*> succs = b->successors();
        if (succs.empty()) continue;
        if (std::all_of(succs.begin(), succs.end(), [&](const Block* s) { return doomed_.count(s) != 0; })) {
          doomed_.insert(b);
          changed = true;
        }
      }
    }
  }

  // The join of the operands' uniformity; WarpHigh survives only when `keep_high`.
  UniformityInfo::ValueInfo join_operands(const Instruction* i, bool keep_high) const {
    UniformityInfo::ValueInfo out;
    for (const Value* op : i->operands()) {
      UniformityInfo::ValueInfo v = info_of(op);
      U level = keep_high ? v.level : strict(v.level);
      if (level > out.level) out = {level, v.source};
    }
    return out;
  }

  static UniformityInfo::ValueInfo make(U level, VarianceSource source) { return {level, source}; }

  UniformityInfo::ValueInfo transfer(const Instruction* i) {
    const Opcode op = i->opcode();
    switch (op) {
      case Opcode::Phi: return join_operands(i, true);
      case Opcode::Alloca: return {};
      case Opcode::Call: return make(U::Varying, VarianceSource::Call);
      case Opcode::Load: return load(i->operand(0));
      case Opcode::Select: {
        UniformityInfo::ValueInfo c = info_of(i->operand(0));
        if (strict(c.level) == U::Varying) return make(U::Varying, c.source);
        return join_operands(i, true);
      }
      case Opcode::ZExt: case Opcode::SExt: return join_operands(i, true);
      case Opcode::Trunc: return join_operands(i, i->type().element_bits() >= 8);
      case Opcode::ICmp: return compare(i);
      case Opcode::Intrinsic: return intrinsic(i);
      default: break;
    }
    if (ir::is_binary(op)) return binary(i);
    return join_operands(i, false);
  }

  // v op c, where v may be WarpHigh: the cases that keep (or make) it warp-uniform.
  UniformityInfo::ValueInfo binary(const Instruction* i) {
    if (is_linear_thread_index(i)) return make(U::WarpHigh, VarianceSource::ThreadIndex);
    // v / 32 / 4 is v / 128: a chain of divisions and right shifts of a WarpHigh v by constants
    // divides v by their product, uniform when the group divides it.
    if (const auto chain = divided_high(i); chain && chain->second % group_ == 0)
      return {U::Warp, info_of(chain->first).source};
    UniformityInfo::ValueInfo a = info_of(i->operand(0)), b = info_of(i->operand(1));
    if (a.level != U::WarpHigh && b.level != U::WarpHigh) return join_operands(i, false);
    const Opcode op = i->opcode();
    const bool commutes = op == Opcode::Add || op == Opcode::And || op == Opcode::Or || op == Opcode::Xor;
    const Value* other = i->operand(1);
    UniformityInfo::ValueInfo high = a, rest = b;
    if (b.level == U::WarpHigh) {
      if (!commutes || a.level == U::WarpHigh) return make(U::Varying, b.source);
      other = i->operand(0);
      high = b;
      rest = a;
    }
    if (rest.level == U::Varying) return make(U::Varying, rest.source);
    const ir::Constant* c = int_constant(other);
    const std::uint64_t k = c ? c->int_bits() : 0;
    const UniformityInfo::ValueInfo keep{U::WarpHigh, high.source};
    const UniformityInfo::ValueInfo warp{std::max(U::Warp, rest.level), high.source};
    switch (op) {
      case Opcode::UDiv: return c && k != 0 && k % group_ == 0 ? warp : make(U::Varying, high.source);
      case Opcode::LShr: case Opcode::AShr: return c && k >= log2_ && k < i->type().element_bits() ? warp : make(U::Varying, high.source);
      case Opcode::URem: return c && k != 0 && k % group_ == 0 ? keep : make(U::Varying, high.source);
      case Opcode::And: return c && (k & (group_ - 1)) == 0 ? warp : keep;  // (v & u) >> 5 == (v >> 5) & (u >> 5)
      case Opcode::Or: case Opcode::Xor: return keep;
      case Opcode::Add: case Opcode::Sub:  // 32 * q + v keeps v's lane split
        return multiple_of_group(other, log2_) ? keep : make(U::Varying, high.source);
      default: return make(U::Varying, high.source);
    }
  }

  // For v / c1 / c2 ... (or >> s) with v WarpHigh and the c constants: v and the product of
  // the divisors (nothing when it passes 2^32: no answer rather than a wrapped one).
  std::optional<std::pair<const Value*, std::uint64_t>> divided_high(const Instruction* i) const {
    std::uint64_t divisor = 1;
    const Value* v = i;
    for (int depth = 0; depth < 8; ++depth) {
      if (v->value_kind() != Value::ValueKind::Instruction) return std::nullopt;
      const auto* d = static_cast<const Instruction*>(v);
      if (d->opcode() != Opcode::UDiv && d->opcode() != Opcode::LShr) return std::nullopt;
      const ir::Constant* c = int_constant(d->operand(1));
      if (c == nullptr) return std::nullopt;
      std::uint64_t k = 0;
      if (d->opcode() == Opcode::UDiv && c->int_bits() != 0) k = c->int_bits();
      else if (d->opcode() == Opcode::LShr && c->int_bits() < d->type().element_bits()) k = std::uint64_t{1} << c->int_bits();
      else return std::nullopt;
      if (k > (std::uint64_t{1} << 32) || divisor * k > (std::uint64_t{1} << 32)) return std::nullopt;
      divisor *= k;
      v = d->operand(0);
      if (info_of(v).level == U::WarpHigh) return std::make_pair(v, divisor);
    }
    return std::nullopt;
  }

  // v < 32 * k and friends are the same for the whole warp when v >> 5 is.
  UniformityInfo::ValueInfo compare(const Instruction* i) {
    UniformityInfo::ValueInfo a = info_of(i->operand(0)), b = info_of(i->operand(1));
    if (a.level != U::WarpHigh && b.level != U::WarpHigh) return join_operands(i, false);
    ir::CmpPred pred = i->cmp_pred();
    const ir::Constant* c = int_constant(i->operand(1));
    UniformityInfo::ValueInfo high = a;
    if (b.level == U::WarpHigh) {
      if (a.level == U::WarpHigh || int_constant(i->operand(0)) == nullptr) return make(U::Varying, b.source);
      c = int_constant(i->operand(0));
      high = b;
      switch (pred) {  // c op v  ==  v op' c
        case ir::CmpPred::Slt: pred = ir::CmpPred::Sgt; break;
        case ir::CmpPred::Sle: pred = ir::CmpPred::Sge; break;
        case ir::CmpPred::Sgt: pred = ir::CmpPred::Slt; break;
        case ir::CmpPred::Sge: pred = ir::CmpPred::Sle; break;
        case ir::CmpPred::Ult: pred = ir::CmpPred::Ugt; break;
        case ir::CmpPred::Ule: pred = ir::CmpPred::Uge; break;
        case ir::CmpPred::Ugt: pred = ir::CmpPred::Ult; break;
        case ir::CmpPred::Uge: pred = ir::CmpPred::Ule; break;
        default: break;
      }
    }
    if (c == nullptr) return make(U::Varying, high.source);
    const std::uint64_t low = c->int_bits() & (group_ - 1);
    bool uniform = false;
    switch (pred) {
      case ir::CmpPred::Slt: case ir::CmpPred::Ult: case ir::CmpPred::Sge: case ir::CmpPred::Uge:
        uniform = low == 0;  // v < 32k  <=>  v >> 5 < k
        break;
      case ir::CmpPred::Sle: case ir::CmpPred::Ule: case ir::CmpPred::Sgt: case ir::CmpPred::Ugt:
        uniform = low == group_ - 1;  // v <= 32k + 31  <=>  v >> 5 <= k
        break;
      default: break;
    }
    return uniform ? make(U::Warp, high.source) : make(U::Varying, high.source);
  }

  UniformityInfo::ValueInfo intrinsic(const Instruction* i) {
    const IntrinsicId id = i->intrinsic_id();
    const std::uint8_t flags = ir::intrinsic_flags(id);
    const U control = control_[i->parent()].level;
    switch (id) {
      case IntrinsicId::TidX:
        if (shape_ && ((*shape_)[0] % group_ == 0 || ((*shape_)[1] == 1 && (*shape_)[2] == 1)))
          return make(U::WarpHigh, VarianceSource::ThreadIndex);
        return make(U::Varying, VarianceSource::ThreadIndex);
      case IntrinsicId::TidY:
        if (shape_ && (*shape_)[0] % group_ == 0) return make(U::Warp, VarianceSource::ThreadIndex);
        return make(U::Varying, VarianceSource::ThreadIndex);
      case IntrinsicId::TidZ:
        if (shape_ && ((*shape_)[0] * (*shape_)[1]) % group_ == 0) return make(U::Warp, VarianceSource::ThreadIndex);
        return make(U::Varying, VarianceSource::ThreadIndex);
      case IntrinsicId::LaneId: return make(U::WarpHigh, VarianceSource::LaneIndex);
      case IntrinsicId::ActiveMask: return make(U::Varying, VarianceSource::ActiveMask);
      case IntrinsicId::Clock: case IntrinsicId::Clock64: case IntrinsicId::GlobalTimer:
        return make(U::Varying, VarianceSource::Clock);
      case IntrinsicId::MatchAny: return make(U::Varying, VarianceSource::WarpResult);
      case IntrinsicId::GlobalLoad: return load(i->operand(0));  // a load with a cache hint
      default: break;
    }
    if (is_atomic(id)) return make(U::Varying, VarianceSource::Atomic);
    if (flags & ir::BlockCollective) return {control, VarianceSource::None};  // one result per block
    if ((flags & ir::WarpCollective) && (flags & ir::MaskOperand)) {
      const bool reduces = (id >= IntrinsicId::VoteAny && id <= IntrinsicId::VoteBallot) ||
                           id == IntrinsicId::MatchAll ||
                           (id >= IntrinsicId::ReduxAdd && id <= IntrinsicId::ReduxXor);
      // The same in every lane of the warp, not of a warpgroup (its warps reduce apart).
      if (reduces && full_mask(i) && log2_ == 5) return {std::max(U::Warp, control), VarianceSource::WarpResult};
      return make(U::Varying, VarianceSource::WarpResult);
    }
    if (flags & ir::WarpCollective) return make(U::Varying, VarianceSource::WarpResult);
    if ((flags & ir::Pure) && !(flags & ir::Convergent)) return join_operands(i, false);
    return make(U::Varying, VarianceSource::Call);
  }

  // --- memory
  void compute_roots() {
    std::vector<const Instruction*> pointers;
    for (const Block* b : rpo_)
      for (const Instruction* i : b->instructions())
        if (i->type().is_ptr()) pointers.push_back(i);
    for (bool changed = true; changed;) {
      changed = false;
      for (const Instruction* i : pointers) {
        Roots r;
        switch (i->opcode()) {
          case Opcode::Alloca: r.allocas.push_back(i); break;
          case Opcode::PtrAdd: case Opcode::AddrSpaceCast: r = roots_of(i->operand(0)); break;
          case Opcode::Phi:
            for (const Value* v : i->operands()) r.add(roots_of(v));
            break;
          case Opcode::Select:
            r = roots_of(i->operand(1));
            r.add(roots_of(i->operand(2)));
            break;
          default: r.writable = true; break;  // loaded pointers, inttoptr, calls, ...
        }
        if (!(roots_[i] == r)) {
          roots_[i] = r;
          changed = true;
        }
      }
    }
  }

  Roots roots_of(const Value* v) const {
    Roots r;
    switch (v->value_kind()) {
      case Value::ValueKind::Constant: return r;  // null or undef: nothing to read
      case Value::ValueKind::Argument: {
        auto* arg = static_cast<const ir::Argument*>(v);
        r.writable = !(fn_.is_kernel() && (fn_.param_attrs(arg->index()) & ir::ReadOnly));
        return r;
      }
      case Value::ValueKind::Global:
        r.writable = static_cast<const ir::Global*>(v)->addr_space() != ir::AddrSpace::Const;
        return r;
      case Value::ValueKind::Instruction: {
        auto it = roots_.find(v);
        return it == roots_.end() ? r : it->second;
      }
    }
    return r;
  }

  // What a load through `ptr` (in memory or a memcpy's source) reads.
  UniformityInfo::ValueInfo load(const Value* ptr) {
    UniformityInfo::ValueInfo addr = info_of(ptr);
    UniformityInfo::ValueInfo out{strict(addr.level), addr.level > U::Block ? VarianceSource::Memory : VarianceSource::None};
    Roots r = roots_of(ptr);
    if (r.writable) return make(U::Varying, VarianceSource::Memory);
    for (const Instruction* a : r.allocas) {
      UniformityInfo::ValueInfo s = alloca_level_[a];
      if (s.level > out.level) out = s;
    }
    return out;
  }

  // Locals left in memory: a load reads what any store may have put there.
  void summarize_allocas() {
    auto raise = [&](const Roots& r, UniformityInfo::ValueInfo v) {
      for (const Instruction* a : r.allocas)
        if (v.level > alloca_level_[a].level) alloca_level_[a] = v;
    };
    auto control_of = [&](const Instruction* i) {
      const auto& c = control_[i->parent()];
      return UniformityInfo::ValueInfo{c.level, VarianceSource::ThreadIndex};
    };
    auto max = [](UniformityInfo::ValueInfo a, UniformityInfo::ValueInfo b) { return b.level > a.level ? b : a; };
    auto strict_info = [&](const Value* v) {
      UniformityInfo::ValueInfo x = info_of(v);
      x.level = strict(x.level);
      return x;
    };
    for (const Block* b : rpo_)
      for (const Instruction* i : b->instructions()) {
        const Opcode op = i->opcode();
        for (unsigned k = 0; k < i->num_operands(); ++k) {
          const Value* v = i->operand(k);
          if (!v->type().is_ptr()) continue;
          Roots r = roots_of(v);
          if (r.allocas.empty()) continue;
          const bool address = (op == Opcode::Load && k == 0) || (op == Opcode::Store && k == 1) ||
                               (op == Opcode::MemCopy && k < 2) || (op == Opcode::MemSet && k == 0) ||
                               (op == Opcode::PtrAdd && k == 0) || op == Opcode::AddrSpaceCast ||
                               op == Opcode::Phi || (op == Opcode::Select && k > 0) || op == Opcode::ICmp;
          // The address escapes: an asm's output, or anything stored through a copy of it.
          if (!address)
            raise(r, make(U::Varying, op == Opcode::InlineAsm ? VarianceSource::InlineAsm : VarianceSource::Memory));
        }
        if (op == Opcode::Store) {
          raise(roots_of(i->operand(1)), max(max(strict_info(i->operand(0)), strict_info(i->operand(1))), control_of(i)));
        } else if (op == Opcode::MemCopy) {
          UniformityInfo::ValueInfo v = max(load(i->operand(1)), strict_info(i->operand(2)));
          raise(roots_of(i->operand(0)), max(max(v, strict_info(i->operand(0))), control_of(i)));
        } else if (op == Opcode::MemSet) {
          UniformityInfo::ValueInfo v = max(strict_info(i->operand(1)), strict_info(i->operand(2)));
          raise(roots_of(i->operand(0)), max(max(v, strict_info(i->operand(0))), control_of(i)));
        }
      }
  }

  // --- sync dependence
  bool apply_branch(const Block* b) {
    const Instruction* term = b->terminator();
    UniformityInfo::ValueInfo cond = info_of(term->operand(0));
    const U level = strict(cond.level);
    Region& r = regions_.at(b);
    if (level <= r.applied) return false;
    r.applied = level;
    const VarianceSource source = cond.source;
    auto force = [&](const Instruction* i) {
      auto& f = forced_[i];
      if (level > f.level) f = {level, source};
    };
    for (const Block* x : r.set) {
      auto& c = control_[x];
      c.level = std::max(c.level, level);
      if (!c.cause_warp) c.cause_warp = term;
      if (level == U::Varying && !c.cause_varying) c.cause_varying = term;
      for (const Instruction* i : x->instructions()) {
        if (i->opcode() != Opcode::Phi) break;
        force(i);
      }
    }
    // A phi of the join chooses by the path a thread came along only when two of its incoming
    // edges start in the region (or at the branch). With one such edge every thread from the
    // branch arrives along it (the join's other predecessors lie past the join, as a loop's
    // latch when the join heads a loop), and a value that edge brings from inside the region
    // is temporal divergence, below.
    if (r.join)
      for (const Instruction* i : r.join->instructions()) {
        if (i->opcode() != Opcode::Phi) break;
        std::unordered_set<const Block*> from_region;
        for (const Block* from : i->blocks())
          if (from == b || r.set.count(from)) from_region.insert(from);
        if (from_region.size() >= 2) force(i);
      }
    // Temporal divergence: values defined inside the region and used outside it.
    for (const Block* x : r.set)
      for (const Instruction* def : x->instructions()) {
        auto it = users_.find(def);
        if (it == users_.end()) continue;
        for (const Instruction* user : it->second)
          if (!r.set.count(user->parent()) && ir::has_result(user->opcode())) force(user);
      }
    return true;
  }

  const ir::Function& fn_;
  std::unordered_map<const Value*, UniformityInfo::ValueInfo>& values_;
  std::unordered_map<const Block*, UniformityInfo::ControlInfo>& control_;
  std::unordered_set<const Block*>& doomed_;
  const unsigned log2_;   // the group "Warp" stands for: 2^5 lanes (a warp) or 2^7 (a warpgroup)
  const std::uint64_t group_;
  std::optional<std::array<std::uint32_t, 3>> shape_;
  std::vector<const Block*> rpo_;
  std::vector<const Block*> branches_;
  std::unordered_map<const Block*, Region> regions_;
  std::unordered_map<const Value*, UniformityInfo::ValueInfo> forced_;
  std::unordered_map<const Value*, Roots> roots_;
  std::unordered_map<const Value*, std::vector<const Instruction*>> users_;
  std::unordered_map<const Instruction*, UniformityInfo::ValueInfo> alloca_level_;
};

}  // namespace

const char* uniformity_name(Uniformity u) {
  switch (u) {
    case Uniformity::Block: return "block";
    case Uniformity::Warp: return "warp";
    case Uniformity::WarpHigh: return "warp-high";
    case Uniformity::Varying: return "varying";
  }
  return "?";
}

Uniformity UniformityInfo::value(const ir::Value* v) const {
  auto it = values_.find(v);
  return it == values_.end() ? Uniformity::Block : it->second.level;
}

VarianceSource UniformityInfo::source(const ir::Value* v) const {
  auto it = values_.find(v);
  return it == values_.end() ? VarianceSource::None : it->second.source;
}

Uniformity UniformityInfo::control(const ir::Block* b) const {
  auto it = control_.find(b);
  return it == control_.end() ? Uniformity::Block : it->second.level;
}

const ir::Instruction* UniformityInfo::divergence_cause(const ir::Block* b, Uniformity level) const {
  auto it = control_.find(b);
  if (it == control_.end()) return nullptr;
  return level == Uniformity::Varying ? it->second.cause_varying : it->second.cause_warp;
}

UniformityInfo analyze_uniformity(const ir::Function& fn, const UniformityOptions& options) {
  UniformityInfo info;
  if (fn.blocks().empty()) return info;
  Analyzer(fn, options, info.values_, info.control_, info.doomed_).run();
  return info;
}

}  // namespace simtc::analysis
