// Math for float, double, half and bfloat16: simt::sqrt, simt::exp, ...
//
// On the GPU the float and double functions are libdevice's (or the hardware's exact
// instructions); docs/language.md lists each one's error bound. half and bfloat16 compute in
// float and round once more.
//
// On the host (the CPU reference) the exactly rounded functions (fabs, floor, ceil, round,
// trunc, rint, sqrt, fmin, fmax, fmod, copysign, fma) are <cmath>'s; the others compute in the
// next wider type (float in double, double in long double) and round once, so they are within
// about half an ulp of the exact result: a reference to measure the GPU's error against.
#pragma once

#include "simt/device/config.hpp"
#include "simt/half.hpp"

#if !defined(__SIMTC__)
#include <cmath>
#endif

// X(name, host expression of x [and y]): the functions <cmath> rounds exactly.
#define SIMT_MATH_EXACT_UNARY_LIST(X) \
  X(sqrt, std::sqrt(x))               \
  X(fabs, std::fabs(x))               \
  X(floor, std::floor(x))             \
  X(ceil, std::ceil(x))               \
  X(round, std::round(x))             \
  X(trunc, std::trunc(x))             \
  X(rint, std::rint(x))

#define SIMT_MATH_EXACT_BINARY_LIST(X) \
  X(fmin, std::fmin(x, y))             \
  X(fmax, std::fmax(x, y))             \
  X(fmod, std::fmod(x, y))             \
  X(copysign, std::copysign(x, y))

// The approximated ones; on the host `x` (and `y`) have the next wider type.
#define SIMT_MATH_UNARY_LIST(X)          \
  X(rsqrt, 1 / std::sqrt(x))             \
  X(cbrt, std::cbrt(x))                  \
  X(exp, std::exp(x))                    \
  X(exp2, std::exp2(x))                  \
  X(exp10, std::pow(decltype(x)(10), x)) \
  X(expm1, std::expm1(x))                \
  X(log, std::log(x))                    \
  X(log2, std::log2(x))                  \
  X(log10, std::log10(x))                \
  X(log1p, std::log1p(x))                \
  X(sin, std::sin(x))                    \
  X(cos, std::cos(x))                    \
  X(tan, std::tan(x))                    \
  X(asin, std::asin(x))                  \
  X(acos, std::acos(x))                  \
  X(atan, std::atan(x))                  \
  X(sinh, std::sinh(x))                  \
  X(cosh, std::cosh(x))                  \
  X(tanh, std::tanh(x))                  \
  X(asinh, std::asinh(x))                \
  X(acosh, std::acosh(x))                \
  X(atanh, std::atanh(x))                \
  X(erf, std::erf(x))                    \
  X(erfc, std::erfc(x))                  \
  X(lgamma, std::lgamma(x))              \
  X(tgamma, std::tgamma(x))

#define SIMT_MATH_BINARY_LIST(X)   \
  X(atan2, std::atan2(x, y))       \
  X(pow, std::pow(x, y))           \
  X(hypot, std::hypot(x, y))

#define SIMT_MATH_PREDICATE_LIST(X) \
  X(isnan, std::isnan(x))           \
  X(isinf, std::isinf(x))           \
  X(isfinite, std::isfinite(x))

