// simt::half and simt::bfloat16: storage, arithmetic rounded to the 16-bit type after every
// operation (native f16/bf16 instructions), conversions, comparisons, mixed operands, kernel
// parameters and slices of them, and the math overloads (through float).
#include <simt/kernel.hpp>

#include <cstdint>

using simt::bfloat16;
using simt::half;

[[kernel]] void half_arith(simt::Slice<const half> a, simt::Slice<const half> b, simt::DisjointSlice<half> sum,
                           simt::DisjointSlice<half> product, simt::DisjointSlice<half> quotient,
                           simt::DisjointSlice<half> difference) {
  auto i = simt::thread::index_1d();
  half x = 0, y = 1;
  if (i.get() < a.size()) x = a[i.get()], y = b[i.get()];
  if (auto o = sum.get_mut(i)) *o = x + y;
  if (auto o = product.get_mut(i)) *o = x * y;
  if (auto o = quotient.get_mut(i)) *o = x / y;
  if (auto o = difference.get_mut(i)) *o = x - y * y;  // two roundings
}

[[kernel]] void bf16_arith(simt::Slice<const bfloat16> a, simt::Slice<const bfloat16> b,
                           simt::DisjointSlice<bfloat16> sum, simt::DisjointSlice<bfloat16> product,
                           simt::DisjointSlice<bfloat16> quotient) {
  auto i = simt::thread::index_1d();
  bfloat16 x = 0, y = 1;
  if (i.get() < a.size()) x = a[i.get()], y = b[i.get()];
  if (auto o = sum.get_mut(i)) *o = x + y - x;
  if (auto o = product.get_mut(i)) *o = x * y;
  if (auto o = quotient.get_mut(i)) *o = x / y;
}

// float -> 16-bit rounds to nearest even (overflow to infinity, subnormals, zeros); the
// 16-bit values convert back exactly.
[[kernel]] void half_from_float(simt::Slice<const float> a, simt::DisjointSlice<half> h,
                                simt::DisjointSlice<bfloat16> b, simt::DisjointSlice<float> back) {
  auto i = simt::thread::index_1d();
  float x = 0;
  if (i.get() < a.size()) x = a[i.get()];
  if (auto o = h.get_mut(i)) *o = half(x);
  if (auto o = b.get_mut(i)) *o = bfloat16(x);
  if (auto o = back.get_mut(i)) *o = float(half(x)) + float(bfloat16(x));
}

// Straight from double and from integers: one rounding, never through float.
[[kernel]] void half_from_wide(simt::Slice<const double> a, simt::Slice<const std::int64_t> b,
                               simt::DisjointSlice<half> from_double, simt::DisjointSlice<bfloat16> bf_from_double,
                               simt::DisjointSlice<half> from_int, simt::DisjointSlice<bfloat16> bf_from_int) {
  auto i = simt::thread::index_1d();
  double x = 0;
  std::int64_t n = 0;
  if (i.get() < a.size()) x = a[i.get()], n = b[i.get()];
  if (auto o = from_double.get_mut(i)) *o = half(x);
  if (auto o = bf_from_double.get_mut(i)) *o = bfloat16(x);
  if (auto o = from_int.get_mut(i)) *o = half(std::int32_t(n >> 40));
  if (auto o = bf_from_int.get_mut(i)) *o = bfloat16(n);
}

[[kernel]] void half_to_int(simt::Slice<const half> a, simt::Slice<const bfloat16> b,
                            simt::DisjointSlice<std::int32_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    half x = a[i.get()];
    bfloat16 y = b[i.get()];
    *o = std::int32_t(x) * 3 + std::int16_t(y) + std::uint8_t(std::int32_t(x < half(0) ? -x : x));
  }
}

[[kernel]] void half_compare(simt::Slice<const half> a, simt::Slice<const half> b,
                             simt::Slice<const bfloat16> c, simt::DisjointSlice<std::int32_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    half x = a[i.get()], y = b[i.get()];
    bfloat16 z = c[i.get()];
    *o = (x < y) | (x == y) << 1 | (x >= y) << 2 | (x != y) << 3 | (z > bfloat16(1)) << 4 |
         (z <= 0) << 5 | (x > 2.5f) << 6 | (y == 1) << 7;
  }
}

