// Float constants of every IR float type, held as double (internal to the ir library: the
// module rounds with it, the printer formats with it, the parser reads with it).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "ir/type.hpp"

namespace simtc::ir {

/// `value` rounded (to nearest even) to the float type `type` (f16, bf16, f32 or f64),
/// returned as the double holding it exactly. NaN stays NaN, overflow becomes infinity.
double round_to_float_type(Type type, double value);

/// The shortest decimal that reads back as the same value of `type` ("2.5", "1e+30", "-0"),
/// or "inf", "-inf", "nan".
std::string format_float(Type type, double value);

/// Reads a decimal (or inf, -inf, nan) as a value of `type`; nullopt when the text is not a
/// number or is out of the type's range.
std::optional<double> parse_float(Type type, std::string_view text);

}  // namespace simtc::ir
