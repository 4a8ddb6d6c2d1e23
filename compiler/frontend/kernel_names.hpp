// The PTX entry name of a kernel, shared by the checker (collisions) and irgen.
#pragma once

#include <string>

namespace clang {
class FunctionDecl;
}

namespace simtc::frontend {

/// A readable C identifier: the qualified name with "::" as "_", plus the template
/// arguments of an instantiation ("scale<float, 4>" -> "scale_float_4"); non-identifier
/// characters become '_', runs of '_' collapse.
std::string kernel_entry_name(const clang::FunctionDecl& kernel);

/// The name as the user writes it in C++ ("ns::scale<float, 4>").
std::string kernel_display_name(const clang::FunctionDecl& kernel);

/// `type` (printed by Clang) with the 16-bit float builtins spelled as kernel code and host code
/// say them: "_Float16" -> "simt::half", "__bf16" -> "simt::bfloat16".
std::string with_simt_float16_names(std::string type);

}  // namespace simtc::frontend
