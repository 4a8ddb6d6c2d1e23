#include "analysis/race_int.hpp"

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <unordered_map>

namespace simtc::analysis {
namespace {

const char* kDims[] = {"x", "y", "z"};

std::string decimal(unsigned __int128 v) {
  if (v == 0) return "0";
  std::string s;
  for (; v != 0; v /= 10) s.push_back(static_cast<char>('0' + static_cast<int>(v % 10)));
  std::reverse(s.begin(), s.end());
  return s;
}

struct NoLinearForm {};

class Encoder {
 public:
  Encoder(z3::context& ctx, z3::solver& solver, const SymbolicInfo& info, const BlockShape& shape,
          const IntQuestion& q)
      : ctx_(ctx), solver_(solver), info_(info), shape_(shape), q_(q) {}

  struct Side {
    unsigned thread;
    const ir::Block* at;
    std::unordered_map<const Term*, z3::expr> memo;
  };

  struct Product {
    z3::expr p, x, y;
    unsigned bits_x, bits_y;
  };

  z3::expr big(unsigned __int128 v) { return ctx_.int_val(decimal(v).c_str()); }
  z3::expr pow2(unsigned w) { return big(static_cast<unsigned __int128>(1) << w); }
  std::string suffix(const Side& s) const { return s.thread == 0 ? "!A" : "!B"; }

  // A fresh integer in [0, 2^w).
  z3::expr ranged(const std::string& name, unsigned w) {
    auto [it, fresh] = declared_.emplace(name, ctx_.int_const(name.c_str()));
    if (fresh) solver_.add(it->second >= 0 && it->second < pow2(w));
    return it->second;
  }
  std::string id(const void* p) {
    auto [it, fresh] = ids_.emplace(p, static_cast<unsigned>(ids_.size()));
    return std::to_string(it->second);
  }

  z3::expr tid(unsigned d, unsigned thread) {
    return ranged(std::string("tid.") + kDims[d] + (thread == 0 ? "!A" : "!B"), 32);
  }
  z3::expr ntid(unsigned d) {
    if (shape_) return ctx_.int_val((*shape_)[d]);
    return ranged(std::string("ntid.") + kDims[d], 32);
  }
  z3::expr ctaid(unsigned d, const Side& s) {
    return ranged(std::string("ctaid.") + kDims[d] + (q_.other_block ? suffix(s) : ""), 32);
  }
  z3::expr nctaid(unsigned d) { return ranged(std::string("nctaid.") + kDims[d], 32); }

  bool shared_scope(const ir::Block* scope, const Side& s) const {
    return !q_.other_block && info_.same_iteration(scope, s.at, *q_.split);
  }

  // e (an integer in [0, 2^bits)) modulo 2^w.
  z3::expr wrap(const z3::expr& e, unsigned bits, unsigned w) {
    if (bits <= w) return e;
    const std::string n = "w" + std::to_string(aux_++);
    z3::expr quotient = ctx_.int_const((n + "q").c_str());
    z3::expr r = ranged(n + "r", w);
    solver_.add(quotient >= 0 && e == r + pow2(w) * quotient);
    return r;
  }
  // floor(e / c) and e mod c for a constant c > 0.
  std::pair<z3::expr, z3::expr> divide(const z3::expr& e, std::uint64_t c, unsigned w) {
    const std::string n = "d" + std::to_string(aux_++);
    z3::expr quotient = ranged(n + "q", w);
    z3::expr r = ctx_.int_const((n + "r").c_str());
    solver_.add(r >= 0 && r < big(c) && e == quotient * big(c) + r);
    return {quotient, r};
  }
  z3::expr as_signed(const z3::expr& e, unsigned w) { return z3::ite(e >= pow2(w - 1), e - pow2(w), e); }

  z3::expr value(const Term* t, Side& s) {
    return memoized(s.memo, t, [&] { return compute(t, s); });
  }

