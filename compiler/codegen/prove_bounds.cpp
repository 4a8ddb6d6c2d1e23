// Proves unsigned integer comparisons from the facts that hold where they run, so that the
// bounds checks a kernel's own guards and contract already guarantee disappear.
//
// The facts: the launch contract's requirements, which the host checked before the launch
// and lower_module.cpp states at the kernel's entry as llvm.assume; the conditions of every
// branch edge that dominates the comparison (through `and`/`or` of conditions too); and the
// numeric ranges LLVM knows (thread indices, zero-extended values). LLVM's own passes decide
// the linear cases; what they leave is the product of a 2-D index: `r * cols + c < size` from
// `r < rows`, `c < cols` and the requirement `size >= rows * cols`.
//
// To prove a < b, this pass bounds a from above and b from below by polynomials over the
// values it does not look through (arguments, loads, phis, ...; all unsigned, so all >= 0),
// and checks that lower(b) - upper(a) - 1 has no negative coefficient. An unsigned sum,
// product or shift that wraps is smaller than the true one, so upper bounds look through
// them whatever their width (32-bit index arithmetic, `r * cols + c` in `uint32_t`, is
// bounded like its 64-bit form); their numeric bound is the type's maximum when they may
// wrap. A difference is looked through only when the subtrahend is proven no larger than the
// minuend, and lower bounds only through nuw steps. A comparison it cannot prove is left as
// it is.
#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <vector>

#include <llvm/ADT/SmallVector.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/ConstantRange.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/PatternMatch.h>

#include "codegen/passes.hpp"

namespace simtc::codegen::detail {
namespace {

using namespace llvm::PatternMatch;

constexpr unsigned kDepth = 6;     // how far a bound looks through instructions
constexpr std::size_t kTerms = 24;  // most terms of a polynomial

// A value with its zero extensions removed: the same number in a narrower type.
const llvm::Value* strip(const llvm::Value* v) {
  while (auto* z = llvm::dyn_cast<llvm::ZExtInst>(v)) v = z->getOperand(0);
  return v;
}

// sum of coefficient * product of leaves; the empty product is the constant term.
class Poly {
 public:
  using Monomial = llvm::SmallVector<const llvm::Value*, 3>;

  static Poly constant(std::int64_t c) {
    Poly p;
    if (c != 0) p.terms_[{}] = c;
    return p;
  }
  static Poly leaf(const llvm::Value* v) {
    Poly p;
    p.terms_[{v}] = 1;
    return p;
  }
  static std::optional<Poly> sum(const Poly& a, const Poly& b, std::int64_t sign) {
    Poly out = a;
    for (const auto& [m, c] : b.terms_)
      if (!out.add(m, c, sign)) return std::nullopt;
    return out.bounded();
  }
  static std::optional<Poly> product(const Poly& a, const Poly& b) {
    Poly out;
    for (const auto& [ma, ca] : a.terms_)
      for (const auto& [mb, cb] : b.terms_) {
        std::int64_t c = 0;
        if (__builtin_mul_overflow(ca, cb, &c)) return std::nullopt;
        Monomial m = ma;
        m.append(mb.begin(), mb.end());
        std::sort(m.begin(), m.end());
        if (!out.add(m, c, 1)) return std::nullopt;
      }
    return out.bounded();
  }
  /// True when the polynomial is >= 0 for every assignment of non-negative leaves.
  std::vector<const llvm::Value*> leaves() const {
    std::vector<const llvm::Value*> out;
    for (const auto& [m, c] : terms_) out.insert(out.end(), m.begin(), m.end());
    return out;
  }
  bool nonnegative() const {
    for (const auto& [m, c] : terms_)
      if (c < 0) return false;
    return true;
  }
  /// The value when the polynomial is a constant.
  std::optional<std::int64_t> constant_value() const {
    if (terms_.empty()) return 0;
    if (terms_.size() == 1 && terms_.begin()->first.empty()) return terms_.begin()->second;
    return std::nullopt;
  }

