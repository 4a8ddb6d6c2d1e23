#include "analysis/race_solver.hpp"

#include "analysis/race_affine.hpp"
#include "analysis/race_int.hpp"

#include <z3++.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <unordered_map>
#include <unordered_set>

namespace simtc::analysis {
namespace {

using Clock = std::chrono::steady_clock;

const char* kDims[] = {"x", "y", "z"};

bool guards_thread_independent(const SharedAccess& a) {
  for (const Guard& g : a.guards)
    if (!is_thread_independent(g.cond)) return false;
  return true;
}

}  // namespace

struct RaceSolver::Impl {
  Impl(const SymbolicInfo& info, const RaceSolverOptions& options, const BlockShape& shape,
       const std::vector<unsigned>& size_params)
      : size_params(size_params), info(info), options(options), shape(shape) {}
  const std::vector<unsigned>& size_params;  // IR params that are views' sizes

  const SymbolicInfo& info;
  RaceSolverOptions options;
  BlockShape shape;
  z3::context ctx;
  std::chrono::milliseconds spent{0};
  std::uint64_t units = 0;      // Z3's resource units spent on this kernel (both kinds of query)
  std::uint64_t ctx_units = 0;  // ctx's count when `units` was last brought up to date

  // The kernel's budget is spent: its resource units (deterministic), or the time backstop.
  bool exhausted() const { return units >= options.kernel_rlimit || spent.count() >= options.kernel_ms; }
  const char* exhausted_reason() const {
    return units >= options.kernel_rlimit ? "the solver budget for this kernel's race proofs ran out"
                                          : "the time limit for this kernel's race proofs ran out";
  }
  // A query's resource limit: its own, or what is left of the kernel's when that is less.
  unsigned query_limit(unsigned own) const {
    const std::uint64_t left = options.kernel_rlimit > units ? options.kernel_rlimit - units : 1;
    return static_cast<unsigned>(std::min<std::uint64_t>(own, left));
  }
  std::unordered_map<const void*, unsigned> ids;
  std::string last_unknown;  // why the last query was undecided
  int split_dim = -1;        // two blocks: the first dimension in which they differ (-1: any)
  std::array<bool, 3> proven_dims{};  // two blocks: the dimensions the interval argument proved
  std::optional<z3::model> abstract_model;  // the last spurious one

  // A product of two non-constant terms as a fresh value p (the solver's multipliers are what
  // makes a query hard); lemmas that hold for x * y keep what the proofs need.
  struct Product {
    z3::expr p, x, y;
    unsigned bits_x, bits_y, width;
  };

  unsigned bits(const Term* t) const { return term_bits(t, shape); }

  // Lemmas of the products met, for each pair (both threads' together): equal operands give
  // equal products; without wrapping, a larger operand (the other equal) gives a product larger
  // by at least the other operand, a zero operand a zero product, and the product has at most
  // the bits of both.
  void product_lemmas(z3::solver& solver, const std::vector<Product>& all) {
    // x * y does not wrap: by the operands' bits alone, or when one operand is small enough for
    // the other's bits (a condition on the values, e.g. a row below a 32-bit row count).
    auto max_of = [](unsigned b) { return b >= 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << b) - 1; };
    std::vector<z3::expr> no_wrap;
    for (const Product& q : all) {
      const unsigned w = q.width;
      if (q.bits_x + q.bits_y <= w) {
        no_wrap.push_back(ctx.bool_val(true));
        solver.add(z3::ule(q.p, ctx.bv_val(max_of(q.bits_x) * max_of(q.bits_y), w)));
        continue;
      }
      z3::expr nw = ctx.bool_val(false);
      if (q.bits_y < w) {
        const unsigned room = w - q.bits_y;  // x below 2^room
        z3::expr pre = z3::ule(q.x, ctx.bv_val(max_of(room), w));
        nw = nw || pre;
        solver.add(z3::implies(pre, z3::ule(q.p, ctx.bv_val(max_of(room) * max_of(q.bits_y), w))));
      }
      if (q.bits_x < w) {
        const unsigned room = w - q.bits_x;
        z3::expr pre = z3::ule(q.y, ctx.bv_val(max_of(room), w));
        nw = nw || pre;
        solver.add(z3::implies(pre, z3::ule(q.p, ctx.bv_val(max_of(room) * max_of(q.bits_x), w))));
      }
      no_wrap.push_back(nw);
    }
    for (std::size_t i = 0; i < all.size(); ++i) {
      const Product& a = all[i];
      z3::expr zero = ctx.bv_val(0, a.width), one = ctx.bv_val(1, a.width);
      solver.add(z3::implies(a.x == zero || a.y == zero, a.p == zero));
      solver.add(z3::implies(a.x == one, a.p == a.y));
      solver.add(z3::implies(a.y == one, a.p == a.x));
      solver.add(z3::implies(no_wrap[i] && z3::ule(one, a.y), z3::uge(a.p, a.x)));
      solver.add(z3::implies(no_wrap[i] && z3::ule(one, a.x), z3::uge(a.p, a.y)));
      for (std::size_t j = 0; j < all.size(); ++j) {
        const Product& b = all[j];
        if (i == j || a.width != b.width) continue;
        if (i < j) {
          solver.add(z3::implies(a.x == b.x && a.y == b.y, a.p == b.p));
          solver.add(z3::implies(a.x == b.y && a.y == b.x, a.p == b.p));
        }
        z3::expr both = no_wrap[i] && no_wrap[j];
        solver.add(z3::implies(both && a.y == b.y && z3::ult(a.x, b.x), z3::uge(b.p, a.p + a.y)));
        solver.add(z3::implies(both && a.x == b.x && z3::ult(a.y, b.y), z3::uge(b.p, a.p + a.x)));
        solver.add(z3::implies(both && a.x == b.y && z3::ult(a.y, b.x), z3::uge(b.p, a.p + a.x)));
        solver.add(z3::implies(both && a.y == b.x && z3::ult(a.x, b.y), z3::uge(b.p, a.p + a.y)));
      }
    }
  }

