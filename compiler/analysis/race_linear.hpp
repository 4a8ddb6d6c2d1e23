// The interval argument's arithmetic (race_affine.cpp, race_parity.cpp): exact 128-bit integers
// that give up past 2^100, linear forms over monomials of values both threads share, and a
// term's range as a pair of such forms with constant bounds.
#pragma once

#include <algorithm>
#include <array>
#include <initializer_list>
#include <cstdint>
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
// stripped; a monomial is a sorted list of at most four, a value repeated for its powers). The
// sum is a flat list sorted by monomial, without zero coefficients.
struct Mono {
  std::array<const Term*, 4> t{};
  unsigned char n = 0;
  Mono() = default;
  Mono(std::initializer_list<const Term*> ts) {
    for (const Term* x : ts) t[n++] = x;
  }
  const Term* const* begin() const { return t.data(); }
  const Term* const* end() const { return t.data() + n; }
  std::size_t size() const { return n; }
  bool operator==(const Mono& o) const { return n == o.n && std::equal(begin(), end(), o.begin()); }
};
struct MonoOrder {
  bool operator()(const Mono& a, const Mono& b) const {
    return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end(), TermOrder{});
  }
};
struct Lin {
  Int c = 0;
  std::vector<std::pair<Mono, Int>> s;
  bool is_const() const { return s.empty(); }
  bool operator==(const Lin& o) const { return c == o.c && s == o.s; }
};
inline Lin constant(Int c) { return Lin{c, {}}; }
inline Lin monomial(const Mono& m, Int k) {
  Lin r;
  if (k != 0) r.s.push_back({m, k});
  return r;
}
inline Lin operator+(const Lin& a, const Lin& b) {
  Lin r;
  r.c = add(a.c, b.c);
  r.s.reserve(a.s.size() + b.s.size());
  auto i = a.s.begin(), j = b.s.begin();
  const MonoOrder less;
  while (i != a.s.end() || j != b.s.end()) {
    if (j == b.s.end() || (i != a.s.end() && less(i->first, j->first))) {
      r.s.push_back(*i++);
    } else if (i == a.s.end() || less(j->first, i->first)) {
      r.s.push_back(*j++);
    } else {
      const Int k = add(i->second, j->second);
      if (k != 0) r.s.push_back({i->first, k});
      ++i, ++j;
    }
  }
  return r;
}
inline Lin scale(const Lin& a, Int k) {
  Lin r;
  if (k == 0) return r;
  r.c = mul(a.c, k);
  r.s.reserve(a.s.size());
  for (const auto& [m, v] : a.s) r.s.push_back({m, mul(v, k)});
  return r;
}
inline Lin operator*(const Lin& a, const Lin& b) {
  Lin r = scale(b, a.c);
  for (const auto& [ma, ka] : a.s) {
    if (ma.size() + 1 > 4) throw GiveUp{};  // keep the polynomials small
    if (b.c != 0) r = r + monomial(ma, mul(ka, b.c));
    for (const auto& [mb, kb] : b.s) {
      if (ma.size() + mb.size() > 4) throw GiveUp{};
      Mono m = ma;
      for (const Term* x : mb) {  // insert in order
        unsigned at = m.n++;
        for (; at > 0 && TermOrder{}(x, m.t[at - 1]); --at) m.t[at] = m.t[at - 1];
        m.t[at] = x;
      }
      r = r + monomial(m, mul(ka, kb));
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
