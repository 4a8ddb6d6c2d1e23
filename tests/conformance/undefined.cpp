// What C++ leaves undefined, and what simtc defines (docs/language.md, "Undefined behaviour"):
//   x / 0: -1 for signed (all ones for unsigned); x % 0: x; INT_MIN / -1: INT_MIN; INT_MIN % -1: 0
//   shifts: the amount is taken modulo the width of the (promoted) left operand
//   float -> integer: saturates to the integer's range; NaN gives 0
//   signed overflow: wraps (two's complement)
// The GPU runs get those edge values; each kernel's reference below spells the definition out,
// and the host build is checked against the reference on inputs where C++ defines the result.
#include <simt/kernel.hpp>

#include <cstdint>

using std::int32_t;
using std::int64_t;
using std::uint32_t;
using std::uint64_t;

[[kernel]] void sdiv_i32(simt::Slice<const int32_t> a, simt::Slice<const int32_t> b,
                         simt::DisjointSlice<int32_t> quotient, simt::DisjointSlice<int32_t> remainder) {
  auto i = simt::thread::index_1d();
  int32_t x = 0, y = 1;
  if (i.get() < a.size()) x = a[i.get()], y = b[i.get()];
  if (auto o = quotient.get_mut(i)) *o = x / y;
  if (auto o = remainder.get_mut(i)) *o = x % y;
}

[[kernel]] void sdiv_i64(simt::Slice<const int64_t> a, simt::Slice<const int64_t> b,
                         simt::DisjointSlice<int64_t> quotient, simt::DisjointSlice<int64_t> remainder) {
  auto i = simt::thread::index_1d();
  int64_t x = 0, y = 1;
  if (i.get() < a.size()) x = a[i.get()], y = b[i.get()];
  if (auto o = quotient.get_mut(i)) *o = x / y;
  if (auto o = remainder.get_mut(i)) *o = x % y;
}

[[kernel]] void udiv_zero(simt::Slice<const uint32_t> a, simt::Slice<const uint32_t> b,
                          simt::Slice<const uint64_t> c, simt::DisjointSlice<uint32_t> quotient,
                          simt::DisjointSlice<uint32_t> remainder, simt::DisjointSlice<uint64_t> wide) {
  auto i = simt::thread::index_1d();
  uint32_t x = 0, y = 1;
  uint64_t z = 1;
  if (i.get() < a.size()) x = a[i.get()], y = b[i.get()], z = c[i.get()];
  if (auto o = quotient.get_mut(i)) *o = x / y;
  if (auto o = remainder.get_mut(i)) *o = x % y;
  if (auto o = wide.get_mut(i)) *o = (uint64_t(x) << 32 | x) / z + (uint64_t(x) << 20) % z;
}

// The divisor of an inlined function: zero for some threads, a constant for the others.
int32_t divide(int32_t x, int32_t y) { return x / y + x % y; }

[[kernel]] void inlined_divisor(simt::Slice<const int32_t> a, simt::Slice<const int32_t> b,
                                      simt::DisjointSlice<int32_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) *o = divide(a[i.get()], b[i.get()] == 0 ? 0 : 3);
}

[[kernel]] void shift_amounts(simt::Slice<const int32_t> a, simt::Slice<const int32_t> s,
                              simt::DisjointSlice<int32_t> left, simt::DisjointSlice<int32_t> right,
                              simt::DisjointSlice<uint64_t> wide) {
  auto i = simt::thread::index_1d();
  int32_t x = 0, k = 0;
  if (i.get() < a.size()) x = a[i.get()], k = s[i.get()];
  if (auto o = left.get_mut(i)) *o = x << k;
  if (auto o = right.get_mut(i)) *o = x >> k;
  if (auto o = wide.get_mut(i)) *o = uint64_t(x) << k | uint64_t(x) >> (k + 1);
}

