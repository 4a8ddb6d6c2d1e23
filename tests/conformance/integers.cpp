// Integer arithmetic: every width and signedness, C++'s promotions and conversions, wrapping
// (signed overflow wraps on the GPU; the host build uses -fwrapv), division, shifts, bits.
#include <simt/kernel.hpp>

#include <cstdint>

using std::int16_t;
using std::int32_t;
using std::int64_t;
using std::int8_t;
using std::uint16_t;
using std::uint32_t;
using std::uint64_t;
using std::uint8_t;

[[kernel]] void arith_i32(simt::Slice<const int32_t> a, simt::Slice<const int32_t> b,
                          simt::DisjointSlice<int32_t> sum, simt::DisjointSlice<int32_t> mix) {
  auto i = simt::thread::index_1d();
  int32_t x = 0, y = 0;
  if (i.get() < a.size()) x = a[i.get()], y = b[i.get()];
  if (auto o = sum.get_mut(i)) *o = x + y;
  if (auto o = mix.get_mut(i)) *o = (x - y) * 3 ^ (x * y) - ~x;
}

[[kernel]] void arith_u64(simt::Slice<const uint64_t> a, simt::Slice<const uint64_t> b,
                          simt::DisjointSlice<uint64_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    uint64_t x = a[i.get()], y = b[i.get()];
    *o = (x + y) * (x - y) + (x ^ (y << 7)) - (y >> 3);
  }
}

[[kernel]] void arith_i64(simt::Slice<const int64_t> a, simt::Slice<const int64_t> b,
                          simt::DisjointSlice<int64_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    int64_t x = a[i.get()], y = b[i.get()];
    *o = x * y - (x + 12345) * (y - 777) + (x >> 5);
  }
}

// Division by anything but zero (and never INT_MIN / -1: undefined.cpp has those).
[[kernel]] void div_rem_i32(simt::Slice<const int32_t> a, simt::Slice<const int32_t> b,
                            simt::DisjointSlice<int32_t> quotient, simt::DisjointSlice<int32_t> remainder) {
  auto i = simt::thread::index_1d();
  int32_t x = 1, y = 1;
  if (i.get() < a.size()) x = a[i.get()], y = b[i.get()];
  if (auto o = quotient.get_mut(i)) *o = x / y;
  if (auto o = remainder.get_mut(i)) *o = x % y;
}

[[kernel]] void div_rem_u32(simt::Slice<const uint32_t> a, simt::Slice<const uint32_t> b,
                            simt::DisjointSlice<uint32_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) *o = a[i.get()] / b[i.get()] * 1000 + a[i.get()] % b[i.get()];
}

[[kernel]] void div_rem_i64(simt::Slice<const int64_t> a, simt::Slice<const int64_t> b,
                            simt::DisjointSlice<int64_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) *o = (a[i.get()] / b[i.get()]) ^ (a[i.get()] % b[i.get()] << 40);
}

[[kernel]] void div_rem_u64(simt::Slice<const uint64_t> a, simt::Slice<const uint64_t> b,
                            simt::DisjointSlice<uint64_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) *o = a[i.get()] / b[i.get()] + (a[i.get()] % b[i.get()]) * 3;
}

// Division by constants (strength-reduced on the GPU).
[[kernel]] void div_by_constants(simt::Slice<const int32_t> a, simt::DisjointSlice<int32_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    int32_t x = a[i.get()];
    uint32_t u = uint32_t(x);
    *o = x / 7 + x % 13 + x / -3 + int32_t(u / 10u) + int32_t(u % 1000u) + x / 1 + x % 1 + x / 2;
  }
}

[[kernel]] void shifts_i32(simt::Slice<const int32_t> a, simt::Slice<const int32_t> s,
                           simt::DisjointSlice<int32_t> left, simt::DisjointSlice<int32_t> right,
                           simt::DisjointSlice<uint32_t> logical) {
  auto i = simt::thread::index_1d();
  int32_t x = 0, k = 0;
  if (i.get() < a.size()) x = a[i.get()], k = s[i.get()];
  if (auto o = left.get_mut(i)) *o = x << k;  // C++20: defined for negative x too
  if (auto o = right.get_mut(i)) *o = x >> k;  // arithmetic
  if (auto o = logical.get_mut(i)) *o = uint32_t(x) >> k;
}