  // One query's translation: the thread (0: A, 1: B), the loops it runs apart in, where it is.
  struct Side {
    unsigned thread;
    const std::vector<const ir::Block*>* split;
    bool other_block;  // the two threads are in different blocks
    const ir::Block* at;
    std::unordered_map<const Term*, z3::expr> memo;
    std::vector<const Term*> linear;  // linear thread indices met
    std::vector<z3::expr> facts;      // what the symbols met are known to satisfy
    std::vector<Product> products;    // products of two unknowns, abstracted (exact: kept)
    bool exact = false;               // translate products as products
  };

  std::string id(const void* p) {
    auto [it, fresh] = ids.emplace(p, static_cast<unsigned>(ids.size()));
    return std::to_string(it->second);
  }
  std::string suffix(const Side& s) const { return s.thread == 0 ? "!A" : "!B"; }
  z3::expr var(const std::string& name, unsigned width) { return ctx.bv_const(name.c_str(), width); }

  // A leaf that lives in the loop `scope`: one value for both threads (SymbolicInfo::same_iteration).
  bool shared_scope(const ir::Block* scope, const Side& s) const {
    return !s.other_block && info.same_iteration(scope, s.at, *s.split);
  }

  z3::expr thread_index(unsigned dim, unsigned thread) {
    return var(std::string("tid.") + kDims[dim] + (thread == 0 ? "!A" : "!B"), 32);
  }
  // ctaid: one for both threads of one block, one each for threads of two blocks.
  z3::expr block_index(unsigned dim, const Side& s) {
    return var(std::string("ctaid.") + kDims[dim] + (s.other_block ? suffix(s) : ""), 32);
  }
  z3::expr block_dim(unsigned dim) {
    if (shape) return ctx.bv_val((*shape)[dim], 32);
    return var(std::string("ntid.") + kDims[dim], 32);
  }

  z3::expr fit(z3::expr e, unsigned width) {
    const unsigned w = e.get_sort().bv_size();
    if (w == width) return e;
    if (w > width) return e.extract(width - 1, 0);
    return z3::zext(e, width - w);
  }

  // Inside the body of a loop that runs while `init + step * k < bound` (constant step): where
  // bound + step fits the width the variable never wrapped, so its exact value, computed in
  // twice the width, is below the bound (symbolic.hpp, LoopBound; race_int.cpp has the same).
  void loop_bound_facts(const Term* k, Side& s, const z3::expr& kv) {
    if (!info.in_body(k->scope, s.at)) return;
    for (const LoopBound& lb : info.loop_bounds()) {
      if (lb.count != k || lb.step->kind != Term::Kind::Const) continue;
      const unsigned w = lb.bound->width;
      auto wide = [&](const z3::expr& e) { return fit(e, 2 * w); };
      const z3::expr bound = wide(translate(lb.bound, s)), init = wide(translate(lb.init, s));
      const z3::expr step = ctx.bv_val(static_cast<std::uint64_t>(lb.step->value), 2 * w);
      const z3::expr limit = z3::shl(ctx.bv_val(1, 2 * w), ctx.bv_val(w, 2 * w));
      s.facts.push_back(z3::implies(z3::ule(bound + step, limit), z3::ult(init + step * wide(kv), bound)));
    }
  }

