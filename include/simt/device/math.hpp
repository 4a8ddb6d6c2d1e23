// Math for float and double: simt::sqrt, simt::exp, ... On the GPU these are libdevice's
// (or the hardware's exact instructions); on the host they are <cmath>'s.
#pragma once

#include "simt/device/config.hpp"

#if !defined(__SIMTC__)
#include <cmath>
#endif

// SIMT_MATH_UNARY(name, host expression of x)
#define SIMT_MATH_UNARY_LIST(X)        \
  X(sqrt, std::sqrt(x))                \
  X(rsqrt, 1 / std::sqrt(x))           \
  X(cbrt, std::cbrt(x))                \
  X(exp, std::exp(x))                  \
  X(exp2, std::exp2(x))                \
  X(exp10, std::pow(decltype(x)(10), x)) \
  X(expm1, std::expm1(x))              \
  X(log, std::log(x))                  \
  X(log2, std::log2(x))                \
  X(log10, std::log10(x))              \
  X(log1p, std::log1p(x))              \
  X(sin, std::sin(x))                  \
  X(cos, std::cos(x))                  \
  X(tan, std::tan(x))                  \
  X(asin, std::asin(x))                \
  X(acos, std::acos(x))                \
  X(atan, std::atan(x))                \
  X(sinh, std::sinh(x))                \
  X(cosh, std::cosh(x))                \
  X(tanh, std::tanh(x))                \
  X(asinh, std::asinh(x))              \
  X(acosh, std::acosh(x))              \
  X(atanh, std::atanh(x))              \
  X(erf, std::erf(x))                  \
  X(erfc, std::erfc(x))                \
  X(lgamma, std::lgamma(x))            \
  X(tgamma, std::tgamma(x))            \
  X(fabs, std::fabs(x))                \
  X(floor, std::floor(x))              \
  X(ceil, std::ceil(x))                \
  X(round, std::round(x))              \
  X(trunc, std::trunc(x))              \
  X(rint, std::rint(x))

#define SIMT_MATH_BINARY_LIST(X)   \
  X(atan2, std::atan2(x, y))       \
  X(pow, std::pow(x, y))           \
  X(fmin, std::fmin(x, y))         \
  X(fmax, std::fmax(x, y))         \
  X(fmod, std::fmod(x, y))         \
  X(hypot, std::hypot(x, y))       \
  X(copysign, std::copysign(x, y))

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
SIMT_BUILTIN("math.fma") float fma(float x, float y, float z);
SIMT_BUILTIN("math.fma") double fma(double x, double y, double z);
#else
#define SIMT_DECLARE_UNARY(name, host)           \
  inline float name(float x) { return host; }    \
  inline double name(double x) { return host; }
#define SIMT_DECLARE_BINARY(name, host)                    \
  inline float name(float x, float y) { return host; }     \
  inline double name(double x, double y) { return host; }
#define SIMT_DECLARE_PREDICATE(name, host)      \
  inline bool name(float x) { return host; }    \
  inline bool name(double x) { return host; }
inline float fma(float x, float y, float z) { return std::fma(x, y, z); }
inline double fma(double x, double y, double z) { return std::fma(x, y, z); }
#endif

SIMT_MATH_UNARY_LIST(SIMT_DECLARE_UNARY)
SIMT_MATH_BINARY_LIST(SIMT_DECLARE_BINARY)
SIMT_MATH_PREDICATE_LIST(SIMT_DECLARE_PREDICATE)

#undef SIMT_DECLARE_UNARY
#undef SIMT_DECLARE_BINARY
#undef SIMT_DECLARE_PREDICATE

}  // namespace simt
