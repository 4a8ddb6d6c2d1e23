// The little language of [[simt::requires("...")]]: one comparison between two sums of
// products of slice sizes, slice addresses, unsigned scalar parameters and literals, with
// remainders by a positive literal, e.g.
//   "x.size() >= n"   "out.size() == rows * out.row_width()"   "(n + 3) * 4 <= buf.size()"
//   "k % 8 == 0"   "a.address() % 16 == 0"
// Parsed to postfix programs that the host evaluates in checked 64-bit arithmetic. No Clang
// here: the caller says what each name is and maps error offsets to source locations.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace simtc::frontend {

/// What a name in a requirement refers to, as the caller knows from the kernel's parameters.
struct RequiresName {
  enum class Kind {
    Unknown,          // no parameter of that name
    Unsigned,         // an unsigned integer scalar: usable as it is
    OtherScalar,      // a signed, floating-point or bool scalar: rejected (type says which)
    Slice,            // Slice/DisjointSlice: usable as name.size()
    RowsSlice,        // DisjointSlice<T, simt::space::RuntimeRows>: also name.row_width()
    Other,            // a struct parameter: rejected
  };
  Kind kind = Kind::Unknown;
  std::string type;  // the C++ type, for messages
};

/// A value the host supplies: a scalar argument, a slice's size, a slice's row width or the
/// address of a slice's first element (in bytes).
struct RequiresOperand {
  enum class What { Value, Size, RowWidth, Address };
  std::string param;
  What what = What::Value;
  /// As written in requirements: "n", "x.size()", "out.row_width()", "x.address()".
  std::string spelling() const;
  friend bool operator==(const RequiresOperand&, const RequiresOperand&) = default;
};

struct RequiresTerm {
  enum class Op { Operand, Literal, Add, Sub, Mul, Rem };
  Op op = Op::Literal;
  std::uint64_t value = 0;  // Operand: index into the operand list; Literal: the value
  friend bool operator==(const RequiresTerm&, const RequiresTerm&) = default;
};

enum class RequiresCompare { Lt, Le, Gt, Ge, Eq, Ne };

struct ParsedRequirement {
  std::string text;
  std::vector<RequiresTerm> lhs, rhs;  // postfix
  RequiresCompare compare = RequiresCompare::Ge;
};

/// A problem in a requirement: a message and where in the text it is.
struct RequiresError {
  std::size_t offset = 0;
  std::size_t length = 1;
  std::string message;
  std::string unknown_name;  // set when the problem is an unknown name (for "did you mean")
};

/// Parses `text`. Operands are appended to `operands` (each distinct one once) and referred to
/// by index. Returns the requirement, or nullopt with `error` filled in.
std::optional<ParsedRequirement> parse_requirement(
    std::string_view text, const std::function<RequiresName(std::string_view)>& lookup,
    std::vector<RequiresOperand>& operands, RequiresError& error);

}  // namespace simtc::frontend