  z3::expr translate(const Term* t, Side& s) {
    return memoized(s.memo, t, [&] { return translate_uncached(t, s); });
  }

  z3::expr translate_uncached(const Term* t, Side& s) {
    const unsigned w = t->width;
    const unsigned dim = static_cast<unsigned>(t->value % 3);
    switch (t->kind) {
      case Term::Kind::Const: return ctx.bv_val(static_cast<std::uint64_t>(t->value), w);
      case Term::Kind::ThreadIndex: return fit(thread_index(dim, s.thread), w);
      case Term::Kind::LaneIndex: return fit(var("laneid" + suffix(s), 32), w);
      case Term::Kind::BlockDim: return fit(block_dim(dim), w);
      case Term::Kind::BlockIndex: return fit(block_index(dim, s), w);
      case Term::Kind::GridDim: return fit(var(std::string("nctaid.") + kDims[dim], 32), w);
      case Term::Kind::DynamicShared: return fit(var("dynamic_size", 32), w);
      case Term::Kind::Argument: return var("arg" + std::to_string(t->value) + "." + std::to_string(w), w);
      case Term::Kind::Symbol: {
        std::string name = "v" + id(t);
        // In different blocks even a block-uniform unknown may differ.
        if (t->per_thread || s.other_block || !shared_scope(t->scope, s)) name += suffix(s);
        z3::expr v = var(name, w);
        if (t->upper != nullptr) s.facts.push_back(z3::ule(v, translate(t->upper, s)));
        return v;
      }
      case Term::Kind::LoopCount: {
        std::string name = "k" + id(t);
        if (!shared_scope(t->scope, s)) name += suffix(s);
        z3::expr k = var(name, w);
        loop_bound_facts(t, s, k);
        return k;
      }
      case Term::Kind::Binary: {
        if (is_linear_thread_index(t)) {
          // Under the block facts every value here is below 1024, so 16 bits compute it exactly
          // (and keep the solver's multipliers small).
          s.linear.push_back(t);
          auto low = [](const z3::expr& e) { return e.extract(15, 0); };
          z3::expr lin = low(thread_index(0, s.thread)) +
                         low(block_dim(0)) * (low(thread_index(1, s.thread)) +
                                              low(block_dim(1)) * low(thread_index(2, s.thread)));
          return z3::zext(lin, 48);
        }
        z3::expr a = translate(t->ops[0], s);
        z3::expr b = translate(t->ops[1], s);
        if (t->op == ir::Opcode::Mul && !s.exact && !a.is_numeral() && !b.is_numeral()) {
          z3::expr p = var("p" + id(t) + suffix(s), w);
          s.products.push_back({p, a, b, bits(t->ops[0]), bits(t->ops[1]), w});
          return p;
        }
        switch (t->op) {
          case ir::Opcode::Add: return a + b;
          case ir::Opcode::Sub: return a - b;
          case ir::Opcode::Mul: return a * b;
          case ir::Opcode::And: return a & b;
          case ir::Opcode::Or: return a | b;
          case ir::Opcode::Xor: return a ^ b;
          // The IR takes shift amounts modulo the width.
          case ir::Opcode::Shl: return z3::shl(a, z3::urem(b, ctx.bv_val(w, w)));
          case ir::Opcode::LShr: return z3::lshr(a, z3::urem(b, ctx.bv_val(w, w)));
          case ir::Opcode::AShr: return z3::ashr(a, z3::urem(b, ctx.bv_val(w, w)));
          case ir::Opcode::UDiv: return z3::udiv(a, b);
          case ir::Opcode::URem: return z3::urem(a, b);
          case ir::Opcode::SDiv: return a / b;
          case ir::Opcode::SRem: return z3::srem(a, b);
          default: break;
        }
        break;
      }
      case Term::Kind::Cast: {
        z3::expr a = translate(t->ops[0], s);
        const unsigned from = t->ops[0]->width;
        if (t->op == ir::Opcode::SExt) return w > from ? z3::sext(a, w - from) : fit(a, w);
        return fit(a, w);  // zext, trunc
      }
      case Term::Kind::Compare: {
        z3::expr a = translate(t->ops[0], s);
        z3::expr b = translate(t->ops[1], s);
        z3::expr c = ctx.bool_val(false);
        switch (t->pred) {
          case ir::CmpPred::Eq: c = a == b; break;
          case ir::CmpPred::Ne: c = a != b; break;
          case ir::CmpPred::Ult: c = z3::ult(a, b); break;
          case ir::CmpPred::Ule: c = z3::ule(a, b); break;
          case ir::CmpPred::Ugt: c = z3::ugt(a, b); break;
          case ir::CmpPred::Uge: c = z3::uge(a, b); break;
          case ir::CmpPred::Slt: c = z3::slt(a, b); break;
          case ir::CmpPred::Sle: c = z3::sle(a, b); break;
          case ir::CmpPred::Sgt: c = z3::sgt(a, b); break;
          case ir::CmpPred::Sge: c = z3::sge(a, b); break;
          default: return var("c" + id(t) + suffix(s), 1);  // not an integer predicate
        }
        return z3::ite(c, ctx.bv_val(1, 1), ctx.bv_val(0, 1));
      }
      case Term::Kind::Select: {
        z3::expr c = translate(t->ops[0], s);
        return z3::ite(c == ctx.bv_val(1, 1), translate(t->ops[1], s), translate(t->ops[2], s));
      }
    }
    return var("u" + id(t) + suffix(s), w);
  }