  z3::expr compute(const Term* t, Side& s) {
    const unsigned w = t->width;
    const unsigned dim = static_cast<unsigned>(t->value % 3);
    auto bits = [&](const Term* x) { return term_bits(x, shape_); };
    switch (t->kind) {
      case Term::Kind::Const: return big(t->value);
      case Term::Kind::ThreadIndex: return wrap(tid(dim, s.thread), 32, w);
      case Term::Kind::LaneIndex: return wrap(ranged("laneid" + suffix(s), 32), 32, w);
      case Term::Kind::BlockDim: return wrap(ntid(dim), 32, w);
      case Term::Kind::BlockIndex: return wrap(ctaid(dim, s), 32, w);
      case Term::Kind::GridDim: return wrap(nctaid(dim), 32, w);
      case Term::Kind::DynamicShared: return wrap(ranged("dynamic_size", 32), 32, w);
      case Term::Kind::Argument: return ranged("arg" + std::to_string(t->value) + "." + std::to_string(w), w);
      case Term::Kind::Symbol: {
        std::string name = "v" + id(t);
        if (t->per_thread || q_.other_block || !shared_scope(t->scope, s)) name += suffix(s);
        z3::expr v = ranged(name, w);
        if (t->upper != nullptr) solver_.add(v <= value(t->upper, s));
        return v;
      }
      case Term::Kind::LoopCount: {
        std::string name = "k" + id(t);
        if (!shared_scope(t->scope, s)) name += suffix(s);
        z3::expr k = ranged(name, w);
        s.memo.emplace(t, k);  // the facts below may name k again
        loop_bound_facts(t, s, k);
        return k;
      }
      case Term::Kind::Cast: {
        z3::expr a = value(t->ops[0], s);
        const unsigned from = t->ops[0]->width;
        if (t->op == ir::Opcode::ZExt) return a;
        if (t->op == ir::Opcode::Trunc) return wrap(a, bits(t->ops[0]), w);
        if (w <= from) return wrap(a, bits(t->ops[0]), w);
        return z3::ite(a >= pow2(from - 1), a + (pow2(w) - pow2(from)), a);  // sext
      }
      case Term::Kind::Compare: {
        z3::expr a = value(t->ops[0], s), b = value(t->ops[1], s);
        const unsigned ow = t->ops[0]->width;
        z3::expr c = ctx_.bool_val(false);
        switch (t->pred) {
          case ir::CmpPred::Eq: c = a == b; break;
          case ir::CmpPred::Ne: c = a != b; break;
          case ir::CmpPred::Ult: c = a < b; break;
          case ir::CmpPred::Ule: c = a <= b; break;
          case ir::CmpPred::Ugt: c = a > b; break;
          case ir::CmpPred::Uge: c = a >= b; break;
          case ir::CmpPred::Slt: c = as_signed(a, ow) < as_signed(b, ow); break;
          case ir::CmpPred::Sle: c = as_signed(a, ow) <= as_signed(b, ow); break;
          case ir::CmpPred::Sgt: c = as_signed(a, ow) > as_signed(b, ow); break;
          case ir::CmpPred::Sge: c = as_signed(a, ow) >= as_signed(b, ow); break;
          default: throw NoLinearForm{};
        }
        return z3::ite(c, ctx_.int_val(1), ctx_.int_val(0));
      }
      case Term::Kind::Select:
        return z3::ite(value(t->ops[0], s) == 1, value(t->ops[1], s), value(t->ops[2], s));
      case Term::Kind::Binary: return binary(t, s);
    }
    throw NoLinearForm{};
  }

