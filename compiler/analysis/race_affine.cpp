#include "analysis/race_affine.hpp"

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <map>
#include <optional>
#include <set>
#include <unordered_map>
#include <unordered_set>
#include <utility>

#include "analysis/race_linear.hpp"
#include "analysis/race_parity.hpp"

namespace simtc::analysis {
namespace {

using namespace affine;

class Prover {
 public:
  // `quick`: a range computed with a cycle cut at the term itself is kept (see eval).
  Prover(const SymbolicInfo& info, const BlockShape& shape, const IntQuestion& q, bool quick,
         std::map<const Term*, unsigned, TermOrder> pins = {}, bool outer = false)
      : info_(info), shape_(shape), q_(q), quick_(quick), outer_(outer), parity_(std::move(pins)) {
    a_.thread = 0, a_.access = q.a, a_.at = block_of(*q.a);
    b_.thread = 1, b_.access = q.b, b_.at = block_of(*q.b);
    // Every view's size is within the 2^49-byte address space; a buffer's, in its elements.
    for (unsigned p : *q.size_params) arg_cap_[p] = Int(1) << 49;
    for (const SharedAccess* x : {q.a, q.b})
      if (x->buffer != nullptr && x->size->kind == Term::Kind::Const && x->size->value != 0) {
        Int& cap = arg_cap_[x->buffer->index() + 1];
        cap = std::min<Int>(cap == 0 ? kHuge : cap, (Int(1) << 49) / x->size->value);
      }
  }

  /// The values whose parity the shared offsets depend on (a case split on them may prove more).
  const std::vector<const Term*>& parities() const { return parity_.bases(); }

  bool run() {
    std::uint64_t sa = 0, sb = 0;
    if (!is_const(q_.a->size, &sa) || !is_const(q_.b->size, &sb) || sa == 0 || sb == 0) return false;
    try {
      // One condition that both threads see with one value (a loop's test of a uniform value
      // in the same iteration), taken one way by the first access and the other way by the
      // second: the two never run in one interval (a tree reduction's step inside the loop
      // and the read after the loop's last step).
      for (const Guard& ga : q_.a->guards)
        for (const Guard& gb : q_.b->guards)
          if (ga.cond == gb.cond && ga.value != gb.value && !own(ga.cond, a_) && !own(gb.cond, b_)) return true;
      for (Side* s : {&a_, &b_})
        for (const Guard& g : s->access->guards) note_guard(g.cond, g.value, *s);
      // Products of shared values that a guard bounds (a requirement's `rows * cols <= N`):
      // their ranges bound the monomials of every range computed after (see concrete).
      for (Side* s : {&a_, &b_})
        for (const Guard& g : s->access->guards)
          if (g.cond->kind == Term::Kind::Compare)
            for (const Term* op : g.cond->ops)
              if (const Term* x = strip_zext(op); x->kind == Term::Kind::Binary && x->op == ir::Opcode::Mul && !own(x, *s))
                eval(x, *s);
      Form fa = linear(q_.a->offset, a_), fb = linear(q_.b->offset, b_);
      const std::vector<Pair> paired = pairs(fa, fb);
      if (debug()) {
        std::cerr << "intervals: " << (q_.other_block ? "two blocks, dim " + std::to_string(q_.split_dim) : "one block")
                  << "\n  A " << term_str(q_.a->offset) << "\n  B " << term_str(q_.b->offset) << "\n";
        for (const auto& [u, c] : fa.units) std::cerr << "  unit A " << term_str(u) << " * " << str(c) << "\n";
        for (const auto& [u, c] : fb.units) std::cerr << "  unit B " << term_str(u) << " * " << str(c) << "\n";
      }
      std::set<const Term*, TermOrder> equal;
      switch (separate(q_.a->offset, q_.b->offset, Int(sa), Int(sb), paired, equal)) {
        case Verdict::Proven: return true;
        case Verdict::Unknown: return false;
        case Verdict::Equal: return contradiction(equal);
      }
    } catch (const Infeasible&) {
      return true;
    } catch (const GiveUp&) {
      if (debug()) std::cerr << "  gave up\n";
    }
    return false;
  }

 private:
  struct Bound {
    const Term* other;  // value <= other + delta (upper) or value >= other + delta
    Int delta;
    bool upper;
    bool is_signed;     // from a signed comparison: only when both values are below 2^(w-1)
  };
  struct Side {
    unsigned thread = 0;
    const SharedAccess* access = nullptr;
    const ir::Block* at = nullptr;
    std::unordered_map<const Term*, Range> memo;
    std::unordered_set<const Term*> exact;    // the node is its operation on its operands' values
    std::unordered_set<const Term*> linear;   // a node of the offset's exact linear part
    std::unordered_map<const Term*, std::vector<Bound>> bounds;
    std::unordered_map<const Term*, std::uint64_t> fixed;  // guards `x == c`
    std::unordered_map<const Term*, unsigned> busy;  // being computed, at this depth
    unsigned low = ~0u;  // the shallowest busy term a cycle was cut at, in the current evaluation
    std::unordered_map<const Term*, bool> per_side;
  };
  // An offset's exact linear part: sum of coefficient * unit + konst, the units this thread's own.
  struct Form {
    std::map<const Term*, Lin, TermOrder> units;
    Lin konst;
  };
  enum class Verdict { Proven, Equal, Unknown };

