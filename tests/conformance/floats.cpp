// float and double: IEEE arithmetic (subnormals, infinities, NaN, signed zeros), comparisons,
// and conversions between floats and integers. Compiled with --fmad=false: every operation
// rounds once, as on the host, so results agree bit for bit (NaNs agree as NaNs).
#include <simt/kernel.hpp>

#include <cstdint>

[[kernel]] void arith_f32(simt::Slice<const float> a, simt::Slice<const float> b,
                          simt::DisjointSlice<float> sum, simt::DisjointSlice<float> product,
                          simt::DisjointSlice<float> quotient, simt::DisjointSlice<float> difference) {
  auto i = simt::thread::index_1d();
  float x = 0, y = 1;
  if (i.get() < a.size()) x = a[i.get()], y = b[i.get()];
  if (auto o = sum.get_mut(i)) *o = x + y;
  if (auto o = product.get_mut(i)) *o = x * y;
  if (auto o = quotient.get_mut(i)) *o = x / y;
  if (auto o = difference.get_mut(i)) *o = x - y;
}

[[kernel]] void arith_f64(simt::Slice<const double> a, simt::Slice<const double> b,
                          simt::DisjointSlice<double> sum, simt::DisjointSlice<double> product,
                          simt::DisjointSlice<double> quotient) {
  auto i = simt::thread::index_1d();
  double x = 0, y = 1;
  if (i.get() < a.size()) x = a[i.get()], y = b[i.get()];
  if (auto o = sum.get_mut(i)) *o = x + y - x * 0.5;
  if (auto o = product.get_mut(i)) *o = x * y * 1.25;
  if (auto o = quotient.get_mut(i)) *o = x / y + 1.0 / y;
}

// Comparisons: NaN is unordered (every comparison false, != true); -0 == +0.
[[kernel]] void compare_f32(simt::Slice<const float> a, simt::Slice<const float> b,
                            simt::DisjointSlice<std::int32_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    float x = a[i.get()], y = b[i.get()];
    *o = (x < y) | (x <= y) << 1 | (x > y) << 2 | (x >= y) << 3 | (x == y) << 4 | (x != y) << 5 |
         (!(x < y)) << 6 | (x == x) << 7;
  }
}

[[kernel]] void compare_f64(simt::Slice<const double> a, simt::Slice<const double> b,
                            simt::DisjointSlice<std::int32_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    double x = a[i.get()], y = b[i.get()];
    *o = (x < y) | (x <= y) << 1 | (x > y) << 2 | (x >= y) << 3 | (x == y) << 4 | (x != y) << 5;
  }
}

// Integer to float conversions round to nearest even (2^24 < |x| for float).
[[kernel]] void int_to_float(simt::Slice<const std::int64_t> a, simt::DisjointSlice<float> f,
                             simt::DisjointSlice<double> d) {
  auto i = simt::thread::index_1d();
  std::int64_t x = 0;
  if (i.get() < a.size()) x = a[i.get()];
  if (auto o = f.get_mut(i))
    *o = float(x) + float(std::int32_t(x)) * 0.5f + float(std::uint64_t(x)) * 0.25f + float(std::uint32_t(x));
  if (auto o = d.get_mut(i)) *o = double(x) + double(std::uint64_t(x)) * 3 + double(std::int16_t(x));
}

// Float to integer conversions truncate toward zero (values in range: out-of-range ones are
// in undefined.cpp).
[[kernel]] void float_to_int(simt::Slice<const float> a, simt::Slice<const double> b,
                             simt::DisjointSlice<std::int64_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    float x = a[i.get()];
    double y = b[i.get()];
    std::int32_t s = std::int32_t(x);
    std::uint32_t u = std::uint32_t(x < 0 ? -x : x);
    std::int64_t l = std::int64_t(y);
    std::int16_t h = std::int16_t(x / 100000);
    std::uint8_t c = std::uint8_t(x < 0 ? -x / 10000000 : x / 10000000);
    *o = s + std::int64_t(u) * 2 + l + h * 7 + c * 11 + std::int64_t(y / 3);
  }
}

[[kernel]] void float_double(simt::Slice<const double> a, simt::Slice<const float> b,
                             simt::DisjointSlice<float> narrowed, simt::DisjointSlice<double> widened) {
  auto i = simt::thread::index_1d();
  double x = 0;
  float y = 0;
  if (i.get() < a.size()) x = a[i.get()], y = b[i.get()];
  if (auto o = narrowed.get_mut(i)) *o = float(x);
  if (auto o = widened.get_mut(i)) *o = double(y) * 3.0 + y;  // y * 3.0 in double, + y in double
}