// An 8-bit operand is promoted to int first: the amount is taken modulo 32, not 8.
[[kernel]] void shift_promoted(simt::Slice<const std::uint8_t> a, simt::Slice<const int32_t> s,
                               simt::DisjointSlice<int32_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) *o = a[i.get()] << s[i.get()];
}

[[kernel]] void float_to_int_saturation(simt::Slice<const float> a, simt::Slice<const double> b,
                                        simt::DisjointSlice<int32_t> to_i32, simt::DisjointSlice<uint32_t> to_u32,
                                        simt::DisjointSlice<int64_t> to_i64, simt::DisjointSlice<uint64_t> to_u64) {
  auto i = simt::thread::index_1d();
  float x = 0;
  double y = 0;
  if (i.get() < a.size()) x = a[i.get()], y = b[i.get()];
  if (auto o = to_i32.get_mut(i)) *o = int32_t(x);
  if (auto o = to_u32.get_mut(i)) *o = uint32_t(x);
  if (auto o = to_i64.get_mut(i)) *o = int64_t(y);
  if (auto o = to_u64.get_mut(i)) *o = uint64_t(y);
}

[[kernel]] void float_to_narrow_int(simt::Slice<const float> a, simt::DisjointSlice<std::int16_t> to_i16,
                                    simt::DisjointSlice<std::uint8_t> to_u8, simt::DisjointSlice<std::int8_t> to_i8) {
  auto i = simt::thread::index_1d();
  float x = 0;
  if (i.get() < a.size()) x = a[i.get()];
  if (auto o = to_i16.get_mut(i)) *o = std::int16_t(x);
  if (auto o = to_u8.get_mut(i)) *o = std::uint8_t(x);
  if (auto o = to_i8.get_mut(i)) *o = std::int8_t(x);
}

[[kernel]] void signed_overflow(simt::Slice<const int32_t> a, simt::Slice<const int32_t> b,
                                simt::DisjointSlice<int32_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    int32_t x = a[i.get()], y = b[i.get()];
    int32_t negated = -x;
    int32_t magnitude = x < 0 ? -x : x;
    *o = (x + y) ^ (x * y) ^ negated ^ (magnitude - y);
  }
}

#if !defined(__SIMTC__)
#include <cmath>
#include <limits>
#include <type_traits>

#include "conformance.hpp"
#include "undefined.simt.hpp"