[[kernel]] void shifts_64(simt::Slice<const uint64_t> a, simt::Slice<const int32_t> s,
                          simt::DisjointSlice<uint64_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    uint64_t x = a[i.get()];
    int32_t k = s[i.get()];
    *o = (x << k) ^ (x >> (63 - k)) ^ uint64_t(int64_t(x) >> k);
  }
}

[[kernel]] void bitwise(simt::Slice<const uint32_t> a, simt::Slice<const uint32_t> b,
                        simt::DisjointSlice<uint32_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    uint32_t x = a[i.get()], y = b[i.get()];
    *o = (x & y) | (~x & (y ^ 0xF0F0F0F0u)) ^ (x | ~y) + uint32_t(__builtin_popcount(x));
  }
}

// simt::popc, clz, ctz, ffs and brev (bits.hpp) of a & keep: keep 0 makes x 0, where the host
// reference answers as the GPU's instructions do (clz and ctz the width, ffs 0).
[[kernel]] void bit_counts_u32(simt::Slice<const uint32_t> a, simt::Slice<const uint32_t> keep,
                               simt::DisjointSlice<uint32_t> counts, simt::DisjointSlice<uint32_t> reversed) {
  auto i = simt::thread::index_1d();
  uint32_t x = 0;
  if (i.get() < a.size()) x = a[i.get()] & keep[i.get()];
  if (auto o = counts.get_mut(i))
    *o = simt::popc(x) | simt::clz(x) << 8 | simt::ctz(x) << 16 | simt::ffs(x) << 24;
  if (auto o = reversed.get_mut(i)) *o = simt::brev(x);
}

[[kernel]] void bit_counts_u64(simt::Slice<const uint64_t> a, simt::Slice<const uint64_t> keep,
                               simt::DisjointSlice<uint32_t> counts, simt::DisjointSlice<uint64_t> reversed) {
  auto i = simt::thread::index_1d();
  uint64_t x = 0;
  if (i.get() < a.size()) x = a[i.get()] & keep[i.get()];
  if (auto o = counts.get_mut(i))
    *o = simt::popc(x) | simt::clz(x) << 8 | simt::ctz(x) << 16 | simt::ffs(x) << 24;
  if (auto o = reversed.get_mut(i)) *o = simt::brev(x);
}

// int8_t * int8_t is an int; storing it back into int8_t wraps (C++20: modulo 2^8).
[[kernel]] void promote_i8(simt::Slice<const int8_t> a, simt::Slice<const int8_t> b,
                           simt::DisjointSlice<int32_t> wide, simt::DisjointSlice<int8_t> narrow) {
  auto i = simt::thread::index_1d();
  int8_t x = 0, y = 0;
  if (i.get() < a.size()) x = a[i.get()], y = b[i.get()];
  if (auto o = wide.get_mut(i)) *o = x * y + x - y;
  if (auto o = narrow.get_mut(i)) {
    int8_t r = x * y;
    r += x;
    *o = r;
  }
}

// uint16_t * uint16_t multiplies two ints: 65535 * 65535 overflows int (wraps here).
[[kernel]] void promote_u16(simt::Slice<const uint16_t> a, simt::Slice<const uint16_t> b,
                            simt::DisjointSlice<uint32_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    uint16_t x = a[i.get()], y = b[i.get()];
    uint16_t z = uint16_t(x + y);
    *o = uint32_t(x * y) + z + uint32_t(-x);
  }
}

[[kernel]] void promote_u8(simt::Slice<const uint8_t> a, simt::Slice<const uint8_t> b,
                           simt::DisjointSlice<int32_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    uint8_t x = a[i.get()], y = b[i.get()];
    uint8_t sum = x + y;  // wraps modulo 256
    *o = (x - y) * 1000 + sum + (~x) + (x << 4);
  }
}

