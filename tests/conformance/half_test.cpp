// The host's simt::half and simt::bfloat16 (the CPU reference of half_types.cpp): conversions
// round to nearest even, exhaustively over every 16-bit value; arithmetic rounds once;
// mixed operands follow the device's types.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <type_traits>

#include <simt/half.hpp>

namespace {

using simt::bfloat16;
using simt::half;

static_assert(std::is_same_v<decltype(half() + 1), half>);
static_assert(std::is_same_v<decltype(half() * 1.0f), float>);
static_assert(std::is_same_v<decltype(2.0 - half()), double>);
static_assert(std::is_same_v<decltype(bfloat16() / bfloat16()), bfloat16>);
static_assert(std::is_same_v<decltype(half() < 1), bool>);
static_assert(!std::is_constructible_v<half, bfloat16>, "as on the device: convert through float");

template <class T>
bool is_nan_bits(std::uint16_t bits) {
  return std::isnan(float(T::from_bits(bits)));
}

template <class T>
void check_round_trip_and_midpoints() {
  for (std::uint32_t b = 0; b < 0x10000; ++b) {
    const std::uint16_t bits = std::uint16_t(b);
    if (is_nan_bits<T>(bits)) {
      EXPECT_TRUE(std::isnan(float(T(float(T::from_bits(bits))))));
      continue;
    }
    const float value = float(T::from_bits(bits));
    ASSERT_EQ(T(value).bits(), bits) << "round trip of " << value;
    ASSERT_EQ(T(double(value)).bits(), bits) << "round trip through double of " << value;
    // The midpoint to the next value up (same sign) rounds to the one with an even last bit.
    const std::uint16_t next = std::uint16_t(bits + 1);
    if ((bits & 0x7fff) == 0x7fff || is_nan_bits<T>(next) || std::isinf(value)) continue;
    const float upper = float(T::from_bits(next));
    if (std::isinf(upper)) continue;
    const double mid = (double(value) + double(upper)) / 2;  // exact
    const std::uint16_t even = (bits & 1) == 0 ? bits : next;
    ASSERT_EQ(T(mid).bits(), even) << "midpoint " << mid;
    ASSERT_EQ(T(std::nextafter(mid, 0.0 * mid)).bits(), bits) << "just inside " << mid;
    ASSERT_EQ(T(std::nextafter(mid, 2 * mid)).bits(), next) << "just outside " << mid;
  }
}

TEST(Half, ConversionsRoundToNearestEven) { check_round_trip_and_midpoints<half>(); }
TEST(BFloat16, ConversionsRoundToNearestEven) { check_round_trip_and_midpoints<bfloat16>(); }

TEST(Half, OverflowAndUnderflow) {
  EXPECT_EQ(float(half(65504.0f)), 65504.0f);
  EXPECT_EQ(float(half(65519.99f)), 65504.0f);
  EXPECT_TRUE(std::isinf(float(half(65520.0f))));  // the midpoint to 2^16 rounds up: infinity
  EXPECT_TRUE(std::isinf(float(half(1e10))));
  EXPECT_EQ(half(std::ldexp(1.0, -24)).bits(), 0x0001);   // the smallest subnormal
  EXPECT_EQ(half(std::ldexp(1.0, -25)).bits(), 0x0000);   // half of it: ties to even (zero)
  EXPECT_EQ(half(std::ldexp(1.5, -25)).bits(), 0x0001);
  EXPECT_EQ(half(-0.0f).bits(), 0x8000);
  EXPECT_EQ(bfloat16(3.4e38f).bits(), 0x7f80);           // rounds up to infinity
  EXPECT_EQ(bfloat16(std::ldexp(1.0, -133)).bits(), 0x0001);  // the smallest subnormal
  EXPECT_EQ(bfloat16(1e-45f).bits(), 0x0000);                  // far below it
  EXPECT_EQ(float(bfloat16::from_bits(0x0001)), std::ldexp(1.0f, -133));
}

// From 64-bit integers the result is the nearest value, not a double rounding through double.
template <class T>
void check_integers() {
  std::mt19937_64 rng(11);
  for (int k = 0; k < 200000; ++k) {
    const std::int64_t v = std::int64_t(rng()) >> (rng() % 64);
    if (v == 0) continue;
    const T t(v);
    const long double got = float(t);
    if (std::isinf(got)) continue;
    const long double exact = (long double)v;  // exact: 64 bits of mantissa
    const long double down = float(T::from_bits(std::uint16_t(t.bits() - 1)));
    const long double up = float(T::from_bits(std::uint16_t(t.bits() + 1)));
    ASSERT_LE(std::fabs(got - exact), std::fabs(down - exact)) << v;
    if (!std::isinf(up)) ASSERT_LE(std::fabs(got - exact), std::fabs(up - exact)) << v;
  }
}
TEST(Half, FromIntegersIsNearest) { check_integers<half>(); }
TEST(BFloat16, FromIntegersIsNearest) { check_integers<bfloat16>(); }

// One rounding per operation: double holds every sum, difference and product of two 16-bit
// values exactly and rounds quotients with enough bits, so it is an independent reference.
template <class T>
void check_arithmetic() {
  std::mt19937_64 rng(5);
  for (int k = 0; k < 1000000; ++k) {
    const T x = T::from_bits(std::uint16_t(rng())), y = T::from_bits(std::uint16_t(rng()));
    const double a = float(x), b = float(y);
    auto same = [](T got, double want) { return std::isnan(want) ? std::isnan(float(got)) : got.bits() == T(want).bits(); };
    ASSERT_TRUE(same(x + y, a + b)) << a << " + " << b;
    ASSERT_TRUE(same(x - y, a - b)) << a << " - " << b;
    ASSERT_TRUE(same(x * y, a * b)) << a << " * " << b;
    ASSERT_TRUE(same(x / y, a / b)) << a << " / " << b;
  }
}
TEST(Half, ArithmeticRoundsOnce) { check_arithmetic<half>(); }
TEST(BFloat16, ArithmeticRoundsOnce) { check_arithmetic<bfloat16>(); }

TEST(Half, MixedOperandsAndAssignment) {
  half h = 1.5f;
  h += 1;            // half arithmetic
  EXPECT_EQ(float(h), 2.5f);
  h *= 2.0;          // computed in double, rounded back
  EXPECT_EQ(float(h), 5.0f);
  EXPECT_EQ(h * 1.1f, 5.0f * 1.1f);  // float arithmetic
  EXPECT_EQ(float(-h), -5.0f);
  EXPECT_EQ(float(++h), 6.0f);
  EXPECT_TRUE(h > 5 && h == 6 && h != 7.0);
  EXPECT_TRUE(half(70000.0f) > 65504);  // 70000 is infinity in half
  EXPECT_EQ(int(half(-3.75f)), -3);
}

}  // namespace