  z3::expr binary(const Term* t, Side& s) {
    const unsigned w = t->width;
    const Term* lhs = t->ops[0];
    const Term* rhs = t->ops[1];
    const unsigned ba = term_bits(lhs, shape_), bb = term_bits(rhs, shape_);
    const bool const_rhs = rhs->kind == Term::Kind::Const, const_lhs = lhs->kind == Term::Kind::Const;
    z3::expr a = value(lhs, s), b = value(rhs, s);
    auto bits_of = [](std::uint64_t v) {
      unsigned n = 0;
      for (; v != 0; v >>= 1) ++n;
      return n;
    };
    switch (t->op) {
      case ir::Opcode::Add: return wrap(a + b, std::max(ba, bb) + 1, w);
      case ir::Opcode::Sub: return z3::ite(a >= b, a - b, a - b + pow2(w));
      case ir::Opcode::Mul: {
        if (const_rhs) return wrap(a * big(rhs->value), ba + bits_of(rhs->value), w);
        if (const_lhs) return wrap(big(lhs->value) * b, bb + bits_of(lhs->value), w);
        return wrap(product("p" + id(t) + suffix(s), a, b, ba, bb), ba + bb, w);
      }
      case ir::Opcode::Shl:
        if (!const_rhs || rhs->value >= w) throw NoLinearForm{};
        return wrap(a * pow2(static_cast<unsigned>(rhs->value)), ba + static_cast<unsigned>(rhs->value), w);
      case ir::Opcode::LShr:
        if (!const_rhs || rhs->value >= w) throw NoLinearForm{};
        return divide(a, std::uint64_t(1) << rhs->value, w).first;
      case ir::Opcode::UDiv:
        if (!const_rhs || rhs->value == 0) throw NoLinearForm{};
        return divide(a, rhs->value, w).first;
      case ir::Opcode::URem:
        if (!const_rhs || rhs->value == 0) throw NoLinearForm{};
        return divide(a, rhs->value, w).second;
      case ir::Opcode::And: {
        if (!const_rhs) throw NoLinearForm{};
        const std::uint64_t m = rhs->value;
        const std::uint64_t full = w >= 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << w) - 1;
        if (m != 0 && ((m + 1) & m) == 0) return divide(a, m + 1, w).second;  // low bits
        const std::uint64_t low = ~m & full;                                   // high bits
        if (low != 0 && ((low + 1) & low) == 0) return a - divide(a, low + 1, w).second;
        throw NoLinearForm{};
      }
      default: throw NoLinearForm{};
    }
  }

  // A thread inside the body of a loop that runs while `init + step * k < bound`: its variable
  // stayed below the bound in every iteration so far, so where bound + step fits the width it
  // never wrapped, and its exact value is below the bound (symbolic.hpp, LoopBound).
  void loop_bound_facts(const Term* k, Side& s, const z3::expr& kv) {
    const ir::Block* header = k->scope;
    if (!info_.in_body(header, s.at)) return;
    for (const LoopBound& lb : info_.loop_bounds()) {
      if (lb.count != k) continue;
      const unsigned w = lb.bound->width;
      const unsigned bs = term_bits(lb.step, shape_), bk = term_bits(k, shape_);
      z3::expr step = value(lb.step, s), bound = value(lb.bound, s), init = value(lb.init, s);
      z3::expr stride = lb.step->kind == Term::Kind::Const ? step * kv : product("iv" + id(k) + suffix(s), step, kv, bs, bk);
      solver_.add(z3::implies(bound + step <= pow2(w), init + stride < bound));
    }
  }

  // x * y as a fresh integer (an operand that is a constant here makes it exact).
  z3::expr product(const std::string& name, const z3::expr& x, const z3::expr& y, unsigned bx, unsigned by) {
    if (x.is_numeral() || y.is_numeral()) return x * y;
    z3::expr p = ctx_.int_const(name.c_str());
    products_.push_back({p, x, y, bx, by});
    return p;
  }

