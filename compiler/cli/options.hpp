// Command-line flags shared by build, check and inspect (nvcc/clang spellings).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "driver/compiler.hpp"

namespace simtc::cli {

struct CompileFlags {
  driver::CompileOptions options;
  std::vector<std::string> inputs;
  std::string output;        // -o
  std::string header;        // --header
  std::string emit;          // --emit=ast|ir|llvm|ptx (inspect)
  bool ptxas = false;        // --ptxas: validate the PTX with ptxas
  bool help = false;
  std::vector<std::string> rest;  // flags a subcommand handles itself
};

/// Parses the shared flags; unknown flags starting with '-' are an error unless listed in
/// `extra_flags` (then they land in `rest`). Returns an error message, or nothing.
std::optional<std::string> parse_compile_flags(const std::vector<std::string>& args, CompileFlags& flags,
                                               const std::vector<std::string>& extra_flags = {});

/// The help text of the shared flags.
const char* compile_flags_help();

/// Writes `text` to `path` ("-" is stdout); prints an error and returns false on failure.
bool write_output(const std::string& path, const std::string& text);

}  // namespace simtc::cli