  // The facts about one thread: its index within the block shape.
  void thread_facts(z3::solver& solver, unsigned thread) {
    for (unsigned d = 0; d < 3; ++d) solver.add(z3::ult(thread_index(d, thread), block_dim(d)));
    // The hardware cuts a block into warps by the linear thread index: the lane is its low
    // five bits.
    auto low = [](const z3::expr& e) { return e.extract(15, 0); };
    z3::expr lin = low(thread_index(0, thread)) +
                   low(block_dim(0)) * (low(thread_index(1, thread)) + low(block_dim(1)) * low(thread_index(2, thread)));
    solver.add(var(std::string("laneid") + (thread == 0 ? "!A" : "!B"), 32) == z3::zext(lin.extract(4, 0), 27));
  }

  void block_facts(z3::solver& solver) {
    if (shape) return;
    z3::expr one = ctx.bv_val(1, 32);
    for (unsigned d = 0; d < 3; ++d) {
      solver.add(z3::uge(block_dim(d), one));
      solver.add(z3::ule(block_dim(d), ctx.bv_val(d == 2 ? 64 : 1024, 32)));
    }
    // ntid.x * ntid.y * ntid.z <= 1024, in 22 bits: 1024 * 1024 and 1024 * 64 do not wrap there.
    auto narrow = [](const z3::expr& e) { return z3::zext(e.extract(10, 0), 11); };
    z3::expr xy = narrow(block_dim(0)) * narrow(block_dim(1));
    solver.add(z3::ule(xy, ctx.bv_val(1024, 22)));
    solver.add(z3::ule(xy * narrow(block_dim(2)), ctx.bv_val(1024, 22)));
  }

  // Two blocks of one grid: ctaid < nctaid within the device's grid limits, and they differ.
  void grid_facts(z3::solver& solver, Side& a, Side& b) {
    z3::expr differ = ctx.bool_val(false);
    for (unsigned d = 0; d < 3; ++d) {
      z3::expr n = var(std::string("nctaid.") + kDims[d], 32);
      solver.add(z3::ule(n, ctx.bv_val(d == 0 ? 0x7fffffffu : 0xffffu, 32)));
      solver.add(z3::ult(block_index(d, a), n));
      solver.add(z3::ult(block_index(d, b), n));
      differ = differ || block_index(d, a) != block_index(d, b);
      // One query per dimension in which the blocks first differ: three easier ones.
      if (split_dim >= 0 && d < static_cast<unsigned>(split_dim)) solver.add(block_index(d, a) == block_index(d, b));
      if (split_dim >= 0 && d == static_cast<unsigned>(split_dim)) solver.add(block_index(d, a) != block_index(d, b));
    }
    solver.add(differ);
  }