namespace {
using namespace conformance;

// ---- The definitions, spelled out on the host.
template <class T>
T defined_div(T x, T y) {
  if (y == 0) return T(~T(0));  // -1 when signed, all ones when unsigned
  if constexpr (std::is_signed_v<T>)
    if (y == -1) return T(std::make_unsigned_t<T>(0) - std::make_unsigned_t<T>(x));  // wraps at the minimum
  return x / y;
}
template <class T>
T defined_rem(T x, T y) {
  if (y == 0) return x;
  if constexpr (std::is_signed_v<T>)
    if (y == -1) return 0;
  return x % y;
}
template <class T>
T defined_shl(T x, int k) {
  using U = std::make_unsigned_t<T>;
  return T(U(x) << (unsigned(k) % (8 * sizeof(T))));
}
template <class T>
T defined_shr(T x, int k) {
  return x >> (unsigned(k) % (8 * sizeof(T)));
}
template <class I, class F>
I defined_to_int(F x) {
  if (std::isnan(x)) return 0;
  if (x <= F(std::numeric_limits<I>::min())) return std::numeric_limits<I>::min();
  if (x >= F(std::numeric_limits<I>::max())) return std::numeric_limits<I>::max();
  return I(x);
}
std::int32_t wrap(long long v) { return std::int32_t(std::uint32_t(std::uint64_t(v))); }

// ---- References: the kernels' parameters, the definitions instead of the operators.
void sdiv_i32_ref(simt::Slice<const int32_t> a, simt::Slice<const int32_t> b, simt::DisjointSlice<int32_t> quotient,
                  simt::DisjointSlice<int32_t> remainder) {
  auto i = simt::thread::index_1d();
  int32_t x = 0, y = 1;
  if (i.get() < a.size()) x = a[i.get()], y = b[i.get()];
  if (auto o = quotient.get_mut(i)) *o = defined_div(x, y);
  if (auto o = remainder.get_mut(i)) *o = defined_rem(x, y);
}
void sdiv_i64_ref(simt::Slice<const int64_t> a, simt::Slice<const int64_t> b, simt::DisjointSlice<int64_t> quotient,
                  simt::DisjointSlice<int64_t> remainder) {
  auto i = simt::thread::index_1d();
  int64_t x = 0, y = 1;
  if (i.get() < a.size()) x = a[i.get()], y = b[i.get()];
  if (auto o = quotient.get_mut(i)) *o = defined_div(x, y);
  if (auto o = remainder.get_mut(i)) *o = defined_rem(x, y);
}
void udiv_zero_ref(simt::Slice<const uint32_t> a, simt::Slice<const uint32_t> b, simt::Slice<const uint64_t> c,
                   simt::DisjointSlice<uint32_t> quotient, simt::DisjointSlice<uint32_t> remainder,
                   simt::DisjointSlice<uint64_t> wide) {
  auto i = simt::thread::index_1d();
  uint32_t x = 0, y = 1;
  uint64_t z = 1;
  if (i.get() < a.size()) x = a[i.get()], y = b[i.get()], z = c[i.get()];
  if (auto o = quotient.get_mut(i)) *o = defined_div(x, y);
  if (auto o = remainder.get_mut(i)) *o = defined_rem(x, y);
  if (auto o = wide.get_mut(i)) *o = defined_div(uint64_t(x) << 32 | x, z) + defined_rem(uint64_t(x) << 20, z);
}
void inlined_divisor_ref(simt::Slice<const int32_t> a, simt::Slice<const int32_t> b,
                               simt::DisjointSlice<int32_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    int32_t x = a[i.get()], y = b[i.get()] == 0 ? 0 : 3;
    *o = wrap((long long)defined_div(x, y) + defined_rem(x, y));
  }
}
void shift_amounts_ref(simt::Slice<const int32_t> a, simt::Slice<const int32_t> s, simt::DisjointSlice<int32_t> left,
                       simt::DisjointSlice<int32_t> right, simt::DisjointSlice<uint64_t> wide) {
  auto i = simt::thread::index_1d();
  int32_t x = 0, k = 0;
  if (i.get() < a.size()) x = a[i.get()], k = s[i.get()];
  if (auto o = left.get_mut(i)) *o = defined_shl(x, k);
  if (auto o = right.get_mut(i)) *o = defined_shr(x, k);
  if (auto o = wide.get_mut(i)) *o = defined_shl(uint64_t(x), k) | defined_shr(uint64_t(x), k + 1);
}
void shift_promoted_ref(simt::Slice<const std::uint8_t> a, simt::Slice<const int32_t> s, simt::DisjointSlice<int32_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) *o = defined_shl(int32_t(a[i.get()]), s[i.get()]);
}
void float_to_int_saturation_ref(simt::Slice<const float> a, simt::Slice<const double> b,
                                 simt::DisjointSlice<int32_t> to_i32, simt::DisjointSlice<uint32_t> to_u32,
                                 simt::DisjointSlice<int64_t> to_i64, simt::DisjointSlice<uint64_t> to_u64) {
  auto i = simt::thread::index_1d();
  float x = 0;
  double y = 0;
  if (i.get() < a.size()) x = a[i.get()], y = b[i.get()];
  if (auto o = to_i32.get_mut(i)) *o = defined_to_int<int32_t>(x);
  if (auto o = to_u32.get_mut(i)) *o = defined_to_int<uint32_t>(x);
  if (auto o = to_i64.get_mut(i)) *o = defined_to_int<int64_t>(y);
  if (auto o = to_u64.get_mut(i)) *o = defined_to_int<uint64_t>(y);
}
void float_to_narrow_int_ref(simt::Slice<const float> a, simt::DisjointSlice<std::int16_t> to_i16,
                             simt::DisjointSlice<std::uint8_t> to_u8, simt::DisjointSlice<std::int8_t> to_i8) {
  auto i = simt::thread::index_1d();
  float x = 0;
  if (i.get() < a.size()) x = a[i.get()];
  if (auto o = to_i16.get_mut(i)) *o = defined_to_int<std::int16_t>(x);
  if (auto o = to_u8.get_mut(i)) *o = defined_to_int<std::uint8_t>(x);
  if (auto o = to_i8.get_mut(i)) *o = defined_to_int<std::int8_t>(x);
}
void signed_overflow_ref(simt::Slice<const int32_t> a, simt::Slice<const int32_t> b, simt::DisjointSlice<int32_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    long long x = a[i.get()], y = b[i.get()];
    std::int32_t negated = wrap(-x);
    std::int32_t magnitude = wrap(x < 0 ? -x : x);
    *o = wrap(x + y) ^ wrap(x * y) ^ negated ^ wrap((long long)magnitude - y);
  }
}