  // The laws of products (exact, as the products here are the true ones before wrapping).
  void product_lemmas() {
    auto max_of = [](unsigned b) {
      return b >= 64 ? static_cast<unsigned __int128>(~std::uint64_t(0))
                     : static_cast<unsigned __int128>((std::uint64_t(1) << b) - 1);
    };
    for (std::size_t i = 0; i < products_.size(); ++i) {
      const Product& a = products_[i];
      solver_.add(a.p >= 0 && a.p <= big(max_of(a.bits_x) * max_of(a.bits_y)));
      // Linear bounds from one operand's value and the other's bits.
      solver_.add(a.p <= a.x * big(max_of(a.bits_y)) && a.p <= big(max_of(a.bits_x)) * a.y);
      solver_.add(z3::implies(a.x == 0 || a.y == 0, a.p == 0));
      solver_.add(z3::implies(a.x == 1, a.p == a.y));
      solver_.add(z3::implies(a.y == 1, a.p == a.x));
      solver_.add(z3::implies(a.y >= 1, a.p >= a.x));
      solver_.add(z3::implies(a.x >= 1, a.p >= a.y));
      for (std::size_t j = 0; j < products_.size(); ++j) {
        if (i == j) continue;
        const Product& b = products_[j];
        if (i < j) {
          solver_.add(z3::implies(a.x == b.x && a.y == b.y, a.p == b.p));
          solver_.add(z3::implies(a.x == b.y && a.y == b.x, a.p == b.p));
        }
        solver_.add(z3::implies(a.y == b.y && a.x < b.x, b.p >= a.p + a.y));
        solver_.add(z3::implies(a.x == b.x && a.y < b.y, b.p >= a.p + a.x));
        solver_.add(z3::implies(a.x == b.y && a.y < b.x, b.p >= a.p + a.x));
        solver_.add(z3::implies(a.y == b.x && a.x < b.y, b.p >= a.p + a.y));
      }
    }
  }
  const std::vector<Product>& products() const { return products_; }

 private:
  z3::context& ctx_;
  z3::solver& solver_;
  const SymbolicInfo& info_;
  const BlockShape& shape_;
  const IntQuestion& q_;
  std::unordered_map<std::string, z3::expr> declared_;
  std::unordered_map<const void*, unsigned> ids_;
  std::vector<Product> products_;
  unsigned aux_ = 0;
};

}  // namespace

unsigned term_bits(const Term* t, const BlockShape& shape) {
  const unsigned w = t->width;
  auto cap = [w](unsigned b) { return std::min(b, w); };
  auto of = [](std::uint64_t v) {
    unsigned b = 0;
    for (; v != 0; v >>= 1) ++b;
    return b;
  };
  auto bits = [&](const Term* x) { return term_bits(x, shape); };
  const unsigned dim = static_cast<unsigned>(t->value % 3);
  switch (t->kind) {
    case Term::Kind::Const: return of(t->value);
    case Term::Kind::ThreadIndex: return cap(shape ? of((*shape)[dim] - 1) : (dim == 2 ? 6 : 10));
    case Term::Kind::LaneIndex: return cap(5);
    case Term::Kind::BlockDim: return cap(shape ? of((*shape)[dim]) : (dim == 2 ? 7 : 11));
    case Term::Kind::BlockIndex:
    case Term::Kind::GridDim: return cap(dim == 0 ? 31 : 16);
    case Term::Kind::Symbol: return t->upper != nullptr ? cap(bits(t->upper)) : w;
    case Term::Kind::Cast:
      if (t->op == ir::Opcode::ZExt || t->op == ir::Opcode::Trunc) return cap(bits(t->ops[0]));
      return bits(t->ops[0]) < t->ops[0]->width ? cap(bits(t->ops[0])) : w;
    case Term::Kind::Binary: {
      const unsigned a = bits(t->ops[0]), b = bits(t->ops[1]);
      const Term* rhs = t->ops[1];
      switch (t->op) {
        case ir::Opcode::Add: return cap(std::max(a, b) + 1);
        case ir::Opcode::Mul: return cap(a + b);
        case ir::Opcode::And: return std::min(a, b);
        case ir::Opcode::Or:
        case ir::Opcode::Xor: return std::max(a, b);
        case ir::Opcode::UDiv: return a;
        case ir::Opcode::URem: return std::min(a, b);
        case ir::Opcode::LShr:
          return rhs->kind == Term::Kind::Const && rhs->value < w ? a - std::min<unsigned>(a, rhs->value) : a;
        case ir::Opcode::Shl:
          return rhs->kind == Term::Kind::Const && rhs->value < w ? cap(a + static_cast<unsigned>(rhs->value)) : w;
        default: return w;
      }
    }
    case Term::Kind::Select: return std::max(bits(t->ops[1]), bits(t->ops[2]));
    case Term::Kind::Compare: return 1;
    default: return w;
  }
}