  // The access lies inside its variable.
  void access_facts(z3::solver& solver, const SharedAccess& x, Side& s, z3::expr& off, z3::expr& size) {
    off = translate(x.offset, s);
    size = translate(x.size, s);
    if (x.var == nullptr) {
      // A buffer: safe code reaches it only in bounds (its accesses are checked against its
      // size), and no buffer is larger than the GPU's 2^49-byte virtual address space, so
      // neither is the size (in elements of at least this access's bytes) nor the range.
      const std::uint64_t space = std::uint64_t(1) << 49;
      solver.add(z3::ule(size, ctx.bv_val(space, 64)));
      solver.add(z3::ule(off, ctx.bv_val(space, 64) - size));
      if (x.size->kind == Term::Kind::Const && x.size->value != 0)
        solver.add(z3::ule(var("arg" + std::to_string(x.buffer->index() + 1) + ".64", 64),
                           ctx.bv_val(space / x.size->value, 64)));
      return;
    }
    z3::expr limit = x.var->is_extern() ? z3::zext(var("dynamic_size", 32), 32)
                                        : ctx.bv_val(static_cast<std::uint64_t>(x.var->size()), 64);
    solver.add(z3::ule(size, limit));
    solver.add(z3::ule(off, limit - size));
  }

  // What the symbols met so far satisfy (added once each).
  void symbol_facts(z3::solver& solver, Side& s, std::size_t& done_linear, std::size_t& done_facts, Side& other) {
    // The linear thread index differs between the two threads: a lemma the solver finds hard
    // with unknown block sizes (a product of variables).
    for (; done_linear < s.linear.size(); ++done_linear)
      if (!s.other_block) solver.add(translate(s.linear[done_linear], s) != translate(s.linear[done_linear], other));
    for (; done_facts < s.facts.size(); ++done_facts) solver.add(s.facts[done_facts]);
  }

