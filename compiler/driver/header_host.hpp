// The CPU half of the generated header: the kernels declared as host code sees them, and
// `<namespace>::host::<kernel>(spec, args...)`, which runs a kernel on the CPU (simt::host)
// after the checks the GPU launch makes (simt/host_contract.hpp), so that the CPU path refuses
// what the GPU path refuses, with the same messages.
#pragma once

#include <iosfwd>
#include <set>
#include <string>

#include "ir/module.hpp"

namespace simtc::driver {

/// Whether any kernel of `module` gets a CPU launcher (host code can declare it).
bool has_host_launchers(const ir::Module& module);

/// The user headers the launchers' types come from (absolute paths, each once).
std::set<std::string> host_includes(const ir::Module& module);

/// At global scope, after the includes: a declaration of each kernel that has a CPU launcher,
/// in its namespace.
void emit_host_declarations(std::ostream& os, const ir::Module& module);

/// Inside the file's namespace: `namespace host { ... }` with the launchers.
void emit_host_launchers(std::ostream& os, const ir::Module& module);

}  // namespace simtc::driver