[[kernel]] void signs(simt::Slice<const float> a, simt::DisjointSlice<float> neg,
                      simt::DisjointSlice<float> magnitude) {
  auto i = simt::thread::index_1d();
  float x = 0;
  if (i.get() < a.size()) x = a[i.get()];
  if (auto o = neg.get_mut(i)) *o = -x;
  if (auto o = magnitude.get_mut(i)) *o = x < 0 ? -x : x + 0.0f;  // -0 + 0 is +0
}

// Mixed operands: int + float is float, float + double is double, long long / double.
[[kernel]] void mixed_operands(simt::Slice<const std::int32_t> a, simt::Slice<const float> b,
                               simt::DisjointSlice<double> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    std::int32_t n = a[i.get()];
    float f = b[i.get()];
    float g = n + f;
    double h = f * 2.5 + n;
    long long l = n;
    *o = g + h / (l == 0 ? 1 : l) + (n > f) + 'a' * f;
  }
}

// A deterministic reduction: the order of the additions is the program's.
[[kernel]] void series(simt::Slice<const float> a, simt::DisjointSlice<float> f32,
                       simt::DisjointSlice<double> f64) {
  auto i = simt::thread::index_1d();
  float x = 0;
  if (i.get() < a.size()) x = a[i.get()];
  float s = 0;
  double d = 0;
  float term = 1;
  for (int k = 1; k < 20; ++k) {
    term = term * x / float(k);
    s += term;
    d += double(term) * k;
  }
  if (auto o = f32.get_mut(i)) *o = s;
  if (auto o = f64.get_mut(i)) *o = d;
}

[[kernel]] void select_nan(simt::Slice<const float> a, simt::Slice<const float> b,
                           simt::DisjointSlice<float> low, simt::DisjointSlice<float> high) {
  auto i = simt::thread::index_1d();
  float x = 0, y = 0;
  if (i.get() < a.size()) x = a[i.get()], y = b[i.get()];
  if (auto o = low.get_mut(i)) *o = x < y ? x : y;
  if (auto o = high.get_mut(i)) *o = x > y ? x : y;
}

[[kernel]] void compound_float(simt::Slice<const float> a, simt::Slice<const double> b,
                               simt::DisjointSlice<float> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    float x = a[i.get()];
    x += 1.5f;
    x *= 3;          // int converts to float
    x -= b[i.get()]; // computed in double, rounded back to float
    x /= 7.0;
    x++;
    *o = x;
  }
}

#if !defined(__SIMTC__)
#include "conformance.hpp"
#include "floats.simt.hpp"

namespace {
using namespace conformance;

CONFORMANCE(floats_kernels, arith_f32, exact(), in(specials(-1e6, 1e6)), in(specials(-1e3, 1e3)), out(), out(), out(), out());
CONFORMANCE(floats_kernels, arith_f64, exact(), in(specials(-1e300, 1e300)), in(specials(-10, 10)), out(), out(), out());
CONFORMANCE(floats_kernels, compare_f32, exact(), in(specials(-2, 2)), in(one_of({0, -0.0L, 1, -1, 0.5, 1e30L})), out());
CONFORMANCE(floats_kernels, compare_f64, exact(), in(specials(-2, 2)), in(specials(-2, 2)), out());
CONFORMANCE(floats_kernels, int_to_float, exact(), in(bits()), out(), out());
CONFORMANCE(floats_kernels, float_to_int, exact(), in(reals(-2.1e9, 2.1e9)), in(reals(-9e18, 9e18)), out());
CONFORMANCE(floats_kernels, float_double, exact(), in(specials(-1e39, 1e39)), in(specials(-1e38, 1e38)), out(), out());
CONFORMANCE(floats_kernels, signs, exact(), in(specials(-100, 100)), out(), out());
CONFORMANCE(floats_kernels, mixed_operands, exact(), in(ints(-100000, 100000)), in(specials(-1e5, 1e5)), out());
CONFORMANCE(floats_kernels, series, exact(), in(reals(-8, 8)), out(), out());
CONFORMANCE(floats_kernels, select_nan, exact(), in(specials(-5, 5)), in(specials(-5, 5)), out(), out());
CONFORMANCE(floats_kernels, compound_float, exact(), in(specials(-1e4, 1e4)), in(specials(-1e4, 1e4)), out());

}  // namespace
#endif