constexpr long double kMin32 = std::numeric_limits<int32_t>::min();
constexpr long double kMin64 = std::numeric_limits<int64_t>::min();
const long double kNaN = std::numeric_limits<long double>::quiet_NaN();
const long double kInf = std::numeric_limits<long double>::infinity();

auto nonzero(long long max) {
  return [max](Rng& rng) {
    long long v = std::uniform_int_distribution<long long>(2, max)(rng);
    return rng() % 2 ? v : -v;
  };
}

CONFORMANCE_REF(undefined_kernels, sdiv_i32, sdiv_i32_ref, exact(), in(edges(bits(), {kMin32, 0, 1})),
                in(edges(nonzero(1000), {0, -1})), out(), out());
CONFORMANCE_REF(undefined_kernels, sdiv_i64, sdiv_i64_ref, exact(), in(edges(bits(), {kMin64, -1})),
                in(edges(nonzero(1LL << 40), {0, -1})), out(), out());
CONFORMANCE_REF(undefined_kernels, udiv_zero, udiv_zero_ref, exact(), in(bits()), in(edges(ints(1, 100000), {0})),
                in(edges(ints(1, 1LL << 40), {0})), out(), out(), out());
CONFORMANCE_REF(undefined_kernels, inlined_divisor, inlined_divisor_ref, exact(), in(bits()),
                in(edges(ints(1, 9), {0})), out());
CONFORMANCE_REF(undefined_kernels, shift_amounts, shift_amounts_ref, exact(), in(bits()),
                in(edges(ints(0, 30), {31, 32, 33, 63, 64, 100, -1, -32})), out(), out(), out());
CONFORMANCE_REF(undefined_kernels, shift_promoted, shift_promoted_ref, exact(), in(bits()),
                in(edges(ints(0, 23), {8, 9, 31, 32, 40})), out());
CONFORMANCE_REF(undefined_kernels, float_to_int_saturation, float_to_int_saturation_ref, exact(),
                in(edges(reals(0, 2e9), {kNaN, kInf, -kInf, 3e9, -3e9, 1e20L, -1.0L, -0.5L, 4294967296.0L})),
                in(edges(reals(0, 9e18), {kNaN, kInf, -kInf, 1e19L, 2e19L, -1e19L, -1.0L})), out(), out(), out(), out());
CONFORMANCE_REF(undefined_kernels, float_to_narrow_int, float_to_narrow_int_ref, exact(),
                in(edges(reals(0, 127), {kNaN, kInf, -kInf, 1e6L, -1e6L, 300, -200, 40000, -40000})), out(), out(), out());
CONFORMANCE_REF(undefined_kernels, signed_overflow, signed_overflow_ref, exact(), in(edges(bits(), {kMin32})),
                in(bits()), out());

}  // namespace
#endif