 private:
  bool add(const Monomial& m, std::int64_t c, std::int64_t sign) {
    std::int64_t& slot = terms_[m];
    std::int64_t delta = 0;
    if (__builtin_mul_overflow(c, sign, &delta) || __builtin_add_overflow(slot, delta, &slot)) return false;
    if (slot == 0) terms_.erase(m);
    return true;
  }
  std::optional<Poly> bounded() const {
    if (terms_.size() > kTerms) return std::nullopt;
    return *this;
  }
  std::map<Monomial, std::int64_t> terms_;
};

// value <= poly and value <= max, as unbounded integers.
struct Upper {
  Poly poly;
  unsigned __int128 max;
};

// lhs + gap <= rhs (gap 1: lhs < rhs; gap 0: lhs <= rhs), unsigned, in true integers, zero
// extensions stripped.
struct Fact {
  const llvm::Value* lhs;
  const llvm::Value* rhs;
  std::uint64_t gap;
};

// v when it is a constant k < 0 of small magnitude (x + k is then x - |k|), else nullptr.
const llvm::ConstantInt* negative_constant(const llvm::Value* v) {
  auto* c = llvm::dyn_cast<llvm::ConstantInt>(v);
  if (c == nullptr || c->getBitWidth() < 8 || !c->isNegative() || c->getValue().getSignificantBits() > 40)
    return nullptr;
  return c;
}

// |k| for a negative constant k, in k's type.
const llvm::Value* k_magnitude(const llvm::ConstantInt* k) {
  return llvm::ConstantInt::get(k->getType(), std::uint64_t(-k->getSExtValue()));
}

bool known_nonnegative(const llvm::Value* v, const llvm::DataLayout& dl) {
  return llvm::computeKnownBits(v, dl).isNonNegative();
}

class Prover {
 public:
  Prover(const llvm::DataLayout& dl, std::vector<Fact> facts) : dl_(dl), facts_(std::move(facts)) {}

  /// Proves a < b (strict) or a <= b.
  bool less(const llvm::Value* a, const llvm::Value* b, bool strict, unsigned depth = kDepth) {
    auto ua = upper(a, depth);
    if (!ua) return false;
    // Against a constant, a's numeric bound may decide where its polynomial does not (a thread
    // index below the block's width).
    if (auto* cb = llvm::dyn_cast<llvm::ConstantInt>(strip(b)); cb && cb->getValue().getActiveBits() <= 64) {
      const unsigned __int128 limit = cb->getZExtValue();
      if (strict ? ua->max < limit : ua->max <= limit) return true;
    }
    // A value that bounds a stays itself in b's bound: `cols` in `size >= rows * cols` must
    // not become the `c + 1` of a guard `c < cols` when a's bound is `rows * cols - 1`.
    std::vector<const llvm::Value*> saved = std::move(kept_);
    kept_ = ua->poly.leaves();
    auto lb = lower(b, depth);
    kept_ = std::move(saved);
    if (!ua || !lb) return false;
    auto diff = Poly::sum(*lb, ua->poly, -1);
    if (diff && strict) diff = Poly::sum(*diff, Poly::constant(1), -1);
    return diff && diff->nonnegative();
  }

 private:
  static unsigned __int128 width_max(const llvm::Value* v) {
    unsigned bits = v->getType()->getIntegerBitWidth();
    return bits >= 64 ? ~std::uint64_t(0) : (std::uint64_t(1) << bits) - 1;
  }

  Upper leaf_upper(const llvm::Value* v) const {
    llvm::ConstantRange range = llvm::computeConstantRange(v, /*ForSigned=*/false);
    return {Poly::leaf(v), range.getUnsignedMax().getZExtValue()};
  }