  const SymbolicInfo& info_;
  const BlockShape& shape_;
  const IntQuestion& q_;
  const bool quick_;
  const bool outer_;  // keep the first symbolic upper bound noted of a value, not the last
  Side a_, b_;
  std::unordered_map<unsigned, Int> arg_cap_;
  std::unordered_map<const Term*, std::pair<Int, Int>> shared_range_;  // of each shared value
  // Of products of shared values, from an exact multiplication's range (its guards' bounds).
  std::map<Mono, std::pair<Int, Int>, MonoOrder> mono_range_;
  // x % 2 of shared values as atoms (race_parity.hpp), with the case split's fixed ones.
  ParityAtoms parity_;

  static bool debug() { return std::getenv("SIMTC_DEBUG_INTERVALS") != nullptr; }
  static std::string num(Int v) {
    if (v == 0) return "0";
    std::string out;
    const bool neg = v < 0;
    for (Int x = neg ? -v : v; x != 0; x /= 10) out.insert(out.begin(), static_cast<char>('0' + static_cast<int>(x % 10)));
    return neg ? "-" + out : out;
  }
  static std::string str(const Lin& l) {
    std::string out = num(l.c);
    for (const auto& [m, k] : l.s) {
      out += " + " + num(k);
      for (const Term* t : m) out += "*" + term_str(t);
    }
    return out;
  }

  // --- what the two threads share -------------------------------------------------------------

  bool shared_scope(const ir::Block* scope, const Side& s) const {
    return !q_.other_block && info_.same_iteration(scope, s.at, *q_.split);
  }

  // Whether `t` may have different values in the two threads.
  bool own(const Term* t, Side& s) {
    if (auto it = s.per_side.find(t); it != s.per_side.end()) return it->second;
    bool r = false;
    switch (t->kind) {
      case Term::Kind::ThreadIndex:
      case Term::Kind::LaneIndex: r = true; break;
      case Term::Kind::BlockIndex: r = q_.other_block && static_cast<int>(t->value) >= q_.split_dim; break;
      case Term::Kind::Symbol: r = t->per_thread || q_.other_block || !shared_scope(t->scope, s); break;
      case Term::Kind::LoopCount: r = !shared_scope(t->scope, s); break;
      case Term::Kind::Binary:
      case Term::Kind::Cast:
      case Term::Kind::Compare:
      case Term::Kind::Select:
        for (const Term* op : t->ops) r = r || own(op, s);
        break;
      default: break;
    }
    s.per_side[t] = r;
    return r;
  }

  std::pair<Int, Int> concrete(const Lin& l) const {
    Int lo = l.c, hi = l.c;
    for (const auto& [m, k] : l.s) {
      Int slo = 1, shi = 1;
      for (const Term* t : m) {
        const auto& [tlo, thi] = shared_range_.at(t);
        slo = mul(slo, tlo);
        shi = mul(shi, thi);
      }
      if (auto it = mono_range_.find(m); it != mono_range_.end()) {
        slo = std::max(slo, it->second.first);
        shi = std::min(shi, it->second.second);
      }
      lo = add(lo, k >= 0 ? mul(k, slo) : mul(k, shi));
      hi = add(hi, k >= 0 ? mul(k, shi) : mul(k, slo));
    }
    return {lo, hi};
  }
  bool nonneg(const Lin& l) const { return concrete(l).first >= 0; }

  // --- guards -----------------------------------------------------------------------------------

