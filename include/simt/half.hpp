// simt::half (IEEE 754 binary16) and simt::bfloat16 (bfloat16): 16-bit floats usable in
// kernels, as kernel parameters and slice elements, and in host code (DeviceBuffer<simt::half>).
//
// In a kernel compiled by simtc they are Clang's _Float16 and __bf16: each operation on two
// 16-bit operands is one IEEE operation rounded to nearest even in the 16-bit format (native
// f16/bf16 instructions on sm_90); a 16-bit operand mixed with float or double is converted to
// that type, mixed with an integer the integer is converted to the 16-bit type.
//
// On the host they are classes with the same storage and the same results: conversions round
// to nearest even (directly from double and from integers, never through an intermediate
// rounding), and each arithmetic operation computes in float and rounds once, which gives the
// correctly rounded 16-bit result for + - * / (float carries more than 2p + 2 bits of both
// formats). This makes them usable by the CPU reference of a kernel.
#pragma once

#if defined(__SIMTC__)

namespace simt {
using half = _Float16;
using bfloat16 = __bf16;
}  // namespace simt

#else

#include <bit>
#include <cstdint>
#include <type_traits>

namespace simt {
namespace detail {

struct HalfFormat {
  static constexpr int kExponentBits = 5;
  static constexpr int kFractionBits = 10;
};
struct BFloat16Format {
  static constexpr int kExponentBits = 8;
  static constexpr int kFractionBits = 7;
};

/// The bits of the format-F value nearest to `magnitude * 2^exponent` (ties to even), with
/// the sign bit set when `negative`. Overflow gives infinity, underflow a subnormal or zero.
template <class F>
constexpr std::uint16_t round_to_bits(bool negative, std::uint64_t magnitude, int exponent) {
  constexpr int kFrac = F::kFractionBits;
  constexpr int kBias = (1 << (F::kExponentBits - 1)) - 1;
  constexpr int kMinExp = 1 - kBias;
  constexpr std::uint32_t kInf = ((1u << F::kExponentBits) - 1) << kFrac;
  const std::uint16_t sign = negative ? 0x8000 : 0;
  if (magnitude == 0) return sign;
  const int msb = 63 - std::countl_zero(magnitude);
  const int value_exp = msb + exponent;  // the value lies in [2^value_exp, 2^(value_exp + 1))
  // The weight of the last bit kept: normals keep kFrac bits below the leading one,
  // subnormals are quantized at 2^(kMinExp - kFrac).
  const int quantum = (value_exp > kMinExp ? value_exp : kMinExp) - kFrac;
  const int shift = quantum - exponent;
  std::uint64_t q = 0;
  if (shift <= 0) {
    q = magnitude << -shift;  // exact: q has at most kFrac + 1 bits
  } else if (shift <= 64) {
    q = shift == 64 ? 0 : magnitude >> shift;
    const std::uint64_t rest = shift == 64 ? magnitude : magnitude & ((std::uint64_t(1) << shift) - 1);
    const std::uint64_t halfway = std::uint64_t(1) << (shift - 1);
    if (rest > halfway || (rest == halfway && (q & 1) != 0)) ++q;
  }  // else: below half the smallest subnormal, rounds to zero
  // Normal and subnormal encodings are one formula: a carry out of the fraction moves into
  // the exponent field, which is what rounding up to the next binade means.
  const std::uint64_t bits = (std::uint64_t(quantum - (kMinExp - kFrac)) << kFrac) + q;
  if (bits >= kInf) return std::uint16_t(sign | kInf);
  return std::uint16_t(sign | bits);
}

template <class F>
constexpr std::uint16_t bits_from_double(double value) {
  const auto raw = std::bit_cast<std::uint64_t>(value);
  const bool negative = (raw >> 63) != 0;
  const int biased = int((raw >> 52) & 0x7ff);
  const std::uint64_t fraction = raw & ((std::uint64_t(1) << 52) - 1);
  constexpr std::uint32_t kInf = ((1u << F::kExponentBits) - 1) << F::kFractionBits;
  if (biased == 0x7ff) {  // infinity, or NaN (kept quiet, with its sign)
    std::uint32_t bits = kInf | (fraction != 0 ? 1u << (F::kFractionBits - 1) : 0u);
    return std::uint16_t((negative ? 0x8000u : 0u) | bits);
  }
  if (biased == 0) return round_to_bits<F>(negative, fraction, -1074);
  return round_to_bits<F>(negative, fraction | (std::uint64_t(1) << 52), biased - 1075);
}

template <class F>
constexpr float float_from_bits(std::uint16_t bits) {
  // bfloat16 is the upper half of a float (its subnormals are float subnormals).
  if constexpr (F::kExponentBits == 8) return std::bit_cast<float>(std::uint32_t(bits) << 16);
  constexpr int kFrac = F::kFractionBits;
  constexpr int kBias = (1 << (F::kExponentBits - 1)) - 1;
  constexpr std::uint32_t kExpMask = (1u << F::kExponentBits) - 1;
  const std::uint32_t sign = std::uint32_t(bits & 0x8000) << 16;
  const std::uint32_t biased = (bits >> kFrac) & kExpMask;
  std::uint32_t fraction = bits & ((1u << kFrac) - 1);
  if (biased == kExpMask)  // infinity or NaN
    return std::bit_cast<float>(sign | 0x7f800000u | (fraction << (23 - kFrac)));
  if (biased == 0) {
    if (fraction == 0) return std::bit_cast<float>(sign);
    // A subnormal of the 16-bit format is a normal float: normalize it.
    int exponent = 1 - kBias;
    while ((fraction & (1u << kFrac)) == 0) {
      fraction <<= 1;
      --exponent;
    }
    fraction &= (1u << kFrac) - 1;
    return std::bit_cast<float>(sign | std::uint32_t(exponent + 127) << 23 | (fraction << (23 - kFrac)));
  }
  return std::bit_cast<float>(sign | std::uint32_t(int(biased) - kBias + 127) << 23 | (fraction << (23 - kFrac)));
}

template <class T>
concept Arithmetic = std::is_arithmetic_v<T>;

/// A 16-bit float of format F with the device type's conversions and arithmetic.
template <class F>
class Float16 {
 public:
  Float16() = default;
  /// Rounds `value` to nearest even (implicit, as for _Float16 and __bf16).
  template <Arithmetic T>
  constexpr Float16(T value) : bits_(convert(value)) {}  // NOLINT(google-explicit-constructor)
  /// No conversion from the other 16-bit format (Clang has none between _Float16 and
  /// __bf16 either): go through float, `bfloat16(float(h))`.
  template <class G>
  Float16(Float16<G> other) = delete;