  std::optional<Upper> upper(const llvm::Value* v, unsigned depth) {
    v = strip(v);
    if (auto* c = llvm::dyn_cast<llvm::ConstantInt>(v)) {
      if (c->getValue().getActiveBits() > 62) return std::nullopt;
      return Upper{Poly::constant(std::int64_t(c->getZExtValue())), c->getZExtValue()};
    }
    Upper leaf = leaf_upper(v);
    if (depth == 0) return leaf;
    // A guard on this very value is the tightest bound there is. Not for a parameter: sizes
    // and scalars are the terms the bounds are written in (`cols <= gamma.size()` must not
    // turn the `cols` of `r * cols + c` into `gamma.size()`). Of several guards, the one
    // tighter by a constant wins (`j < cols` and `j + 3 < cols`); the first noted (the
    // innermost) where they differ otherwise.
    std::optional<Upper> guarded;
    auto keep_tighter = [&](Upper bound) {
      if (leaf.max < bound.max) bound.max = leaf.max;
      if (!guarded) {
        guarded = bound;
        return;
      }
      auto diff = Poly::sum(bound.poly, guarded->poly, -1);
      if (diff && diff->constant_value() && *diff->constant_value() < 0) guarded = bound;
    };
    for (const Fact& f : facts_) {
      if (f.lhs != v || f.rhs == v || llvm::isa<llvm::Argument>(v)) continue;
      auto bound = upper(f.rhs, depth - 1);
      if (!bound) continue;
      if (f.gap != 0) {
        auto minus = Poly::sum(bound->poly, Poly::constant(std::int64_t(f.gap)), -1);
        if (!minus || bound->max < f.gap) continue;
        bound = Upper{*minus, bound->max - f.gap};
      }
      keep_tighter(*bound);
    }
    if (guarded) {
      // v = x + c without wrapping may have a tighter guard on x: `j + 3 < cols` bounds the
      // `j + 1` of a vector's second element by cols - 3, where its own `j + 1 < cols` says
      // cols - 2.
      const llvm::Value* x = nullptr;
      llvm::ConstantInt* c = nullptr;
      if ((match(v, m_NUWAdd(m_Value(x), m_ConstantInt(c))) || match(v, m_DisjointOr(m_Value(x), m_ConstantInt(c)))) &&
          c->getValue().getActiveBits() <= 62)
        if (auto ux = upper(x, depth - 1))
          if (auto through = Poly::sum(ux->poly, Poly::constant(std::int64_t(c->getZExtValue())), 1))
            keep_tighter(Upper{*through, guarded->max});
      return guarded;
    }
    if (auto* t = llvm::dyn_cast<llvm::TruncInst>(v)) {
      // Dropping high bits never makes an unsigned value larger: a 32-bit column taken from
      // a 64-bit one is bounded by the wide value's guard.
      auto ux = upper(t->getOperand(0), depth - 1);
      if (!ux) return leaf;
      return Upper{ux->poly, std::min({ux->max, width_max(v), leaf.max})};
    }
    auto* inst = llvm::dyn_cast<llvm::BinaryOperator>(v);
    if (inst == nullptr) return leaf;
    const llvm::Value* x = inst->getOperand(0);
    const llvm::Value* y = inst->getOperand(1);
    const unsigned __int128 limit = width_max(v);
    const bool nuw = llvm::isa<llvm::OverflowingBinaryOperator>(inst) && inst->hasNoUnsignedWrap();
    // Every value fits its type, wrapped or not (its polynomial holds either way); the clamp
    // also keeps the factors of a product below 2^64.
    auto numeric = [&](unsigned __int128 max) { return std::min({max, limit, leaf.max}); };
    switch (inst->getOpcode()) {
      case llvm::Instruction::Or:
        if (!llvm::cast<llvm::PossiblyDisjointInst>(inst)->isDisjoint()) return leaf;
        [[fallthrough]];
      case llvm::Instruction::Add: {
        if (const llvm::ConstantInt* k = negative_constant(y)) {
          // x - k, written as x + (2^w - k): no wrap when k <= x.
          auto ux = upper(x, depth - 1);
          if (!ux || !less(k_magnitude(k), x, /*strict=*/false, depth - 1)) return leaf;
          auto p = Poly::sum(ux->poly, Poly::constant(k->getSExtValue()), 1);
          if (!p) return leaf;
          return Upper{*p, std::min(ux->max - std::min<unsigned __int128>(ux->max, -k->getSExtValue()), leaf.max)};
        }
        auto ux = upper(x, depth - 1), uy = upper(y, depth - 1);
        if (!ux || !uy) return leaf;
        auto p = Poly::sum(ux->poly, uy->poly, 1);
        if (!p) return leaf;
        return Upper{*p, numeric(ux->max + uy->max)};
      }
      case llvm::Instruction::Mul:
      case llvm::Instruction::Shl: {
        auto ux = upper(x, depth - 1);
        std::optional<Upper> uy;
        if (inst->getOpcode() == llvm::Instruction::Mul) {
          uy = upper(y, depth - 1);
        } else if (auto* s = llvm::dyn_cast<llvm::ConstantInt>(y);
                   s && s->getZExtValue() < 62 && s->getZExtValue() < inst->getType()->getIntegerBitWidth()) {
          // (A shift by the width or more is poison in LLVM; simtc's lowering masks shift
          // amounts, so it does not meet one, but a poison value bounds nothing.)
          const std::int64_t scale = std::int64_t(1) << s->getZExtValue();
          uy = Upper{Poly::constant(scale), std::uint64_t(scale)};
        }
        if (!ux || !uy) return leaf;
        // Both factors are below 2^64, so their product fits in 128 bits.
        const unsigned __int128 max = ux->max * uy->max;
        auto p = Poly::product(ux->poly, uy->poly);
        if (!p) return leaf;
        return Upper{*p, numeric(max)};
      }
      case llvm::Instruction::Sub: {
        auto ux = upper(x, depth - 1);
        auto ly = lower(y, depth - 1);
        if (!ux || !ly || !(nuw || less(y, x, /*strict=*/false, depth - 1))) return leaf;
        auto p = Poly::sum(ux->poly, *ly, -1);
        if (!p) return leaf;
        return Upper{*p, std::min(ux->max, leaf.max)};
      }
      case llvm::Instruction::URem: {
        auto uy = upper(y, depth - 1);
        if (!uy || uy->max == 0) return leaf;
        auto p = Poly::sum(uy->poly, Poly::constant(1), -1);
        if (!p) return leaf;
        return Upper{*p, std::min(uy->max - 1, leaf.max)};
      }
      default: return leaf;
    }
  }

