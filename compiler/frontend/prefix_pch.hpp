// The prefix header, precompiled: a kernel file begins with `#include <simt/kernel.hpp>`, and
// parsing that header is most of the frontend's time for a small kernel. The frontend parses
// it once per command line into a precompiled header (PCH) kept in a cache directory, and
// later parses load it instead (docs/cli.md, "The header cache").
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace simtc::frontend {

/// True if the first thing in `text` other than whitespace and comments is the directive
/// `#include <simt/kernel.hpp>` (angle brackets, nothing else on its line but a comment).
/// Only then is loading the PCH the same as parsing the file: the directive would make
/// simt/kernel.hpp the first code Clang sees, and its `#pragma once` skips it afterwards.
bool starts_with_kernel_include(std::string_view text);

/// Where PCHs are kept: $SIMTC_CACHE_DIR, else the user's cache directory
/// ($XDG_CACHE_HOME or ~/.cache) + "/simtc"; empty when there is none or SIMTC_PCH=0.
std::string pch_cache_dir();

/// `header` (the simt/kernel.hpp that `#include <simt/kernel.hpp>` finds) precompiled for
/// Clang's command line `args` (without the input file and without dependency-file options),
/// built into `cache_dir` when missing or when one of the headers it was built from changed. Empty when it cannot be had (the directory
/// is not writable, the header does not compile with these options): the caller then parses
/// the header itself, and any error in it is reported there, not here.
std::string prefix_pch(const std::vector<std::string>& args, const std::string& header,
                       const std::string& cache_dir);

}  // namespace simtc::frontend