  void note_guard(const Term* cond, bool value, Side& s) {
    // trunc1(zext(c)) of a 1-bit c is c.
    while (cond->kind == Term::Kind::Cast && cond->ops[0]->kind == Term::Kind::Cast &&
           cond->ops[0]->ops[0]->width == 1)
      cond = cond->ops[0]->ops[0];
    if (cond->kind == Term::Kind::Select) {
      const Term* c = cond->ops[0];
      std::uint64_t v = 0;
      if (!value && is_const(cond->ops[1], &v) && v == 1) {  // c || e is false
        note_guard(c, false, s);
        note_guard(cond->ops[2], false, s);
      } else if (value && is_const(cond->ops[2], &v) && v == 0) {  // c && e is true
        note_guard(c, true, s);
        note_guard(cond->ops[1], true, s);
      }
      return;
    }
    if (cond->kind != Term::Kind::Compare) return;
    using P = ir::CmpPred;
    P p = cond->pred;
    if (!value) {
      switch (p) {
        case P::Eq: p = P::Ne; break;
        case P::Ne: p = P::Eq; break;
        case P::Ult: p = P::Uge; break;
        case P::Ule: p = P::Ugt; break;
        case P::Ugt: p = P::Ule; break;
        case P::Uge: p = P::Ult; break;
        case P::Slt: p = P::Sge; break;
        case P::Sle: p = P::Sgt; break;
        case P::Sgt: p = P::Sle; break;
        case P::Sge: p = P::Slt; break;
        default: return;
      }
    }
    const Term* x = cond->ops[0];
    const Term* y = cond->ops[1];
    bool is_signed = p == P::Slt || p == P::Sle || p == P::Sgt || p == P::Sge;
    // x <= y + d, as bounds on both.
    auto le = [&](const Term* l, const Term* r, Int d) {
      s.bounds[l].push_back({r, d, true, is_signed});
      s.bounds[r].push_back({l, -d, false, is_signed});
    };
    std::uint64_t v = 0;
    switch (p) {
      case P::Eq:
        if (is_const(y, &v)) s.fixed[x] = v;
        if (is_const(x, &v)) s.fixed[y] = v;
        le(x, y, 0);
        le(y, x, 0);
        break;
      case P::Ult: case P::Slt: le(x, y, -1); break;
      case P::Ule: case P::Sle: le(x, y, 0); break;
      case P::Ugt: case P::Sgt: le(y, x, -1); break;
      case P::Uge: case P::Sge: le(y, x, 0); break;
      default: break;
    }
  }

  // --- ranges -----------------------------------------------------------------------------------

  Range leaf(const Term* t, Side& s) {
    const unsigned dim = static_cast<unsigned>(t->value % 3);
    const unsigned w = t->width;
    switch (t->kind) {
      case Term::Kind::Const: return span(Int(t->value), Int(t->value));
      case Term::Kind::ThreadIndex: return span(0, shape_ ? Int((*shape_)[dim]) - 1 : (dim == 2 ? 63 : 1023));
      case Term::Kind::LaneIndex: return span(0, 31);
      case Term::Kind::BlockDim:
        return shape_ ? span((*shape_)[dim], (*shape_)[dim]) : span(1, dim == 2 ? 64 : 1024);
      case Term::Kind::BlockIndex: return span(0, dim == 0 ? 0x7ffffffe : 0xfffe);
      case Term::Kind::GridDim: return span(1, dim == 0 ? 0x7fffffff : 0xffff);
      case Term::Kind::Argument: {
        auto it = arg_cap_.find(static_cast<unsigned>(t->value));
        return span(0, it != arg_cap_.end() && w == 64 ? it->second : max_of(w));
      }
      case Term::Kind::Symbol: {
        Range r = span(0, max_of(w));
        if (t->upper != nullptr) {
          const Range u = eval(t->upper, s);
          r.hi = u.hi;
          r.chi = std::min(r.chi, u.chi);
        }
        return r;
      }
      case Term::Kind::LoopCount: {
        Range r = span(0, max_of(w));
        // Inside the body of a loop that runs while init + step * k < bound (symbolic.hpp).
        const ir::Block* header = t->scope;
        if (!info_.in_body(header, s.at)) return r;
        for (const LoopBound& lb : info_.loop_bounds()) {
          if (lb.count != t) continue;
          const Range bound = eval(lb.bound, s), step = eval(lb.step, s), init = eval(lb.init, s);
          if (step.clo < 1 || add(bound.chi, step.chi) > max_of(lb.bound->width) + 1) continue;
          r.chi = std::min(r.chi, std::max<Int>(0, (bound.chi - 1 - init.clo) / step.clo));
          r.hi = constant(r.chi);
        }
        return r;
      }
      default: return span(0, max_of(w));  // ntid without a shape is a leaf above; dynamic size
    }
  }