// Usual arithmetic conversions between signed and unsigned operands.
[[kernel]] void mixed_signedness(simt::Slice<const int32_t> a, simt::Slice<const uint32_t> b,
                                 simt::DisjointSlice<int32_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    int32_t x = a[i.get()];
    uint32_t y = b[i.get()];
    int64_t wide = x;
    int r = 0;
    r |= (x < y) << 0;           // x converts to unsigned
    r |= (wide < y) << 1;        // y converts to int64
    r |= (x + y > 100u) << 2;
    r |= (int16_t(x) < uint16_t(y)) << 3;  // both promote to int
    r |= (uint64_t(x) > y) << 4;
    *o = r + int32_t((x + y) >> 28);
  }
}

[[kernel]] void narrowing(simt::Slice<const int64_t> a, simt::DisjointSlice<int64_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    int64_t x = a[i.get()];
    int32_t w = int32_t(x);
    int16_t h = int16_t(x);
    int8_t c = int8_t(x);
    uint16_t uh = uint16_t(x);
    uint8_t uc = uint8_t(x >> 8);
    *o = int64_t(w) * 3 + h * 5 + c * 7 + uh + uc + int64_t(uint32_t(x));
  }
}

[[kernel]] void booleans(simt::Slice<const int32_t> a, simt::Slice<const int32_t> b,
                         simt::DisjointSlice<bool> both, simt::DisjointSlice<int32_t> count) {
  auto i = simt::thread::index_1d();
  int32_t x = 0, y = 0;
  if (i.get() < a.size()) x = a[i.get()], y = b[i.get()];
  bool p = x > 0, q = y % 3 == 0;
  if (auto o = both.get_mut(i)) *o = (p && q) || (!p && !q);
  if (auto o = count.get_mut(i)) *o = p + q + (p ^ q) * 4 + (p & q) * 8 + (p | q) * 16 + !x * 32 + bool(y) * 64;
}

// ++/-- on narrow types wrap when the result is stored back (C++20: modular conversion).
[[kernel]] void increments(simt::Slice<const int8_t> a, simt::Slice<const uint16_t> b,
                           simt::DisjointSlice<int32_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    int8_t c = a[i.get()];
    uint16_t u = b[i.get()];
    int8_t before = c++;
    ++c;
    uint16_t ub = u--;
    --u;
    bool flag = false;
    flag = !flag;
    *o = before * 1000000 + c * 10000 + ub + u + flag;
  }
}

[[kernel]] void compound_assign(simt::Slice<const int16_t> a, simt::Slice<const int16_t> b,
                                simt::DisjointSlice<int16_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    int16_t x = a[i.get()];
    int16_t y = b[i.get()];
    x += y;
    x *= 3;
    x -= y / 2;
    x ^= y;
    x <<= 2;
    x >>= 1;
    x |= 0x10;
    x &= 0x7FF7;
    x /= y;
    x %= 1000;
    *o = x;
  }
}

[[kernel]] void unsigned_wrap(simt::Slice<const uint32_t> a, simt::Slice<const uint32_t> b,
                              simt::DisjointSlice<uint32_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    uint32_t x = a[i.get()], y = b[i.get()];
    uint32_t d = x - y;   // wraps below zero
    uint32_t m = x * 2654435761u;
    *o = d ^ m ^ (-x) ^ (y + 0xFFFFFFFFu);
  }
}

[[kernel]] void char_types(simt::Slice<const char> a, simt::Slice<const unsigned char> b,
                           simt::DisjointSlice<int32_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    char c = a[i.get()];
    unsigned char u = b[i.get()];
    signed char s = static_cast<signed char>(u);
    char8_t c8 = static_cast<char8_t>(u);
    char16_t c16 = static_cast<char16_t>(c);
    char32_t c32 = static_cast<char32_t>(c) * 7;
    wchar_t w = static_cast<wchar_t>(s) * 3;
    *o = c + u * 2 + s * 3 + c8 + int32_t(c16) + int32_t(c32) + int32_t(w) + ('z' - c);
  }
}

enum Color : std::uint8_t { Red = 1, Green = 2, Blue = 4 };
enum class Level : std::int16_t { Low = -5, Mid = 0, High = 300 };