  z3::check_result run(z3::solver& solver) {
    const auto begin = Clock::now();
    const unsigned left = options.kernel_ms > spent.count() ? options.kernel_ms - static_cast<unsigned>(spent.count()) : 1;
    z3::params params(ctx);
    params.set("timeout", std::max(1u, std::min(options.query_ms, left)));
    params.set("rlimit", query_limit(options.query_rlimit));
    solver.set(params);
    const z3::check_result result = solver.check();
    spent += std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - begin);
    // ctx's count grows over all of its solvers' checks.
    const std::uint64_t now = resource_units(solver);
    if (now > ctx_units) units += now - ctx_units, ctx_units = now;
    return result;
  }

  // Cheap answers without the solver, for constant byte ranges: apart, they are disjoint; when
  // they overlap and neither access is guarded by a thread-dependent condition, every thread
  // that runs one runs it on the same bytes, so any two threads race.
  std::optional<RaceAnswer> decide_constant(const SharedAccess& a, const SharedAccess& b) const {
    auto is_const = [](const Term* t) { return t->kind == Term::Kind::Const; };
    if (!is_const(a.offset) || !is_const(b.offset) || !is_const(a.size) || !is_const(b.size)) return std::nullopt;
    RaceAnswer answer;
    const std::uint64_t a0 = a.offset->value, a1 = a0 + a.size->value;
    const std::uint64_t b0 = b.offset->value, b1 = b0 + b.size->value;
    if (a1 <= b0 || b1 <= a0) {
      answer.verdict = RaceVerdict::Disjoint;
      return answer;
    }
    if (!guards_thread_independent(a) || !guards_thread_independent(b)) return std::nullopt;
    // Thread 0 and the next thread of the block, if there is one.
    RaceWitness w;
    unsigned dim = 0;
    while (shape && dim < 3 && (*shape)[dim] < 2) ++dim;
    if (dim == 3) {
      answer.verdict = RaceVerdict::Disjoint;  // a block of one thread
      return answer;
    }
    w.tid_b[dim] = 1;
    w.byte = std::max(a0, b0);
    answer.verdict = RaceVerdict::Race;
    answer.witness = w;
    return answer;
  }

  // One query: can thread A running `a` and thread B running `b` touch a common byte? With
  // `exact`, products are products; otherwise they are abstracted (product_lemmas), so unsat
  // proves disjointness and sat may be spurious. On sat, `witness` gets the model's threads.
  z3::check_result query(const SharedAccess& a, const SharedAccess& b, const std::vector<const ir::Block*>& split,
                         bool other_block, bool exact, std::optional<RaceWitness>& witness, bool& spurious,
                         const z3::model* fix = nullptr) {
    z3::solver solver(ctx, "QF_BV");
    // Replaying an abstract model: every value but the products' as it was.
    if (fix != nullptr)
      for (unsigned i = 0; i < fix->num_consts(); ++i) {
        z3::func_decl d = fix->get_const_decl(i);
        if (d.name().str().rfind('p', 0) == 0) continue;
        solver.add(d() == fix->get_const_interp(d));
      }
    block_facts(solver);
    thread_facts(solver, 0);
    thread_facts(solver, 1);
    Side sa{0, &split, other_block, block_of(a), {}, {}, {}, {}, exact};
    Side sb{1, &split, other_block, block_of(b), {}, {}, {}, {}, exact};
    if (other_block) {
      grid_facts(solver, sa, sb);
    } else {
      z3::expr differ = ctx.bool_val(false);
      for (unsigned d = 0; d < 3; ++d) differ = differ || thread_index(d, 0) != thread_index(d, 1);
      solver.add(differ);
    }
    for (unsigned i : size_params)
      solver.add(z3::ule(var("arg" + std::to_string(i) + ".64", 64), ctx.bv_val(std::uint64_t(1) << 49, 64)));
    z3::expr off_a = ctx.bv_val(0, 64), size_a = off_a, off_b = off_a, size_b = off_a;
    access_facts(solver, a, sa, off_a, size_a);
    access_facts(solver, b, sb, off_b, size_b);
    solver.add(z3::ult(off_a, off_b + size_b));
    solver.add(z3::ult(off_b, off_a + size_a));
    std::size_t la = 0, lb = 0, fa = 0, fb = 0;
    auto all_facts = [&] {
      symbol_facts(solver, sa, la, fa, sb);
      symbol_facts(solver, sb, lb, fb, sa);
      symbol_facts(solver, sa, la, fa, sb);
    };
    std::size_t lemmas_done = 0;
    auto lemmas = [&] {
      std::vector<Product> all = sa.products;
      all.insert(all.end(), sb.products.begin(), sb.products.end());
      if (all.size() == lemmas_done) return;
      product_lemmas(solver, all);
      lemmas_done = all.size();
    };
    all_facts();
    lemmas();
    // First without the guards: most disjoint pairs are disjoint by their offsets alone, and the
    // guards (loop conditions over products of variables) can be costly.
    z3::check_result result = run(solver);
    if (result != z3::unsat && (!a.guards.empty() || !b.guards.empty())) {
      for (const Guard& g : a.guards) solver.add(translate(g.cond, sa) == ctx.bv_val(g.value ? 1 : 0, 1));
      for (const Guard& g : b.guards) solver.add(translate(g.cond, sb) == ctx.bv_val(g.value ? 1 : 0, 1));
      all_facts();
      lemmas();
      result = !exhausted() ? run(solver) : z3::unknown;
    }
    if (result == z3::unknown) last_unknown = solver.reason_unknown();
    if (std::getenv("SIMTC_DEBUG_RACE") != nullptr)
      std::cerr << spent.count() << " ms, " << units << " units: race query (" << (exact ? "exact" : "abstract") << ", " << (other_block ? "two blocks" : "one block")
                << "): " << (result == z3::unsat ? "unsat" : result == z3::sat ? "sat" : "unknown") << "\n"
                << solver << "\n";
    if (result != z3::sat) return result;
    z3::model model = solver.get_model();
    if (std::getenv("SIMTC_DEBUG_RACE") != nullptr) std::cerr << "model:\n" << model << "\n";
    auto value = [&](const z3::expr& e) {
      std::uint64_t v = 0;
      z3::expr r = model.eval(e, true);
      return r.is_numeral_u64(v) ? v : 0;
    };
    // An abstract model is a witness only when each product's value is the product's.
    if (!exact) {
      for (const Side* side : {&sa, &sb})
        for (const Product& q : side->products) {
          const unsigned w = q.width;
          const std::uint64_t mask = w >= 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << w) - 1;
          if (((value(q.x) * value(q.y)) & mask) != value(q.p)) {
            spurious = true;
            abstract_model = model;
            return z3::unknown;
          }
        }
    }
    RaceWitness w;
    for (unsigned d = 0; d < 3; ++d) {
      w.tid_a[d] = value(thread_index(d, 0));
      w.tid_b[d] = value(thread_index(d, 1));
      w.ctaid_a[d] = value(block_index(d, sa));
      w.ctaid_b[d] = value(block_index(d, sb));
    }
    w.other_block = other_block;
    w.byte = std::max(value(off_a), value(off_b));
    witness = w;
    return z3::sat;
  }

  // The leaves a term depends on.
  static void leaves(const Term* t, std::unordered_set<const Term*>& out) {
    switch (t->kind) {
      case Term::Kind::Const: return;
      case Term::Kind::Binary: case Term::Kind::Cast: case Term::Kind::Compare: case Term::Kind::Select:
        for (const Term* op : t->ops) leaves(op, out);
        return;
      default:
        if (out.insert(t).second && t->upper != nullptr) leaves(t->upper, out);
    }
  }

  // The guards of a and b that can matter: those on thread or block indices, or sharing a leaf
  // with the offsets or with a guard that matters (a dominating loop's exit or an unrelated test
  // only costs the solver time).
  static void keep_connected_guards(SharedAccess& a, SharedAccess& b) {
    std::unordered_set<const Term*> live;
    for (const SharedAccess* x : {&a, &b}) {
      leaves(x->offset, live);
      leaves(x->size, live);
    }
    std::vector<std::pair<const Guard*, std::unordered_set<const Term*>>> all;
    for (const SharedAccess* x : {&a, &b})
      for (const Guard& g : x->guards) {
        std::unordered_set<const Term*> l;
        leaves(g.cond, l);
        all.push_back({&g, std::move(l)});
      }
    std::unordered_set<const Guard*> kept;
    for (bool grew = true; grew;) {
      grew = false;
      for (auto& [g, l] : all) {
        if (kept.count(g)) continue;
        // Thread and block indices are what the two threads differ in: always live.
        auto matters = [&](const Term* x) {
          return live.count(x) != 0 || x->kind == Term::Kind::ThreadIndex || x->kind == Term::Kind::BlockIndex ||
                 x->kind == Term::Kind::LaneIndex;
        };
        if (std::any_of(l.begin(), l.end(), matters)) {
          kept.insert(g);
          live.insert(l.begin(), l.end());
          grew = true;
        }
      }
    }
    for (SharedAccess* x : {&a, &b}) {
      std::vector<Guard> g;
      for (const Guard& h : x->guards)
        if (kept.count(&h)) g.push_back(h);
      x->guards = std::move(g);
    }
  }

  RaceAnswer check(const SharedAccess& a, const SharedAccess& b, const std::vector<const ir::Block*>& split,
                   bool other_block, const std::array<bool, 3>& proven) {
    proven_dims = proven;
    SharedAccess ra = a, rb = b;
    keep_connected_guards(ra, rb);
    if (ra.guards.size() == a.guards.size() && rb.guards.size() == b.guards.size()) return decide(a, b, split, other_block);
    RaceAnswer reduced = decide(ra, rb, split, other_block);
    if (reduced.verdict == RaceVerdict::Disjoint) return reduced;
    // Two threads (or no answer) without some guards: ask with all of them, for a true witness.
    return decide(a, b, split, other_block);
  }

  RaceAnswer decide(const SharedAccess& a, const SharedAccess& b, const std::vector<const ir::Block*>& split,
                    bool other_block) {
    RaceAnswer answer;
    if (!other_block)
      if (auto cheap = decide_constant(a, b)) return *cheap;
    if (exhausted()) {
      answer.reason = exhausted_reason();
      return answer;
    }
    answer.used_solver = true;
    last_unknown.clear();
    // The abstraction first (cheap, proves most disjoint pairs); the exact products only when it
    // finds two threads that the products do not confirm.
    // The integer question (race_int.hpp): true when it decided, with `result` set.
    auto in_integers = [&](int dim, z3::check_result& out) {
      const auto begin = Clock::now();
      const unsigned left =
          options.kernel_ms > spent.count() ? options.kernel_ms - static_cast<unsigned>(spent.count()) : 1;
      IntAnswer in_ints = ask_in_integers(std::max(1u, std::min(options.int_query_ms, left)),
                                          query_limit(options.int_query_rlimit), info, shape,
                                          {&a, &b, &split, other_block, dim, &size_params});
      spent += std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - begin);
      units += in_ints.units;
      if (std::getenv("SIMTC_DEBUG_RACE") != nullptr)
        std::cerr << spent.count() << " ms, " << units << " units: integer query (" << (other_block ? "two blocks" : "one block") << "): "
                  << (in_ints.unsupported                ? "unsupported"
                      : in_ints.result == z3::unsat      ? "unsat"
                      : in_ints.result == z3::sat        ? "sat"
                                                         : "unknown " + in_ints.why)
                  << "\n";
      if (in_ints.unsupported || in_ints.result == z3::unknown) return false;
      if (in_ints.result == z3::sat) answer.witness = in_ints.witness;
      out = in_ints.result;
      return true;
    };
    z3::check_result result = z3::unsat;
    for (int dim = other_block ? 0 : -1; dim < (other_block ? 3 : 0) && result == z3::unsat; ++dim) {
      if (dim >= 0 && proven_dims[static_cast<unsigned>(dim)]) continue;
      split_dim = dim;
      // Buffers: integers first (row and tile layouts over parameters are orderings, simplex's
      // strength and bit-blasting's weakness); shared memory: bits first (constant strides and
      // loop steps are divisibility, the other way round), integers when they do not decide.
      const bool integers_first = a.buffer != nullptr;
      if (integers_first && in_integers(dim, result)) continue;
      bool spurious = false;
      result = query(a, b, split, other_block, false, answer.witness, spurious);
      if (spurious && !exhausted()) {
        // The same threads with the products computed: often a race that does not depend on them.
        const z3::model model = *abstract_model;
        result = query(a, b, split, other_block, true, answer.witness, spurious, &model);
        if (result != z3::sat && !exhausted())
          result = query(a, b, split, other_block, true, answer.witness, spurious);
      }
      if (!integers_first && result == z3::unknown && !exhausted()) in_integers(dim, result);
    }
    split_dim = -1;
    if (result == z3::unsat) {
      answer.verdict = RaceVerdict::Disjoint;
    } else if (result == z3::sat) {
      answer.verdict = RaceVerdict::Race;
    } else if (exhausted()) {
      answer.reason = exhausted_reason();
    } else {
      const std::string& why = last_unknown;
      if (why.find("resource") != std::string::npos || why.find("rlimit") != std::string::npos)
        answer.reason = "the solver reached its resource limit";
      else if (why.find("timeout") != std::string::npos || why.find("canceled") != std::string::npos)
        answer.reason = "the solver ran out of time";
      else
        answer.reason = "the solver could not decide (" + why + ")";
    }
    return answer;
  }
};