  Range eval(const Term* t, Side& s) {
    if (auto it = s.memo.find(t); it != s.memo.end()) return it->second;
    const unsigned depth = static_cast<unsigned>(s.busy.size());
    if (auto [it, fresh] = s.busy.emplace(t, depth); !fresh) {  // a guard naming itself: nothing known here
      s.low = std::min(s.low, it->second);
      return span(0, max_of(t->width));
    }
    const unsigned low_before = std::exchange(s.low, ~0u);
    Range r = structural(t, s);
    // The monomial of an exact product of shared values, before the guards bound its range.
    std::optional<Mono> product;
    if (t->kind == Term::Kind::Binary && t->op == ir::Opcode::Mul && s.exact.count(t) && r.lo == r.hi &&
        r.lo.c == 0 && r.lo.s.size() == 1 && r.lo.s[0].second == 1 && r.lo.s[0].first.size() >= 2)
      product = r.lo.s[0].first;
    tighten(t, r, s);
    s.busy.erase(t);
    // A range computed with a cycle cut short above t depends on how t was reached: not kept.
    // Cut at t or below, it is the range a fresh evaluation of t computes now; the quick prover
    // keeps it, the thorough one computes it again each time, with what it has learnt since of
    // the shared values' ranges (the quick one's misses are the thorough one's second chance).
    const bool keep = quick_ ? s.low >= depth : s.low == ~0u;
    s.low = std::min(s.low, low_before);
    if (!own(t, s)) {
      // One value for both threads: itself, with what is known of it.
      const Term* key = strip_zext(t);
      Lin form;
      if (key->kind != Term::Kind::Const && r.clo != r.chi &&
          (parity_.form(key, form, shared_range_) ||
           (s.exact.count(t) && r.lo == r.hi && parity_.mentioned_in(form = r.lo)))) {
        // A linear form over parities (exact): kept as it is, its bounds narrowed by the form's.
        const auto [lo, hi] = concrete(form);
        r.clo = std::max(r.clo, lo);
        r.chi = std::min(r.chi, hi);
        if (r.clo > r.chi) throw Infeasible{};
        r.lo = r.hi = form;
      } else if (key->kind != Term::Kind::Const && r.clo != r.chi) {
        // An exact product of shared values (x * y with no wrap): its range is the monomial's.
        if (product) {
          auto [mt, mfresh] = mono_range_.emplace(*product, std::make_pair(r.clo, r.chi));
          if (!mfresh) mt->second = {std::max(mt->second.first, r.clo), std::min(mt->second.second, r.chi)};
          if (mt->second.first > mt->second.second) throw Infeasible{};
        }
        auto [it, fresh] = shared_range_.emplace(key, std::make_pair(r.clo, r.chi));
        if (!fresh) it->second = {std::max(it->second.first, r.clo), std::min(it->second.second, r.chi)};
        if (it->second.first > it->second.second) throw Infeasible{};
        r.lo = r.hi = monomial({key}, 1);
      }
    }
    if (keep) s.memo[t] = r;
    return r;
  }

  // The range from the operands, and whether the node is exact (no wrap).
  Range structural(const Term* t, Side& s) {
    const unsigned w = t->width;
    const Range full = span(0, max_of(w));
    // tid.x + ntid.x * (tid.y + ntid.y * tid.z) with ntid.x * ntid.y * ntid.z <= 1024.
    if (!shape_ && is_linear_thread_index(t)) return span(0, 1023);
    auto exact_if = [&](bool ok, const Range& r) {
      if (!ok) return full;
      s.exact.insert(t);
      return r;
    };
    switch (t->kind) {
      case Term::Kind::Binary: break;
      case Term::Kind::Cast: {
        const Range a = eval(t->ops[0], s);
        if (t->op == ir::Opcode::ZExt) return exact_if(true, a);
        if (t->op == ir::Opcode::Trunc) return exact_if(a.chi <= max_of(w), a);
        return exact_if(a.chi <= max_of(t->ops[0]->width - 1), a);  // sext of a non-negative value
      }
      case Term::Kind::Select: {
        const Range x = eval(t->ops[1], s), y = eval(t->ops[2], s);
        return span(std::min(x.clo, y.clo), std::max(x.chi, y.chi));
      }
      case Term::Kind::Compare: return span(0, 1);
      default: return leaf(t, s);
    }
    const Range a = eval(t->ops[0], s), b = eval(t->ops[1], s);
    std::uint64_t k = 0;
    const bool const_b = is_const(t->ops[1], &k);
    switch (t->op) {
      case ir::Opcode::Add: {
        Range r{a.lo + b.lo, a.hi + b.hi, add(a.clo, b.clo), add(a.chi, b.chi)};
        return exact_if(symbolic_max(r) <= max_of(w), r);
      }
      case ir::Opcode::Sub: {
        Range r{a.lo - b.hi, a.hi - b.lo, a.clo - b.chi, a.chi - b.clo};
        return exact_if(r.clo >= 0, r);
      }
      case ir::Opcode::Mul: {
        Range r = times(a, b);
        return exact_if(symbolic_max(r) <= max_of(w), r);
      }
      case ir::Opcode::Shl: {
        if (!const_b || k >= w) return full;
        Range r = times(a, span(Int(1) << k, Int(1) << k));
        return exact_if(r.chi <= max_of(w), r);
      }
      case ir::Opcode::UDiv:
      case ir::Opcode::LShr: {
        if (!const_b || (t->op == ir::Opcode::LShr && k >= w)) return span(0, a.chi);
        const Int d = t->op == ir::Opcode::UDiv ? Int(k) : Int(1) << k;
        if (d == 0) return full;
        return span(a.clo / d, a.chi / d);
      }
      case ir::Opcode::URem:
      case ir::Opcode::And: {
        if (!const_b) return span(0, t->op == ir::Opcode::And ? std::min(a.chi, b.chi) : a.chi);
        // x % m, x & (m - 1) for a power of two m: x itself when x < m.
        const bool low_mask = t->op == ir::Opcode::And && ((k + 1) & k) == 0;
        const Int m = t->op == ir::Opcode::URem ? Int(k) : low_mask ? Int(k) + 1 : 0;
        if (m != 0 && a.chi < m) return exact_if(true, a);
        if (m != 0) return span(0, m - 1);
        return span(0, std::min(a.chi, Int(k)));
      }
      default: return full;
    }
  }

