// The compile options build, check, inspect and pipeline share (nvcc/clang spellings), as
// llvm::cl options of those four commands.
#pragma once

#include <optional>
#include <string>

#include "driver/compiler.hpp"

namespace simtc::cli {

/// The shared options as given, into `options`: returns a usage error message for a value
/// simtc does not take (an unknown --arch, an -O level past 3, ...), or nothing.
std::optional<std::string> read_compile_options(driver::CompileOptions& options);

/// Writes `text` to `path` ("-" is stdout); prints an error and returns false on failure.
bool write_output(const std::string& path, const std::string& text);

}  // namespace simtc::cli