namespace {

// The question, asked of `solver` (ctx's, limits set); may throw NoLinearForm or z3::exception.
IntAnswer ask(z3::context& ctx, z3::solver& solver, const SymbolicInfo& info, const BlockShape& shape,
              const IntQuestion& q) {
  IntAnswer answer;
  {
    Encoder enc(ctx, solver, info, shape, q);
    Encoder::Side sa{0, block_of(*q.a), {}};
    Encoder::Side sb{1, block_of(*q.b), {}};
    // The block: its shape, each thread inside it, the lane as the linear index's low 5 bits.
    if (!shape)
      for (unsigned d = 0; d < 3; ++d) solver.add(enc.ntid(d) >= 1 && enc.ntid(d) <= (d == 2 ? 64 : 1024));
    for (Encoder::Side* s : {&sa, &sb}) {
      for (unsigned d = 0; d < 3; ++d) solver.add(enc.tid(d, s->thread) < enc.ntid(d));
      // The lane id: the linear index tid.x + ntid.x * (tid.y + ntid.y * tid.z) modulo 32.
      const std::string t = enc.suffix(*s);
      z3::expr inner = enc.tid(1, s->thread) + enc.product("lin.z" + t, enc.ntid(1), enc.tid(2, s->thread), 11, 6);
      z3::expr lin = enc.tid(0, s->thread) + enc.product("lin.y" + t, enc.ntid(0), inner, 11, 17);
      solver.add(enc.ranged("laneid" + t, 32) == enc.divide(lin, 32, 32).second);
    }
    if (q.other_block) {
      z3::expr differ = ctx.bool_val(false);
      for (unsigned d = 0; d < 3; ++d) {
        solver.add(enc.nctaid(d) <= (d == 0 ? 0x7fffffff : 0xffff));
        solver.add(enc.ctaid(d, sa) < enc.nctaid(d) && enc.ctaid(d, sb) < enc.nctaid(d));
        differ = differ || enc.ctaid(d, sa) != enc.ctaid(d, sb);
        if (q.split_dim >= 0 && d < static_cast<unsigned>(q.split_dim)) solver.add(enc.ctaid(d, sa) == enc.ctaid(d, sb));
        if (q.split_dim >= 0 && d == static_cast<unsigned>(q.split_dim)) solver.add(enc.ctaid(d, sa) != enc.ctaid(d, sb));
      }
      solver.add(differ);
    } else {
      z3::expr differ = ctx.bool_val(false);
      for (unsigned d = 0; d < 3; ++d) differ = differ || enc.tid(d, 0) != enc.tid(d, 1);
      solver.add(differ);
    }
    auto place = [&](const SharedAccess& x, Encoder::Side& s, z3::expr& off, z3::expr& size) {
      off = enc.value(x.offset, s);
      size = enc.value(x.size, s);
      if (x.var == nullptr) {
        const std::uint64_t space = std::uint64_t(1) << 49;
        solver.add(off + size <= enc.big(space));
        if (x.size->kind == Term::Kind::Const && x.size->value != 0)
          solver.add(enc.ranged("arg" + std::to_string(x.buffer->index() + 1) + ".64", 64) <=
                     enc.big(space / x.size->value));
        return;
      }
      z3::expr limit = x.var->is_extern() ? enc.ranged("dynamic_size", 32) : enc.big(x.var->size());
      solver.add(off + size <= limit);
    };
    if (q.size_params != nullptr)
      for (unsigned i : *q.size_params) solver.add(enc.ranged("arg" + std::to_string(i) + ".64", 64) <= enc.big(std::uint64_t(1) << 49));
    z3::expr off_a = ctx.int_val(0), size_a = off_a, off_b = off_a, size_b = off_a;
    place(*q.a, sa, off_a, size_a);
    place(*q.b, sb, off_b, size_b);
    solver.add(off_a < off_b + size_b && off_b < off_a + size_a);
    for (const Guard& g : q.a->guards) solver.add(enc.value(g.cond, sa) == (g.value ? 1 : 0));
    for (const Guard& g : q.b->guards) solver.add(enc.value(g.cond, sb) == (g.value ? 1 : 0));
    enc.product_lemmas();
    answer.result = solver.check();
    if (answer.result == z3::unknown) answer.why = solver.reason_unknown();
    if (answer.result != z3::sat) return answer;
    z3::model model = solver.get_model();
    bool exact = true;
    for (const Encoder::Product& p : enc.products()) exact = exact && model.eval(p.p == p.x * p.y, true).is_true();
    if (!exact) {
      // Keep each product's first operand as the model has it, which makes the product linear
      // and exact: a model then is two real threads.
      for (const Encoder::Product& p : enc.products()) {
        z3::expr x = model.eval(p.x, true);
        solver.add(p.x == x && p.p == x * p.y);
      }
      if (solver.check() != z3::sat) {
        answer.result = z3::unknown;
        answer.why = "spurious";
        return answer;
      }
      model = solver.get_model();
    }
    if (std::getenv("SIMTC_DEBUG_RACE") != nullptr) std::cerr << solver << "\nmodel:\n" << model << "\n";
    auto num = [&](const z3::expr& e) {
      std::uint64_t v = 0;
      z3::expr r = model.eval(e, true);
      return r.is_numeral_u64(v) ? v : 0;
    };
    RaceWitness w;
    for (unsigned d = 0; d < 3; ++d) {
      w.tid_a[d] = num(enc.tid(d, 0));
      w.tid_b[d] = num(enc.tid(d, 1));
      w.ctaid_a[d] = num(enc.ctaid(d, sa));
      w.ctaid_b[d] = num(enc.ctaid(d, sb));
    }
    w.other_block = q.other_block;
    w.byte = std::max(num(off_a), num(off_b));
    answer.witness = w;
  }
  return answer;
}

}  // namespace