RaceSolver::RaceSolver(const ir::Function& fn, const SymbolicInfo& info, const RaceSolverOptions& options)
    : info_(info), options_(options) {
  if (fn.launch_bounds().reqntid) shape_ = *fn.launch_bounds().reqntid;
  // Every view's size: no buffer is larger than the GPU's 2^49-byte address space.
  for (const ir::KernelParam& p : fn.signature().params)
    if (p.kind == ir::KernelParam::Kind::Slice || p.kind == ir::KernelParam::Kind::DisjointSlice ||
        p.kind == ir::KernelParam::Kind::AtomicSlice)
      size_params_.push_back(p.first_ir_param + 1);
}

RaceSolver::~RaceSolver() = default;

RaceAnswer RaceSolver::check(const SharedAccess& a, const SharedAccess& b,
                             const std::vector<const ir::Block*>& split_loops, bool other_block) {
  // The interval argument first (race_affine.hpp): it decides most disjoint pairs at once, and
  // a kernel whose pairs it all decides never starts Z3.
  bool all = true;
  std::array<bool, 3> proven{};
  for (int dim = other_block ? 0 : -1; dim < (other_block ? 3 : 0); ++dim) {
    const bool p = disjoint_by_intervals(info_, shape_, {&a, &b, &split_loops, other_block, dim, &size_params_});
    if (dim >= 0) proven[static_cast<unsigned>(dim)] = p;
    all = all && p;
  }
  if (std::getenv("SIMTC_DEBUG_RACE") != nullptr)
    std::cerr << "interval argument (" << (other_block ? "two blocks" : "one block")
              << "): " << (all ? "disjoint" : "not proven") << "\n";
  if (all) {
    RaceAnswer answer;
    answer.verdict = RaceVerdict::Disjoint;
    return answer;
  }
  try {
    if (impl_ == nullptr) impl_ = std::make_unique<Impl>(info_, options_, shape_, size_params_);
    return impl_->check(a, b, split_loops, other_block, proven);
  } catch (const z3::exception& e) {
    RaceAnswer answer;
    answer.reason = std::string("the solver failed: ") + e.msg();
    return answer;
  }
}

std::array<bool, 3> RaceSolver::shown_dims() const {
  if (!shape_) return {true, true, true};
  return {true, (*shape_)[1] > 1 || (*shape_)[2] > 1, (*shape_)[2] > 1};
}

}  // namespace simtc::analysis
