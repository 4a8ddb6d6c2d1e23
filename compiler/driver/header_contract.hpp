// The checked half of the generated header, for kernels that declare a launch contract:
// the contract as constexpr data, prepare_<kernel>() returning a launch only that kernel
// accepts, and <kernel>(stream, prepared, args...) that checks requirements and aliasing
// before launching (the checks themselves live in the runtime: simt/runtime/contract.hpp).
#pragma once

#include <iosfwd>
#include <string>

#include "ir/function.hpp"

namespace simtc::driver {

/// A C++ string literal holding `text` ("..." with quotes and backslashes escaped).
std::string cpp_string(const std::string& text);

/// In a launcher's body (each line after `indent`): the `values` of the requirement operands
/// and the `buffers` of the aliasing check, from the launcher's arguments: DeviceViews for the
/// GPU launcher, the kernel's own views on the CPU (`host`).
void emit_check_arguments(std::ostream& os, const ir::KernelSignature& sig, const std::string& indent, bool host);

/// `SIMT_LAUNCH_ANNOTATION("simt_launch:...")`, the attribute that marks a launcher which
/// checks aliasing at run time, for `simtc check --host` (support/launch_annotation.hpp).
std::string launch_annotation(const ir::KernelSignature& sig);

/// At file scope, after the includes: the definition of SIMT_LAUNCH_ANNOTATION (Clang's
/// annotate attribute, nothing for other compilers).
void emit_launch_annotation_macro(std::ostream& os);

/// At namespace scope, before the Kernels class: `namespace <kernel>_contract { ... }` with
/// the requirement programs and the simt::LaunchContract. Nothing for a kernel without one.
void emit_contract_data(std::ostream& os, const ir::Function& fn);

/// Inside the Kernels class: per-kernel resource queries (registers, local and static shared
/// memory, occupancy), for every kernel.
void emit_resource_queries(std::ostream& os, const ir::Function& fn);

/// Inside the Kernels class, for a kernel with a contract: the prepared-launch type,
/// prepare_<kernel>(LaunchConfig1D/2D/3D) and the checked <kernel>(stream, prepared, ...).
/// `params` is the launcher's parameter list after the config (", float a, ..."), `names` the
/// arguments to forward (", a, ...") and `doc` the kernel's C++ parameter list.
void emit_checked_launch(std::ostream& os, const ir::Function& fn, const std::string& params,
                         const std::string& names, const std::string& doc);

}  // namespace simtc::driver
