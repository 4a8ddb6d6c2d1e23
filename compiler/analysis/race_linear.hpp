// The interval argument's arithmetic (race_affine.cpp, race_parity.cpp): exact 128-bit integers
// that give up past 2^100, linear forms over monomials of values both threads share, and a
// term's range as a pair of such forms with constant bounds.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <vector>

#include "analysis/symbolic.hpp"

namespace simtc::analysis::affine {

using Int = __int128;
struct GiveUp {};      // a number outside the range this argument computes in
struct Infeasible {};  // the guards of the two accesses cannot all hold: they never both run

constexpr Int kHuge = Int(1) << 100;

inline Int checked(Int r) {
  if (r > kHuge || r < -kHuge) throw GiveUp{};
  return r;
}
inline Int add(Int a, Int b) { return checked(a + b); }  // both within 2^100: no overflow of 128 bits
inline Int mul(Int a, Int b) {
  Int r;
  if (__builtin_mul_overflow(a, b, &r)) throw GiveUp{};
  return checked(r);
}
inline Int max_of(unsigned w) { return (Int(1) << w) - 1; }

// c + sum of k * m over monomials m of values that both threads share (terms, zero extensions
// stripped; a monomial is a sorted list, a value repeated for its powers).
using Mono = std::vector<const Term*>;
struct MonoOrder {
  bool operator()(const Mono& a, const Mono& b) const {
    return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end(), TermOrder{});
  }
};
struct Lin {
  Int c = 0;
  std::map<Mono, Int, MonoOrder> s;
  bool is_const() const { return s.empty(); }
  bool operator==(const Lin& o) const { return c == o.c && s == o.s; }
};
inline Lin constant(Int c) { return Lin{c, {}}; }
inline Lin operator+(const Lin& a, const Lin& b) {
  Lin r = a;
  r.c = add(r.c, b.c);
  for (const auto& [m, k] : b.s) {
    Int& x = r.s[m];
    x = add(x, k);
    if (x == 0) r.s.erase(m);
  }
  return r;
}
inline Lin scale(const Lin& a, Int k) {
  Lin r;
  if (k == 0) return r;
  r.c = mul(a.c, k);
  for (const auto& [m, v] : a.s) r.s[m] = mul(v, k);
  return r;
}
inline Lin operator*(const Lin& a, const Lin& b) {
  Lin r = scale(b, a.c);
  for (const auto& [ma, ka] : a.s) {
    if (ma.size() + 1 > 4) throw GiveUp{};  // keep the polynomials small
    Lin part;
    part.s[ma] = ka;
    if (b.c != 0) r = r + scale(part, b.c);
    for (const auto& [mb, kb] : b.s) {
      Mono m = ma;
      m.insert(m.end(), mb.begin(), mb.end());
      std::sort(m.begin(), m.end(), TermOrder{});
      Lin p;
      p.s[m] = mul(ka, kb);
      r = r + p;
    }
  }
  return r;
}
inline Lin operator-(const Lin& a, const Lin& b) { return a + scale(b, -1); }

// A term's unsigned value: lo <= value <= hi, and clo <= value <= chi in constants.
struct Range {
  Lin lo, hi;
  Int clo = 0, chi = 0;
};
inline Range span(Int lo, Int hi) { return {constant(lo), constant(hi), lo, hi}; }

inline bool is_const(const Term* t, std::uint64_t* v = nullptr) {
  if (t->kind != Term::Kind::Const) return false;
  if (v != nullptr) *v = t->value;
  return true;
}

}  // namespace simtc::analysis::affine