  // r.chi, narrowed by the constant bound of r.hi (a product of shared values that a guard
  // bounds, where the product of their ranges does not: `(rows - 1) * cols + cols - 1` below
  // 2^32 by `rows * cols <= 4294967295`).
  Int symbolic_max(Range& r) const {
    if (r.hi.is_const()) return r.chi;
    try {
      r.chi = std::min(r.chi, concrete(r.hi).second);
    } catch (const GiveUp&) {
    }
    return r.chi;
  }

  // The product of two ranges of unsigned values.
  Range times(const Range& a, const Range& b) const {
    const bool low = nonneg(a.lo) && nonneg(b.lo);
    return {low ? a.lo * b.lo : constant(0), a.hi * b.hi, mul(a.clo, b.clo), mul(a.chi, b.chi)};
  }

  // The guards' bounds on t (its own, where the guard names t itself).
  void tighten(const Term* t, Range& r, Side& s) {
    if (auto it = s.fixed.find(t); it != s.fixed.end()) {
      const Int v = Int(it->second);
      if (v < r.clo || v > r.chi) throw Infeasible{};
      r = span(v, v);
    }
    auto it = s.bounds.find(t);
    if (it == s.bounds.end()) return;
    for (const Bound& bd : it->second) {
      if (auto b = s.busy.find(bd.other); b != s.busy.end()) {  // being computed: this range misses the bound
        s.low = std::min(s.low, b->second);
        continue;
      }
      const Range o = eval(bd.other, s);
      if (bd.is_signed) {
        const Int half = max_of(t->width - 1);
        if (r.chi > half || o.chi > half) continue;
      }
      if (bd.upper) {
        const Lin hi = o.hi + constant(bd.delta);
        // Of two symbolic bounds, one is kept: the last noted, or in the outer pass the first
        // (the outermost guard, a loop's test of its counter, rather than an access's bounds
        // check inside the loop).
        if (hi.is_const() ? r.hi.is_const() && hi.c < r.hi.c : !(outer_ && !r.hi.is_const())) r.hi = hi;
        r.chi = std::min(r.chi, o.chi + bd.delta);
      } else {
        const Lin lo = o.lo + constant(bd.delta);
        if (!lo.is_const() || (r.lo.is_const() && lo.c > r.lo.c)) r.lo = lo;
        r.clo = std::max(r.clo, o.clo + bd.delta);
      }
      if (r.clo > r.chi) throw Infeasible{};
    }
  }

  // --- linear forms -----------------------------------------------------------------------------

  Form unit(const Term* t) {
    Form f;
    f.units[t] = constant(1);
    return f;
  }

  Form linear(const Term* t, Side& s) {
    const Range r = eval(t, s);
    if (!own(t, s)) return Form{{}, r.lo};
    if (!s.exact.count(t) || (!shape_ && is_linear_thread_index(t))) return unit(t);
    Form f;
    auto sum = [&](const Form& x, const Form& y, Int sign) {
      Form out = x;
      out.konst = out.konst + scale(y.konst, sign);
      for (const auto& [u, c] : y.units) {
        Lin& slot = out.units[u];
        slot = slot + scale(c, sign);
        if (slot == Lin{}) out.units.erase(u);
      }
      return out;
    };
    // A form times a shared value m.
    auto times_shared = [&](const Form& x, const Lin& m) {
      Form out;
      out.konst = x.konst * m;
      for (const auto& [u, c] : x.units) out.units[u] = c * m;
      return out;
    };
    switch (t->kind) {
      case Term::Kind::Cast: f = linear(t->ops[0], s); break;
      case Term::Kind::Binary:
        switch (t->op) {
          case ir::Opcode::Add: f = sum(linear(t->ops[0], s), linear(t->ops[1], s), 1); break;
          case ir::Opcode::Sub: f = sum(linear(t->ops[0], s), linear(t->ops[1], s), -1); break;
          case ir::Opcode::Shl: f = sum(Form{}, linear(t->ops[0], s), Int(1) << t->ops[1]->value); break;
          case ir::Opcode::URem:
          case ir::Opcode::And: f = linear(t->ops[0], s); break;  // x itself (exact)
          case ir::Opcode::Mul: {
            const Term* x = t->ops[0];
            const Term* y = t->ops[1];
            if (own(x, s) && own(y, s)) return unit(t);
            if (own(x, s)) std::swap(x, y);  // x shared
            f = times_shared(linear(y, s), eval(x, s).lo);
            break;
          }
          default: return unit(t);
        }
        break;
      default: return unit(t);
    }
    s.linear.insert(t);
    return f;
  }