  std::optional<Poly> lower(const llvm::Value* v, unsigned depth) {
    v = strip(v);
    if (auto* c = llvm::dyn_cast<llvm::ConstantInt>(v)) {
      if (c->getValue().getActiveBits() > 62) return std::nullopt;
      return Poly::constant(std::int64_t(c->getZExtValue()));
    }
    if (depth == 0 || std::find(kept_.begin(), kept_.end(), v) != kept_.end()) return Poly::leaf(v);
    for (const Fact& f : facts_) {
      if (f.rhs != v || f.lhs == v) continue;
      auto bound = lower(f.lhs, depth - 1);
      if (bound && f.gap != 0) bound = Poly::sum(*bound, Poly::constant(std::int64_t(f.gap)), 1);
      if (bound) return bound;
    }
    if (auto* t = llvm::dyn_cast<llvm::TruncInst>(v)) {
      // A value that fits the narrow type keeps its lower bound: `x = uint32_t(gx)` under
      // `gx != 0` is at least 1.
      auto ux = upper(t->getOperand(0), depth - 1);
      if (!ux || ux->max > width_max(v)) return Poly::leaf(v);
      auto lx = lower(t->getOperand(0), depth - 1);
      return lx ? *lx : Poly::leaf(v);
    }
    if (llvm::ConstantInt* c = nullptr; match(v, m_Add(m_Value(), m_ConstantInt(c))) && negative_constant(c)) {
      const llvm::ConstantInt* k = c;
      const llvm::Value* x = llvm::cast<llvm::Instruction>(v)->getOperand(0);
      auto lx = lower(x, depth - 1);
      if (!lx || !less(k_magnitude(k), x, /*strict=*/false, depth - 1)) return Poly::leaf(v);
      auto p = Poly::sum(*lx, Poly::constant(k->getSExtValue()), 1);
      return p ? *p : Poly::leaf(v);
    }
    // Only instructions that cannot wrap: a wrapped sum is smaller than its parts.
    auto* inst = llvm::dyn_cast<llvm::OverflowingBinaryOperator>(v);
    if (inst == nullptr || !inst->hasNoUnsignedWrap()) return Poly::leaf(v);
    const llvm::Value* x = inst->getOperand(0);
    const llvm::Value* y = inst->getOperand(1);
    auto lx = lower(x, depth - 1), ly = lower(y, depth - 1);
    if (!lx || !ly) return Poly::leaf(v);
    std::optional<Poly> p;
    if (inst->getOpcode() == llvm::Instruction::Add) p = Poly::sum(*lx, *ly, 1);
    if (inst->getOpcode() == llvm::Instruction::Mul) p = Poly::product(*lx, *ly);
    return p ? *p : Poly::leaf(v);
  }