  static constexpr Float16 from_bits(std::uint16_t bits) {
    Float16 out;
    out.bits_ = bits;
    return out;
  }
  constexpr std::uint16_t bits() const { return bits_; }
  constexpr operator float() const { return float_from_bits<F>(bits_); }  // exact

  constexpr Float16 operator-() const { return from_bits(std::uint16_t(bits_ ^ 0x8000)); }
  constexpr Float16 operator+() const { return *this; }
  constexpr Float16& operator++() { return *this = Float16(float(*this) + 1.0f); }
  constexpr Float16& operator--() { return *this = Float16(float(*this) - 1.0f); }
  constexpr Float16 operator++(int) {
    Float16 old = *this;
    ++*this;
    return old;
  }
  constexpr Float16 operator--(int) {
    Float16 old = *this;
    --*this;
    return old;
  }

 private:
  template <class T>
  static constexpr std::uint16_t convert(T value) {
    if constexpr (std::is_floating_point_v<T>) {
      return bits_from_double<F>(double(value));  // float and double: exact in double
    } else if constexpr (std::is_same_v<T, bool>) {
      return convert(value ? 1 : 0);
    } else if constexpr (std::is_signed_v<T>) {
      const bool negative = value < 0;
      const std::uint64_t magnitude = negative ? std::uint64_t(0) - std::uint64_t(value) : std::uint64_t(value);
      return round_to_bits<F>(negative, magnitude, 0);
    } else {
      return round_to_bits<F>(false, std::uint64_t(value), 0);
    }
  }

