// Inputs and error bounds of the math conformance kernels (math_f32.cpp, math_f64.cpp): one
// entry per simt:: math function. A function of simt/device/math.hpp without an entry here
// stops the test binary at start-up, so a new function cannot go untested.
//
// Bounds, in ulps of the result type: 0 for the functions IEEE 754 and C round exactly; for
// the others the maximum error libdevice documents (CUDA Math API, "Mathematical Functions":
// full range unless noted) plus 1 for the host reference, which computes in the next wider
// type and rounds once (within half an ulp of the exact result, plus its own tiny error).
#pragma once

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <limits>
#include <vector>

#include "conformance.hpp"

namespace conformance::math {

/// Draws one input; `f64` selects the double domain when it differs from the float one.
using Draw = std::function<long double(Rng&, bool f64)>;

struct Domain {
  const char* name;
  double f32_ulps;
  double f64_ulps;
  Draw x, y = {}, z = {};  // y and z for the functions of two and three operands
};

inline long double uniform(Rng& rng, long double lo, long double hi) {
  return lo + (hi - lo) * std::uniform_real_distribution<double>(0, 1)(rng);
}

// Uniform in [lo, hi) (or [lo64, hi64) for double) and, one draw in four, a special value:
// +-0, +-infinity, NaN, +-1, the extremes and a subnormal.
inline Draw special(long double lo, long double hi, long double lo64, long double hi64) {
  return [=](Rng& rng, bool f64) -> long double {
    if (rng() % 4 != 0) return f64 ? uniform(rng, lo64, hi64) : uniform(rng, lo, hi);
    const long double inf = std::numeric_limits<long double>::infinity();
    const long double big = f64 ? std::numeric_limits<double>::max() : std::numeric_limits<float>::max();
    const long double tiny = f64 ? std::numeric_limits<double>::denorm_min() : std::numeric_limits<float>::denorm_min();
    const long double values[] = {0.0L, -0.0L, inf, -inf, std::numeric_limits<long double>::quiet_NaN(),
                                  1, -1, big, -big, tiny * 3, -tiny};
    return values[rng() % std::size(values)];
  };
}
inline Draw special(long double lo, long double hi) { return special(lo, hi, lo, hi); }

// +-2^e, e uniform over the whole exponent range of the type (subnormals included), and now
// and then a special value.
inline Draw spread(bool either_sign) {
  return [=](Rng& rng, bool f64) -> long double {
    if (rng() % 8 == 0) return special(0, 0)(rng, f64);
    long double e = f64 ? uniform(rng, -1074, 1024) : uniform(rng, -149, 128);
    long double v = std::exp2(e);
    return either_sign && rng() % 2 == 0 ? -v : v;
  };
}

// Values with a fractional part of exactly .5 half of the time (rounding ties).
inline Draw ties() {
  return [](Rng& rng, bool f64) -> long double {
    if (rng() % 2 == 0) return (long double)((long long)(rng() % 4001) - 2000) / 2;
    return special(-1e7, 1e7)(rng, f64);
  };
}

// Uniform, with a few listed values (no NaN or zeros where their result is unspecified).
inline Draw mixed(long double lo, long double hi, std::vector<long double> extra) {
  return [=](Rng& rng, bool f64) -> long double {
    if (rng() % 4 == 0) return extra[rng() % extra.size()];
    return uniform(rng, lo, hi);
  };
}

inline const std::vector<Domain>& domains() {
  const long double inf = std::numeric_limits<long double>::infinity();
  const long double nan = std::numeric_limits<long double>::quiet_NaN();
  static const std::vector<Domain> table = {
      // exactly rounded
      {"sqrt", 0, 0, spread(true)},
      {"fabs", 0, 0, special(-1e6, 1e6)},
      {"floor", 0, 0, ties()},
      {"ceil", 0, 0, ties()},
      {"round", 0, 0, ties()},
      {"trunc", 0, 0, ties()},
      {"rint", 0, 0, ties()},
      {"fmin", 0, 0, mixed(-100, 100, {nan, inf, -inf, 1}), mixed(-100, 100, {nan, inf, -inf, 2})},
      {"fmax", 0, 0, mixed(-100, 100, {nan, inf, -inf, 1}), mixed(-100, 100, {nan, inf, -inf, 2})},
      {"fmod", 0, 0, special(-1e6, 1e6), special(-100, 100)},
      {"copysign", 0, 0, special(-1e6, 1e6), special(-1, 1)},
      {"fma", 0, 0, special(-1e3, 1e3), special(-1e3, 1e3), special(-1e6, 1e6)},
      // libdevice: documented maximum error + 1 (float, double)
      {"rsqrt", 3, 2, spread(false)},
      {"cbrt", 2, 2, spread(true)},
      {"exp", 3, 2, special(-110, 90, -750, 710)},
      {"exp2", 3, 2, special(-160, 130, -1100, 1030)},
      {"exp10", 3, 2, special(-46, 39, -330, 309)},
      {"expm1", 2, 2, special(-20, 20)},
      {"log", 2, 2, spread(false)},
      {"log2", 2, 2, spread(false)},
      {"log10", 3, 2, spread(false)},
      {"log1p", 2, 2, mixed(-0.999, 1e6, {-1, -2, inf, nan, 1e-30L, -1e-30L, 0})},
      {"sin", 3, 3, special(-1e4, 1e4)},
      {"cos", 3, 3, special(-1e4, 1e4)},
      {"tan", 5, 3, special(-100, 100)},
      {"asin", 3, 3, special(-1, 1)},
      {"acos", 3, 3, special(-1, 1)},
      {"atan", 3, 3, special(-1e4, 1e4)},
      {"sinh", 4, 3, special(-90, 90, -720, 720)},
      {"cosh", 3, 2, special(-90, 90, -720, 720)},
      {"tanh", 3, 2, special(-20, 20)},
      {"asinh", 4, 4, special(-1e6, 1e6)},
      {"acosh", 5, 4, mixed(1, 1e6, {1, inf, 1.5, nan})},
      {"atanh", 4, 3, special(-1, 1)},
      {"erf", 3, 3, special(-6, 6)},
      {"erfc", 5, 6, special(-6, 12, -6, 27)},
      // lgamma's bound holds away from the negative axis (and from its zeros at 1 and 2).
      {"lgamma", 7, 5, mixed(2.5, 40, {3, 10, inf})},
      {"tgamma", 6, 11, mixed(0.05, 34, {1, 2, 0.5})},
      {"atan2", 4, 3, special(-100, 100), special(-100, 100)},
      {"pow", 5, 3, mixed(0, 10, {0, 1, inf}), mixed(-30, 30, {0, 1, 2, -1, 0.5})},
      {"hypot", 4, 3, mixed(-1e30, 1e30, {0, inf, -inf, 1e-40L}), mixed(-1e30, 1e30, {0, 3, -inf})},
      // classification: exact
      {"isnan", 0, 0, special(-10, 10)},
      {"isinf", 0, 0, special(-10, 10)},
      {"isfinite", 0, 0, special(-10, 10)},
  };
  return table;
}

inline const Domain& domain(const char* name) {
  for (const Domain& d : domains())
    if (std::strcmp(d.name, name) == 0) return d;
  std::fprintf(stderr, "math_domains.hpp has no entry for simt::%s: add its inputs and error bound\n", name);
  std::abort();
}

/// A generator of one operand of `name` (0: x, 1: y, 2: z).
struct Operand {
  const Domain* domain;
  int index;
  template <class T>
  T draw(Rng& rng, Mode) const {
    const Draw& d = index == 0 ? domain->x : index == 1 ? domain->y : domain->z;
    return from_long_double<T>(d(rng, std::is_same_v<T, double>));
  }
};
inline Operand operand(const char* name, int index) { return {&domain(name), index}; }
inline Check bound(const char* name, bool f64) {
  const Domain& d = domain(name);
  return ulps(f64 ? d.f64_ulps : d.f32_ulps).more(4);
}

}  // namespace conformance::math