// half op int is half; half op float is float; half op double is double.
[[kernel]] void half_mixed(simt::Slice<const half> a, simt::Slice<const bfloat16> b,
                           simt::DisjointSlice<half> h, simt::DisjointSlice<float> f,
                           simt::DisjointSlice<double> d, simt::DisjointSlice<bfloat16> bf) {
  auto i = simt::thread::index_1d();
  half x = 0;
  bfloat16 y = 0;
  if (i.get() < a.size()) x = a[i.get()], y = b[i.get()];
  if (auto o = h.get_mut(i)) {
    half r = x * 3 + 1;
    r += 2;
    r -= x;
    r *= half(0.5f);
    *o = -r;
  }
  if (auto o = f.get_mut(i)) *o = x * 1.1f + float(y);
  if (auto o = d.get_mut(i)) *o = y / 3.0 + x;
  if (auto o = bf.get_mut(i)) {
    bfloat16 r = y;
    r += 1.5;  // computed in double, rounded to bfloat16
    ++r;
    *o = r;
  }
}

// 16-bit scalars as kernel parameters.
[[kernel]] void half_params(half scale, bfloat16 offset, simt::Slice<const half> a,
                            simt::DisjointSlice<half> out, simt::DisjointSlice<bfloat16> out_bf) {
  auto i = simt::thread::index_1d();
  half x = 0;
  if (i.get() < a.size()) x = a[i.get()];
  if (auto o = out.get_mut(i)) *o = x * scale;
  if (auto o = out_bf.get_mut(i)) *o = bfloat16(float(x)) + offset;
}

[[kernel]] void half_math(simt::Slice<const half> a, simt::DisjointSlice<half> root,
                          simt::DisjointSlice<half> sine, simt::DisjointSlice<bfloat16> exponent,
                          simt::DisjointSlice<half> rounded) {
  auto i = simt::thread::index_1d();
  half x = 0;
  if (i.get() < a.size()) x = a[i.get()];
  if (auto o = root.get_mut(i)) *o = simt::sqrt(simt::fabs(x));
  if (auto o = sine.get_mut(i)) *o = simt::sin(x);
  if (auto o = exponent.get_mut(i)) *o = simt::exp(bfloat16(float(x)) / bfloat16(4));
  if (auto o = rounded.get_mut(i)) *o = simt::floor(x) + simt::fmin(x, half(2)) + half(simt::isnan(x));
}

#if !defined(__SIMTC__)
#include "conformance.hpp"
#include "half_types.simt.hpp"

namespace {
using namespace conformance;

CONFORMANCE(half_types_kernels, half_arith, exact(), in(bits()), in(bits()), out(), out(), out(), out());
CONFORMANCE(half_types_kernels, bf16_arith, exact(), in(bits()), in(bits()), out(), out(), out());
CONFORMANCE(half_types_kernels, half_from_float, exact(), in(bits()), out(), out(), out());
CONFORMANCE(half_types_kernels, half_from_wide, exact(), in(specials(-1e5, 1e5)), in(bits()), out(), out(), out(), out());
CONFORMANCE(half_types_kernels, half_to_int, exact(), in(reals(-60000, 60000)), in(reals(-30000, 30000)), out());
CONFORMANCE(half_types_kernels, half_compare, exact(), in(specials(-4, 4)), in(one_of({1, 2, 0, -0.0L, 2.5})), in(specials(-3, 3)), out());
CONFORMANCE(half_types_kernels, half_mixed, exact(), in(specials(-100, 100)), in(specials(-1e4, 1e4)), out(), out(), out(), out());
CONFORMANCE(half_types_kernels, half_params, exact(), scalar(reals(-3, 3)), scalar(reals(-100, 100)), in(specials(-1000, 1000)), out(), out());
// sqrt, fabs, floor, fmin are exact in float and round once; sin and exp round float results
// of libdevice (2 ulp in float) and of the host: at most one 16-bit ulp apart.
CONFORMANCE(half_types_kernels, half_math, ulps(1), in(reals(-20, 20)), out(), out(), out(), out());

}  // namespace
#endif
