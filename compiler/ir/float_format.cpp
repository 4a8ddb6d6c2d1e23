#include "ir/float_format.hpp"

#include <charconv>
#include <cmath>
#include <limits>

namespace simtc::ir {
namespace {

// Rounds to a binary format with `mant` fraction bits and normal exponents emin..emax.
double round_to_format(double v, int mant, int emin, int emax) {
  if (std::isnan(v) || std::isinf(v) || v == 0.0) return v;
  double a = std::fabs(v);
  int k = 0;
  std::frexp(a, &k);  // a = f * 2^k, f in [0.5, 1)
  int e = k - 1;
  if (e < emin) e = emin;  // subnormal: fixed quantum
  double quantum = std::ldexp(1.0, e - mant);
  double r = std::nearbyint(a / quantum) * quantum;
  double max_finite = std::ldexp(2.0 - std::ldexp(1.0, -mant), emax);
  if (r > max_finite) r = std::numeric_limits<double>::infinity();
  return std::copysign(r, v);
}

std::string shortest_double(double v) {
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, res.ptr);
}

}  // namespace

double round_to_float_type(Type type, double value) {
  switch (type.kind()) {
    case Type::Kind::F16: return round_to_format(value, 10, -14, 15);
    case Type::Kind::BF16: return round_to_format(value, 7, -126, 127);
    case Type::Kind::F32: return static_cast<double>(static_cast<float>(value));
    default: return value;
  }
}

std::string format_float(Type type, double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value < 0 ? "-inf" : "inf";
  char buf[64];
  switch (type.kind()) {
    case Type::Kind::F32: {
      auto res = std::to_chars(buf, buf + sizeof buf, static_cast<float>(value));
      return std::string(buf, res.ptr);
    }
    case Type::Kind::F16:
    case Type::Kind::BF16: {
      // The fewest significant digits that read back (through parse_float) as this value;
      // then the shortest spelling of that decimal.
      for (int digits = 1; digits <= 17; ++digits) {
        auto res = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::scientific,
                                 digits - 1);
        double back = 0;
        std::from_chars(buf, res.ptr, back);
        if (round_to_float_type(type, back) == value) return shortest_double(back);
      }
      return shortest_double(value);
    }
    default: return shortest_double(value);
  }
}

std::optional<double> parse_float(Type type, std::string_view text) {
  const char* first = text.data();
  const char* last = text.data() + text.size();
  if (type.kind() == Type::Kind::F32) {
    float f = 0;
    auto res = std::from_chars(first, last, f);
    if (res.ec != std::errc() || res.ptr != last) return std::nullopt;
    return static_cast<double>(f);
  }
  double d = 0;
  auto res = std::from_chars(first, last, d);
  if (res.ec != std::errc() || res.ptr != last) return std::nullopt;
  double r = round_to_float_type(type, d);
  if (std::isinf(r) && !std::isinf(d)) return std::nullopt;
  return r;
}

}  // namespace simtc::ir