std::uint64_t resource_units(const z3::solver& solver) {
  const z3::stats stats = solver.statistics();
  for (unsigned i = 0; i < stats.size(); ++i)
    if (stats.key(i) == "rlimit count") return stats.is_uint(i) ? stats.uint_value(i) : static_cast<std::uint64_t>(stats.double_value(i));
  return 0;
}

IntAnswer ask_in_integers(unsigned timeout_ms, unsigned rlimit, const SymbolicInfo& info, const BlockShape& shape,
                          const IntQuestion& q) {
  IntAnswer answer;
  try {
    // A context of its own: Z3's search depends on the order its terms were made in, so each
    // question gets the same answer in the same time whatever was asked before (a context
    // costs milliseconds; the interval argument leaves few questions).
    z3::context ctx;
    z3::params params(ctx);
    params.set("timeout", timeout_ms);
    params.set("rlimit", rlimit);
    // Z3's general solver, not the QF_LIA tactic's: that one's preprocessing is not metered by
    // the resource limit, and on a shifted window over a shared tile (tests/codegen/
    // prove_bounds.cpp) it ran into the 10 s time limit where this solver answers in 0.3 s.
    z3::solver solver(ctx);
    solver.set(params);
    try {
      answer = ask(ctx, solver, info, shape, q);
    } catch (const NoLinearForm&) {
      answer.unsupported = true;
    } catch (const z3::exception& e) {
      answer.result = z3::unknown;
      answer.why = e.msg();
    }
    answer.units = resource_units(solver);
  } catch (const z3::exception& e) {
    answer.result = z3::unknown;
    answer.why = e.msg();
  }
  return answer;
}

}  // namespace simtc::analysis