[[kernel]] void enum_values(simt::Slice<const int32_t> a, simt::DisjointSlice<int32_t> out) {
  auto i = simt::thread::index_1d();
  if (auto o = out.get_mut(i)) {
    int32_t x = a[i.get()];
    Color c = Color(x & 7);
    Level l = x % 2 == 0 ? Level::High : Level::Low;
    int mask = c | Blue;
    *o = mask * 1000 + static_cast<int>(l) + (c == Green) * 7 + int(sizeof(Level)) * 100000;
  }
}

#if !defined(__SIMTC__)
#include "conformance.hpp"
#include "integers.simt.hpp"

namespace {
using namespace conformance;

// Divisors: nonzero, and never -1 (so INT_MIN / -1 cannot happen).
auto divisor(long long max) {
  return [max](Rng& rng) {
    long long v = std::uniform_int_distribution<long long>(2, max)(rng);
    return rng() % 2 ? v : -v;
  };
}
auto udivisor(long long max) {
  return [max](Rng& rng) { return std::uniform_int_distribution<long long>(1, max)(rng); };
}

CONFORMANCE(integers_kernels, arith_i32, exact(), in(bits()), in(bits()), out(), out());
CONFORMANCE(integers_kernels, arith_u64, exact(), in(bits()), in(bits()), out());
CONFORMANCE(integers_kernels, arith_i64, exact(), in(bits()), in(ints(-1000000, 1000000)), out());
CONFORMANCE(integers_kernels, div_rem_i32, exact(), in(bits()), in(divisor(100000)), out(), out());
CONFORMANCE(integers_kernels, div_rem_u32, exact(), in(bits()), in(udivisor(70000)), out());
CONFORMANCE(integers_kernels, div_rem_i64, exact(), in(bits()), in(divisor(1LL << 40)), out());
CONFORMANCE(integers_kernels, div_rem_u64, exact(), in(bits()), in(udivisor(1LL << 50)), out());
CONFORMANCE(integers_kernels, div_by_constants, exact(), in(bits()), out());
CONFORMANCE(integers_kernels, shifts_i32, exact(), in(bits()), in(ints(0, 31)), out(), out(), out());
CONFORMANCE(integers_kernels, shifts_64, exact(), in(bits()), in(ints(0, 63)), out());
CONFORMANCE(integers_kernels, bitwise, exact(), in(bits()), in(bits()), out());
CONFORMANCE(integers_kernels, bit_counts_u32, exact(), in(bits()),
            in(one_of({0, 1, 16, 255, 65535, 2147483648.0L, 4294967295.0L})), out(), out());
CONFORMANCE(integers_kernels, bit_counts_u64, exact(), in(bits()),
            in(one_of({0, 1, 4294967295.0L, 9223372036854775808.0L, 18446744069414584320.0L,
                       18446744073709551615.0L})),
            out(), out());
CONFORMANCE(integers_kernels, promote_i8, exact(), in(bits()), in(bits()), out(), out());
CONFORMANCE(integers_kernels, promote_u16, exact(), in(bits()), in(bits()), out());
CONFORMANCE(integers_kernels, promote_u8, exact(), in(bits()), in(bits()), out());
CONFORMANCE(integers_kernels, mixed_signedness, exact(), in(ints(-300, 300)), in(one_of({0, 1, 5, 99, 4294967295.0L, 2147483648.0L})), out());
CONFORMANCE(integers_kernels, narrowing, exact(), in(bits()), out());
CONFORMANCE(integers_kernels, booleans, exact(), in(ints(-5, 5)), in(ints(-20, 20)), out(), out());
CONFORMANCE(integers_kernels, increments, exact(), in(bits()), in(bits()), out());
CONFORMANCE(integers_kernels, compound_assign, exact(), in(bits()), in(divisor(32767)), out());
CONFORMANCE(integers_kernels, unsigned_wrap, exact(), in(bits()), in(bits()), out());
CONFORMANCE(integers_kernels, char_types, exact(), in(bits()), in(bits()), out());
CONFORMANCE(integers_kernels, enum_values, exact(), in(bits()), out());

}  // namespace
#endif