  const llvm::DataLayout& dl_;
  std::vector<Fact> facts_;
  std::vector<const llvm::Value*> kept_;  // leaves lower() does not replace by their facts
};

// Values `v` is never above: the operands of an unsigned minimum (llvm.umin, or a select of the
// smaller of two values), and the values both arms of a select are never above (`c < (last ?
// rows : min(start + 64, rows))` bounds c by rows).
void ceilings_of(const llvm::Value* v, std::vector<const llvm::Value*>& out, unsigned depth = 0) {
  if (depth > 4) return;
  v = strip(v);
  const llvm::Value *x = nullptr, *y = nullptr, *c = nullptr;
  if (match(v, m_UMin(m_Value(x), m_Value(y)))) {
    for (const llvm::Value* arm : {strip(x), strip(y)}) {
      out.push_back(arm);
      ceilings_of(arm, out, depth + 1);
    }
    return;
  }
  if (!match(v, m_Select(m_Value(c), m_Value(x), m_Value(y)))) return;
  std::vector<const llvm::Value*> left{strip(x)}, right{strip(y)};
  ceilings_of(x, left, depth + 1);
  ceilings_of(y, right, depth + 1);
  for (const llvm::Value* u : left)
    if (std::find(right.begin(), right.end(), u) != right.end()) out.push_back(u);
}

// What `cond` being `taken` says, appended to `out`.
void facts_of(const llvm::Value* cond, bool taken, const llvm::DataLayout& dl, std::vector<Fact>& out,
              unsigned depth = 0) {
  if (depth > 4) return;
  const llvm::Value *l = nullptr, *r = nullptr;
  // a && b true, or a || b false: both halves hold.
  if ((taken && match(cond, m_LogicalAnd(m_Value(l), m_Value(r)))) ||
      (!taken && match(cond, m_LogicalOr(m_Value(l), m_Value(r))))) {
    facts_of(l, taken, dl, out, depth + 1);
    facts_of(r, taken, dl, out, depth + 1);
    return;
  }
  auto* cmp = llvm::dyn_cast<llvm::ICmpInst>(cond);
  if (cmp == nullptr || !cmp->getOperand(0)->getType()->isIntegerTy() ||
      cmp->getOperand(0)->getType()->getIntegerBitWidth() > 64)
    return;
  llvm::CmpInst::Predicate p = taken ? cmp->getPredicate() : cmp->getInversePredicate();
  const llvm::Value* a = cmp->getOperand(0);
  const llvm::Value* b = cmp->getOperand(1);
  if (llvm::ICmpInst::isSigned(p)) {
    if (!known_nonnegative(a, dl) || !known_nonnegative(b, dl)) return;
    p = llvm::ICmpInst::getUnsignedPredicate(p);
  }
  a = strip(a);
  b = strip(b);
  // lhs + gap <= rhs, and x + (c + gap) <= rhs when lhs is x + c computed without wrapping
  // (an nuw add or a disjoint or of a constant): `kk + 3 < k` bounds the kk of `r * k + kk + 3`.
  // The same of every ceiling of rhs (ceilings_of).
  auto add = [&](const llvm::Value* lhs, const llvm::Value* rhs, std::uint64_t gap) {
    // The ceilings first, parameters before the rest: of several guards the first noted wins
    // (Prover::upper), a select or a minimum itself bounds nothing beyond its ceilings, and the
    // bounds to prove are written in the parameters (`c < min(start + 64, cols)` must bound
    // `r * cols + c` by rows * cols).
    std::vector<const llvm::Value*> bounds;
    ceilings_of(rhs, bounds);
    std::stable_partition(bounds.begin(), bounds.end(), [](const llvm::Value* u) { return llvm::isa<llvm::Argument>(u); });
    bounds.push_back(rhs);
    const llvm::Value* x = nullptr;
    llvm::ConstantInt* c = nullptr;
    const bool offset = (match(lhs, m_NUWAdd(m_Value(x), m_ConstantInt(c))) ||
                         match(lhs, m_DisjointOr(m_Value(x), m_ConstantInt(c)))) &&
                        c->getValue().getActiveBits() <= 62;
    for (const llvm::Value* u : bounds) {
      out.push_back({lhs, u, gap});
      if (offset) out.push_back({strip(x), u, gap + c->getZExtValue()});
    }
  };
  switch (p) {
    case llvm::CmpInst::ICMP_ULT: add(a, b, 1); break;
    case llvm::CmpInst::ICMP_ULE: add(a, b, 0); break;
    case llvm::CmpInst::ICMP_UGT: add(b, a, 1); break;
    case llvm::CmpInst::ICMP_UGE: add(b, a, 0); break;
    case llvm::CmpInst::ICMP_EQ:
      add(a, b, 0);
      add(b, a, 0);
      break;
    case llvm::CmpInst::ICMP_NE:
      if (match(b, m_Zero())) out.push_back({llvm::ConstantInt::get(a->getType(), 1), a, 0});
      break;
    default: break;
  }
}

// Every fact that holds at `at`: the dominating assumptions and branch edges.
std::vector<Fact> facts_at(const llvm::Instruction* at, const std::vector<const llvm::CallInst*>& assumes,
                           const llvm::DominatorTree& dt, const llvm::DataLayout& dl) {
  std::vector<Fact> out;
  // Innermost guards first: they are the tightest.
  for (const llvm::DomTreeNode* node = dt.getNode(at->getParent()); node != nullptr; node = node->getIDom()) {
    auto* branch = llvm::dyn_cast<llvm::BranchInst>(node->getBlock()->getTerminator());
    if (branch == nullptr || !branch->isConditional()) continue;
    for (unsigned s = 0; s < 2; ++s) {
      llvm::BasicBlockEdge edge(node->getBlock(), branch->getSuccessor(s));
      if (dt.dominates(edge, at->getParent())) facts_of(branch->getCondition(), s == 0, dl, out);
    }
  }
  for (const llvm::CallInst* assume : assumes)
    if (dt.dominates(assume, at)) facts_of(assume->getArgOperand(0), true, dl, out);
  return out;
}

// A signed comparison of x - y (nsw, y >= 0) with a constant: x - y <= x exactly, so when x
// (nonnegative) is at most the constant, x - y > c is false and x - y <= c is true, however
// negative x - y may be (`(j - s) + 8 < 72`, a tile row below a shifted window, which LLVM
// rewrites as `j - s > 63` in signed arithmetic). nullopt: not of this form or not proven.
std::optional<bool> decide_signed_difference(llvm::ICmpInst& cmp, Prover& prover, const llvm::DataLayout& dl) {
  llvm::CmpInst::Predicate p = cmp.getPredicate();
  const llvm::Value *x = nullptr, *y = nullptr;
  const llvm::ConstantInt* c = nullptr;
  if (!match(cmp.getOperand(0), m_NSWSub(m_Value(x), m_Value(y))) ||
      !(c = llvm::dyn_cast<llvm::ConstantInt>(cmp.getOperand(1))) || c->isNegative() ||
      !known_nonnegative(x, dl) || !known_nonnegative(y, dl))
    return std::nullopt;
  // x <= c (strict: x < c + 1).
  const llvm::Constant* limit = llvm::ConstantInt::get(c->getType(), c->getValue() + 1);
  if (c->getValue().isMaxSignedValue() || !prover.less(x, limit, true)) return std::nullopt;
  switch (p) {
    case llvm::CmpInst::ICMP_SGT: return false;  // x - y > c
    case llvm::CmpInst::ICMP_SLE: return true;   // x - y <= c
    default: return std::nullopt;
  }
}

// true or false when the comparison is proven, nullopt otherwise.
std::optional<bool> decide(llvm::ICmpInst& cmp, Prover& prover, const llvm::DataLayout& dl) {
  llvm::CmpInst::Predicate p = cmp.getPredicate();
  const llvm::Value* a = cmp.getOperand(0);
  const llvm::Value* b = cmp.getOperand(1);
  if (auto difference = decide_signed_difference(cmp, prover, dl)) return difference;
  if (llvm::ICmpInst::isSigned(p)) {
    if (!known_nonnegative(a, dl) || !known_nonnegative(b, dl)) return std::nullopt;
    p = llvm::ICmpInst::getUnsignedPredicate(p);
  }
  switch (p) {
    case llvm::CmpInst::ICMP_UGT: std::swap(a, b); [[fallthrough]];
    case llvm::CmpInst::ICMP_ULT:
      if (prover.less(a, b, true)) return true;
      if (prover.less(b, a, false)) return false;
      return std::nullopt;
    case llvm::CmpInst::ICMP_UGE: std::swap(a, b); [[fallthrough]];
    case llvm::CmpInst::ICMP_ULE:
      if (prover.less(a, b, false)) return true;
      if (prover.less(b, a, true)) return false;
      return std::nullopt;
    default: return std::nullopt;
  }
}

}  // namespace

llvm::PreservedAnalyses ProveBoundsPass::run(llvm::Function& f, llvm::FunctionAnalysisManager& fam) {
  if (f.getCallingConv() != llvm::CallingConv::PTX_Kernel) return llvm::PreservedAnalyses::all();
  const llvm::DataLayout& dl = f.getDataLayout();
  auto& dt = fam.getResult<llvm::DominatorTreeAnalysis>(f);
  std::vector<const llvm::CallInst*> assumes;
  std::vector<llvm::ICmpInst*> compares;
  for (llvm::Instruction& inst : llvm::instructions(f)) {
    if (auto* call = llvm::dyn_cast<llvm::AssumeInst>(&inst)) assumes.push_back(call);
    auto* cmp = llvm::dyn_cast<llvm::ICmpInst>(&inst);
    if (cmp != nullptr && cmp->getOperand(0)->getType()->isIntegerTy() &&
        cmp->getOperand(0)->getType()->getIntegerBitWidth() <= 64 && !llvm::isa<llvm::Constant>(cmp->getOperand(0)))
      compares.push_back(cmp);
  }
  bool changed = false;
  for (llvm::ICmpInst* cmp : compares) {
    if (!cmp->isUnsigned() && !cmp->isSigned()) continue;
    Prover prover(dl, facts_at(cmp, assumes, dt, dl));
    if (auto value = decide(*cmp, prover, dl)) {
      cmp->replaceAllUsesWith(llvm::ConstantInt::getBool(cmp->getType(), *value));
      cmp->eraseFromParent();
      changed = true;
    }
  }
  if (!changed) return llvm::PreservedAnalyses::all();
  llvm::PreservedAnalyses kept;
  kept.preserveSet<llvm::CFGAnalyses>();
  return kept;
}

}  // namespace simtc::codegen::detail