  // The range of t's value with the units in z taken as 0 where t is linear in them (where they
  // are equal in the two threads, their parts of the offsets cancel).
  Range without(const Term* t, Side& s, const std::set<const Term*, TermOrder>& z) {
    reach_.clear();
    return without_here(t, s, z);
  }
  Range without_here(const Term* t, Side& s, const std::set<const Term*, TermOrder>& z) {
    if (z.count(t)) return span(0, 0);
    if (!s.linear.count(t) || !reaches(t, s, z)) return eval(t, s);
    auto finish = [&](Lin lo, Lin hi) {
      Range r{lo, hi, concrete(lo).first, concrete(hi).second};
      return r;
    };
    if (t->kind == Term::Kind::Cast) return without_here(t->ops[0], s, z);
    switch (t->op) {
      case ir::Opcode::Add: {
        const Range x = without_here(t->ops[0], s, z), y = without_here(t->ops[1], s, z);
        return finish(x.lo + y.lo, x.hi + y.hi);
      }
      case ir::Opcode::Sub: {
        const Range x = without_here(t->ops[0], s, z), y = without_here(t->ops[1], s, z);
        return finish(x.lo - y.hi, x.hi - y.lo);
      }
      case ir::Opcode::Shl: {
        const Range x = without_here(t->ops[0], s, z);
        const Int m = Int(1) << t->ops[1]->value;
        return finish(scale(x.lo, m), scale(x.hi, m));
      }
      case ir::Opcode::URem:
      case ir::Opcode::And: return without_here(t->ops[0], s, z);
      case ir::Opcode::Mul: {
        const Term* x = t->ops[0];
        const Term* y = t->ops[1];
        if (own(x, s)) std::swap(x, y);
        const Lin m = eval(x, s).lo;  // shared, >= 0: m * [lo, hi] = [m * lo, m * hi]
        const Range v = without_here(y, s, z);
        return finish(m * v.lo, m * v.hi);
      }
      default: return eval(t, s);
    }
  }
  // Whether t is linear in a unit of z (for one call of `without`: memoized in reach_).
  bool reaches(const Term* t, Side& s, const std::set<const Term*, TermOrder>& z) {
    if (z.count(t)) return true;
    if (!s.linear.count(t)) return false;
    if (auto it = reach_.find(t); it != reach_.end()) return it->second;
    const bool r = std::any_of(t->ops.begin(), t->ops.end(), [&](const Term* op) { return reaches(op, s, z); });
    reach_[t] = r;
    return r;
  }
  std::unordered_map<const Term*, bool> reach_;

  // --- the case split -----------------------------------------------------------------------------

  // Units of the two offsets with one coefficient: the same unit in both (tid.x), or two that
  // play the same part (the counts of two loops with the same step).
  struct Pair {
    const Term* ua;  // in A's offset
    const Term* ub;  // in B's offset
    Lin c;
  };
  static std::vector<Pair> pairs(const Form& fa, const Form& fb) {
    std::vector<Pair> out;
    std::set<const Term*, TermOrder> used_b;
    for (const auto& [u, c] : fa.units)
      if (auto it = fb.units.find(u); it != fb.units.end() && it->second == c) {
        out.push_back({u, u, c});
        used_b.insert(u);
      }
    for (const auto& [u, c] : fa.units) {
      if (fb.units.count(u)) continue;
      for (const auto& [v, d] : fb.units)
        if (!fa.units.count(v) && !used_b.count(v) && d == c) {
          out.push_back({u, v, c});
          used_b.insert(v);
          break;
        }
    }
    return out;
  }