namespace simt {

#if defined(__SIMTC__)
#define SIMT_DECLARE_UNARY(name, host)                  \
  SIMT_BUILTIN("math." #name) float name(float x);      \
  SIMT_BUILTIN("math." #name) double name(double x);
#define SIMT_DECLARE_BINARY(name, host)                        \
  SIMT_BUILTIN("math." #name) float name(float x, float y);    \
  SIMT_BUILTIN("math." #name) double name(double x, double y);
#define SIMT_DECLARE_PREDICATE(name, host)            \
  SIMT_BUILTIN("math." #name) bool name(float x);     \
  SIMT_BUILTIN("math." #name) bool name(double x);
SIMT_MATH_EXACT_UNARY_LIST(SIMT_DECLARE_UNARY)
SIMT_MATH_EXACT_BINARY_LIST(SIMT_DECLARE_BINARY)
SIMT_MATH_UNARY_LIST(SIMT_DECLARE_UNARY)
SIMT_MATH_BINARY_LIST(SIMT_DECLARE_BINARY)
SIMT_BUILTIN("math.fma") float fma(float x, float y, float z);
SIMT_BUILTIN("math.fma") double fma(double x, double y, double z);
#else
#define SIMT_DECLARE_EXACT_UNARY(name, host)     \
  inline float name(float x) { return host; }    \
  inline double name(double x) { return host; }
#define SIMT_DECLARE_EXACT_BINARY(name, host)              \
  inline float name(float x, float y) { return host; }     \
  inline double name(double x, double y) { return host; }
#define SIMT_DECLARE_UNARY(name, host)                                  \
  inline float name(float x_) {                                         \
    double x = x_;                                                      \
    return float(host);                                                 \
  }                                                                     \
  inline double name(double x_) {                                       \
    long double x = x_;                                                 \
    return double(host);                                                \
  }
#define SIMT_DECLARE_BINARY(name, host)                                 \
  inline float name(float x_, float y_) {                               \
    double x = x_, y = y_;                                              \
    return float(host);                                                 \
  }                                                                     \
  inline double name(double x_, double y_) {                            \
    long double x = x_, y = y_;                                         \
    return double(host);                                                \
  }
#define SIMT_DECLARE_PREDICATE(name, host)      \
  inline bool name(float x) { return host; }    \
  inline bool name(double x) { return host; }
SIMT_MATH_EXACT_UNARY_LIST(SIMT_DECLARE_EXACT_UNARY)
SIMT_MATH_EXACT_BINARY_LIST(SIMT_DECLARE_EXACT_BINARY)
SIMT_MATH_UNARY_LIST(SIMT_DECLARE_UNARY)
SIMT_MATH_BINARY_LIST(SIMT_DECLARE_BINARY)
inline float fma(float x, float y, float z) { return std::fma(x, y, z); }
inline double fma(double x, double y, double z) { return std::fma(x, y, z); }
#undef SIMT_DECLARE_EXACT_UNARY
#undef SIMT_DECLARE_EXACT_BINARY
#endif
SIMT_MATH_PREDICATE_LIST(SIMT_DECLARE_PREDICATE)

// half and bfloat16: through float, rounded once more (the same formula on both sides).
#define SIMT_DECLARE_NARROW_UNARY(name, host)                                    \
  inline half name(half x) { return half(name(float(x))); }                      \
  inline bfloat16 name(bfloat16 x) { return bfloat16(name(float(x))); }
#define SIMT_DECLARE_NARROW_BINARY(name, host)                                             \
  inline half name(half x, half y) { return half(name(float(x), float(y))); }              \
  inline bfloat16 name(bfloat16 x, bfloat16 y) { return bfloat16(name(float(x), float(y))); }
#define SIMT_DECLARE_NARROW_PREDICATE(name, host)                \
  inline bool name(half x) { return name(float(x)); }            \
  inline bool name(bfloat16 x) { return name(float(x)); }
SIMT_MATH_EXACT_UNARY_LIST(SIMT_DECLARE_NARROW_UNARY)
SIMT_MATH_EXACT_BINARY_LIST(SIMT_DECLARE_NARROW_BINARY)
SIMT_MATH_UNARY_LIST(SIMT_DECLARE_NARROW_UNARY)
SIMT_MATH_BINARY_LIST(SIMT_DECLARE_NARROW_BINARY)
SIMT_MATH_PREDICATE_LIST(SIMT_DECLARE_NARROW_PREDICATE)
/// fma of 16-bit values: the exact a * b + c rounded to float, then to the 16-bit type.
inline half fma(half x, half y, half z) { return half(fma(float(x), float(y), float(z))); }
inline bfloat16 fma(bfloat16 x, bfloat16 y, bfloat16 z) {
  return bfloat16(fma(float(x), float(y), float(z)));
}

#undef SIMT_DECLARE_UNARY
#undef SIMT_DECLARE_BINARY
#undef SIMT_DECLARE_PREDICATE
#undef SIMT_DECLARE_NARROW_UNARY
#undef SIMT_DECLARE_NARROW_BINARY
#undef SIMT_DECLARE_NARROW_PREDICATE

}  // namespace simt
