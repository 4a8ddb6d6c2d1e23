// The generated C++ header of a kernel file: the PTX embedded as a string, a namespace per
// file, load(Context&), and one typed launch method per kernel. A pure function of the IR
// module's kernel signatures and the PTX text.
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "ir/module.hpp"

namespace simtc::driver {

struct HeaderOptions {
  std::string source_name;  // the kernel file as given (for comments and error messages)
  std::string namespace_name;  // empty: derived from the file name ("saxpy.cpp" -> "saxpy_kernels")
  /// Kernels whose shared variables live in dynamic shared memory, with their bytes
  /// (codegen::plan_dynamic_shared): loaded with them, so every launch adds them.
  std::map<std::string, std::uint64_t> shared_in_dynamic;
};

/// "saxpy.cpp" -> "saxpy_kernels", "my-ops.cpp" -> "my_ops_kernels": a C++ identifier.
std::string namespace_for(const std::string& source_path);

std::string generate_header(const ir::Module& module, const std::string& ptx,
                            const HeaderOptions& options);

}  // namespace simtc::driver