  // Whether ta's bytes [ta, ta + sa) in thread A and tb's in thread B can meet, split on the
  // pairs' units, largest coefficient first. Equal: where every pair's units are equal (the
  // units of the pairs of one unit go to `equal`).
  Verdict separate(const Term* ta, const Term* tb, Int sa, Int sb, std::vector<Pair> paired,
                   std::set<const Term*, TermOrder>& equal) {
    std::stable_sort(paired.begin(), paired.end(),
              [&](const Pair& x, const Pair& y) { return concrete(x.c).second > concrete(y.c).second; });
    std::set<const Term*, TermOrder> za, zb;
    std::vector<bool> done(paired.size(), false);
    for (;;) {
      const Range ra = without(ta, a_, za), rb = without(tb, b_, zb);
      if (debug())
        std::cerr << "  with " << za.size() << " equal: A in [" << str(ra.lo) << ", " << str(ra.hi) << "], B in ["
                  << str(rb.lo) << ", " << str(rb.hi) << "]\n";
      if (nonneg(ra.lo - rb.hi - constant(sb)) || nonneg(rb.lo - ra.hi - constant(sa))) return Verdict::Proven;
      bool left = false, split = false;
      for (std::size_t i = 0; i < paired.size() && !split; ++i) {
        if (done[i]) continue;
        const Pair& p = paired[i];
        left = true;
        std::set<const Term*, TermOrder> za2 = za, zb2 = zb;
        za2.insert(p.ua);
        zb2.insert(p.ub);
        const Range xa = without(ta, a_, za2), xb = without(tb, b_, zb2);
        const Lin olo = xa.lo - xb.hi, ohi = xa.hi - xb.lo;  // the rest of the difference
        const Range ua = eval(p.ua, a_), ub = eval(p.ub, b_);
        const bool can_up = ua.chi - ub.clo >= 1, can_down = ua.clo - ub.chi <= -1;
        bool up = false, down = false;
        if (nonneg(p.c)) {
          up = !can_up || nonneg(p.c + olo - constant(sb));
          down = !can_down || nonneg(p.c - ohi - constant(sa));
        } else if (nonneg(scale(p.c, -1))) {
          up = !can_up || nonneg(scale(p.c, -1) - ohi - constant(sa));
          down = !can_down || nonneg(scale(p.c, -1) + olo - constant(sb));
        }
        if (debug())
          std::cerr << "    split " << term_str(p.ua) << " / " << term_str(p.ub) << " * " << str(p.c) << ": rest in ["
                    << str(olo) << ", " << str(ohi) << "] " << (up && down ? "ok" : "no") << "\n";
        if (up && down) {
          za = std::move(za2);
          zb = std::move(zb2);
          done[i] = true;
          split = true;
        }
      }
      if (split) continue;
      if (left) return Verdict::Unknown;
      // Every pair split: in the case that is left, each pair's units are equal (whatever the
      // rest of the offsets, a unit one thread has alone included), and the caller asks whether
      // that makes the two threads one.
      if (paired.empty() && !(ra.lo == ra.hi && rb.lo == rb.hi && ra.lo == rb.lo)) return Verdict::Unknown;
      for (const Pair& p : paired)
        if (p.ua == p.ub) equal.insert(p.ua);
        else if (const Term* x = common_low(p.ua, p.ub)) equal.insert(x);
      return Verdict::Equal;
    }
  }

  // X in `X + C * k` or `X + (k << j)` of width w, when C (2^j) is a power of two no larger than
  // 2^w and both threads' X lie below it; else null.
  const Term* low_part(const Term* x, std::uint64_t* step = nullptr) {
    if (x->kind != Term::Kind::Binary || x->op != ir::Opcode::Add || x->width == 0 || x->width > 64) return nullptr;
    for (unsigned i = 0; i < 2; ++i) {
      const Term* low = x->ops[i];
      const Term* high = x->ops[1 - i];
      if (high->kind != Term::Kind::Binary) continue;
      std::uint64_t c = 0;
      if (high->op == ir::Opcode::Mul && (is_const(high->ops[1], &c) || is_const(high->ops[0], &c))) {
      } else if (high->op == ir::Opcode::Shl && is_const(high->ops[1], &c) && c < x->width) {
        c = std::uint64_t(1) << c;
      } else {
        continue;
      }
      if (c < 2 || (c & (c - 1)) != 0 || (x->width < 64 && c > (std::uint64_t(1) << x->width))) continue;
      if (eval(low, a_).chi < Int(c) && eval(low, b_).chi < Int(c)) {
        if (step != nullptr) *step = c;
        return low;
      }
    }
    return nullptr;
  }
  // X when u is `X + C * k` and v is `X + C * k'` (two loops' counters with one start and one
  // step): u in thread A equal to v in thread B gives X equal in both, by low_part's argument.
  const Term* common_low(const Term* u, const Term* v) {
    std::uint64_t cu = 0, cv = 0;
    const Term* lu = low_part(u, &cu);
    const Term* lv = low_part(v, &cv);
    return lu != nullptr && lu == lv && cu == cv && u->width == v->width ? lu : nullptr;
  }