  std::uint16_t bits_;
};

// The result type of `Float16<F> op T` as on the device: a float or double operand wins, an
// integer operand converts to the 16-bit type.
template <class F, class T>
using Mixed = std::conditional_t<std::is_floating_point_v<T>, T, Float16<F>>;

#define SIMT_FLOAT16_ARITHMETIC(op)                                                     \
  template <class F>                                                                    \
  constexpr Float16<F> operator op(Float16<F> a, Float16<F> b) {                        \
    return Float16<F>(float(a) op float(b));                                            \
  }                                                                                     \
  template <class F, Arithmetic T>                                                      \
  constexpr Mixed<F, T> operator op(Float16<F> a, T b) {                                \
    using R = Mixed<F, T>;                                                              \
    if constexpr (std::is_floating_point_v<T>) return R(float(a)) op b;                 \
    else return a op R(b);                                                              \
  }                                                                                     \
  template <class F, Arithmetic T>                                                      \
  constexpr Mixed<F, T> operator op(T a, Float16<F> b) {                                \
    using R = Mixed<F, T>;                                                              \
    if constexpr (std::is_floating_point_v<T>) return a op R(float(b));                 \
    else return R(a) op b;                                                              \
  }                                                                                     \
  template <class F, class T>                                                           \
    requires(Arithmetic<T> || std::is_same_v<T, Float16<F>>)                            \
  constexpr Float16<F>& operator op##=(Float16<F>& a, T b) {                            \
    return a = Float16<F>(a op b);                                                      \
  }
SIMT_FLOAT16_ARITHMETIC(+)
SIMT_FLOAT16_ARITHMETIC(-)
SIMT_FLOAT16_ARITHMETIC(*)
SIMT_FLOAT16_ARITHMETIC(/)
#undef SIMT_FLOAT16_ARITHMETIC

#define SIMT_FLOAT16_COMPARISON(op)                                                     \
  template <class F>                                                                    \
  constexpr bool operator op(Float16<F> a, Float16<F> b) {                              \
    return float(a) op float(b);                                                        \
  }                                                                                     \
  template <class F, Arithmetic T>                                                      \
  constexpr bool operator op(Float16<F> a, T b) {                                       \
    using R = Mixed<F, T>;                                                              \
    if constexpr (std::is_floating_point_v<T>) return R(float(a)) op b;                 \
    else return float(a) op float(R(b));                                                \
  }                                                                                     \
  template <class F, Arithmetic T>                                                      \
  constexpr bool operator op(T a, Float16<F> b) {                                       \
    using R = Mixed<F, T>;                                                              \
    if constexpr (std::is_floating_point_v<T>) return a op R(float(b));                 \
    else return float(R(a)) op float(b);                                                \
  }
SIMT_FLOAT16_COMPARISON(==)
SIMT_FLOAT16_COMPARISON(!=)
SIMT_FLOAT16_COMPARISON(<)
SIMT_FLOAT16_COMPARISON(<=)
SIMT_FLOAT16_COMPARISON(>)
SIMT_FLOAT16_COMPARISON(>=)
#undef SIMT_FLOAT16_COMPARISON

}  // namespace detail

using half = detail::Float16<detail::HalfFormat>;
using bfloat16 = detail::Float16<detail::BFloat16Format>;

static_assert(sizeof(half) == 2 && alignof(half) == 2 && std::is_trivially_copyable_v<half>);
static_assert(sizeof(bfloat16) == 2 && alignof(bfloat16) == 2 && std::is_trivially_copyable_v<bfloat16>);

}  // namespace simt

#endif
