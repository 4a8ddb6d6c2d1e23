// The generated header's methods for constant memory the host fills (simt::Constant at
// namespace scope in the kernel file): a typed set_<name>() on the loaded Kernels, which copies
// on a stream (or synchronously) through simt::Module::copy_to_global, and the same on the CPU
// path (host::set_<name>()), which fills the kernel file's own variable compiled for the host.
#pragma once

#include <iosfwd>
#include <string>

#include "ir/module.hpp"

namespace simtc::driver {

/// "set_coeffs"; "set_filters_coeffs" when another constant of the module has the same last name.
std::string constant_setter(const ir::Module& module, const ir::Module::HostConstant& constant);

/// Inside class Kernels: set_<name>(stream, values) and set_<name>(values) per constant.
void emit_constant_setters(std::ostream& os, const ir::Module& module);

/// Whether a constant has a CPU setter (host code can name it and its element type).
bool has_host_setter(const ir::Module::HostConstant& constant);

/// At global scope: `extern simt::Constant<T, N> name;` in its namespace, per CPU setter.
void emit_host_constant_declarations(std::ostream& os, const ir::Module& module);

/// Inside namespace host: host::set_<name>(values) per CPU setter.
void emit_host_constant_setters(std::ostream& os, const ir::Module& module);

}  // namespace simtc::driver