  // Whether the units in `equal` being equal in the two threads makes them one thread (one
  // block) or puts them in one block (two blocks).
  bool contradiction(std::set<const Term*, TermOrder> equal) {
    if (debug())
      for (const Term* t : equal) std::cerr << "  equal " << term_str(t) << "\n";
    for (const auto& [t, v] : a_.fixed)
      if (auto it = b_.fixed.find(t); it != b_.fixed.end() && it->second == v) equal.insert(t);
    if (debug())
      for (const auto& [t, v] : a_.fixed) std::cerr << "  fixed A " << term_str(t) << " = " << v << "\n";
    auto find = [&](Term::Kind kind, std::uint64_t dim) {
      return std::any_of(equal.begin(), equal.end(), [&](const Term* t) { return t->kind == kind && t->value == dim; });
    };
    const bool one_dim = shape_ && (*shape_)[1] == 1 && (*shape_)[2] == 1;
    std::set<const Term*, TermOrder> tried;
    for (bool grew = true; grew;) {
      grew = false;
      std::vector<const Term*> add_now;
      for (const Term* t : equal) {
        const Term* x = strip_zext(t);
        if (x != t) add_now.push_back(x);
        if (x->kind == Term::Kind::Binary && is_const(x->ops[1])) {
          const Term* of = x->ops[0];
          const std::uint64_t k = x->ops[1]->value;
          // x / m and x % m (x >> j and x & (2^j - 1)) give x.
          for (const Term* y : equal) {
            const Term* yy = strip_zext(y);
            if (yy->kind != Term::Kind::Binary || yy->ops[0] != of || !is_const(yy->ops[1])) continue;
            const std::uint64_t j = yy->ops[1]->value;
            if ((x->op == ir::Opcode::UDiv && yy->op == ir::Opcode::URem && j == k) ||
                (x->op == ir::Opcode::LShr && yy->op == ir::Opcode::And && k < 64 && j == (std::uint64_t(1) << k) - 1))
              add_now.push_back(of);
          }
          // tid.x / m with m dividing 32 and the lane give tid.x in a block of one dimension.
          if (x->op == ir::Opcode::UDiv && one_dim && k != 0 && 32 % k == 0 && find(Term::Kind::LaneIndex, 0) &&
              strip_zext(of)->kind == Term::Kind::ThreadIndex && strip_zext(of)->value == 0)
            add_now.push_back(strip_zext(of));
        }
        // X + C * k (mod 2^w) with C a power of two up to 2^w and X below C: equal values have
        // equal X, their remainders mod C (a 32-bit column counter `t + 256 * k` gives t).
        if (const Term* low = low_part(x)) add_now.push_back(low);
        // S + X or X - S (mod 2^w) with S one value for both threads: X is equal (a 32-bit row
        // base `blockIdx.x * cols`, the same in one block, plus a column that may wrap).
        if (x->kind == Term::Kind::Binary && (x->op == ir::Opcode::Add || x->op == ir::Opcode::Sub))
          for (unsigned i = 0; i < 2; ++i)
            if (!own(x->ops[i], a_) && !own(x->ops[i], b_) && x->ops[1 - i]->width == x->width)
              add_now.push_back(x->ops[1 - i]);
        // The linear thread index is one number per thread.
        if (is_linear_thread_index(x)) return !q_.other_block;
        // A value of several units equal in both threads: its own split gives its units.
        if (own(x, a_) && own(x, b_) && tried.insert(x).second) {
          Form fa = linear(x, a_), fb = linear(x, b_);
          if (fa.units.size() == 1 && fa.units.begin()->first == x) continue;
          std::set<const Term*, TermOrder> more;
          const Verdict v = separate(x, x, 1, 1, pairs(fa, fb), more);
          if (v == Verdict::Proven) return true;
          if (v == Verdict::Equal) add_now.insert(add_now.end(), more.begin(), more.end());
        }
      }
      for (const Term* t : add_now) grew = equal.insert(t).second || grew;
    }
    if (debug())
      for (const Term* t : equal) std::cerr << "  finally equal " << term_str(t) << "\n";
    if (q_.other_block) return find(Term::Kind::BlockIndex, static_cast<std::uint64_t>(q_.split_dim));
    for (unsigned d = 0; d < 3; ++d)
      if (!(shape_ && (*shape_)[d] == 1) && !find(Term::Kind::ThreadIndex, d)) return false;
    return true;
  }
};

}  // namespace

bool disjoint_by_intervals(const SymbolicInfo& info, const BlockShape& shape, const IntQuestion& question) {
  if (question.other_block && question.split_dim < 0) return false;
  // The quick prover first, then the thorough one (the same argument, more precise and slower).
  for (const bool quick : {true, false}) {
    Prover first(info, shape, question, quick);
    if (first.run()) return true;
    // A case split on the parities the offsets depend on: proven when every case is.
    const std::vector<const Term*> bases = first.parities();
    if (bases.empty() || bases.size() > 3) continue;
    bool all = true;
    for (unsigned mask = 0; mask < (1u << bases.size()) && all; ++mask) {
      std::map<const Term*, unsigned, TermOrder> pins;
      for (std::size_t i = 0; i < bases.size(); ++i) pins[bases[i]] = (mask >> i) & 1u;
      all = Prover(info, shape, question, quick, std::move(pins)).run();
    }
    if (all) return true;
  }
  // Last, the quick prover keeping each value's outermost symbolic bound.
  return Prover(info, shape, question, true, {}, true).run();
}

}  // namespace simtc::analysis
