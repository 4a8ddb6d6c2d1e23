#include "driver/header_host.hpp"

#include <ostream>
#include <vector>

#include "driver/header_constant.hpp"
#include "driver/header_contract.hpp"

namespace simtc::driver {
namespace {

std::vector<const ir::Function*> host_kernels(const ir::Module& module) {
  std::vector<const ir::Function*> out;
  for (const ir::Function* fn : module.functions())
    if (fn->is_kernel() && !fn->signature().host_name.empty()) out.push_back(fn);
  return out;
}

// "::a::b::k" -> {"a::b", "k"}.
std::pair<std::string, std::string> split_name(const std::string& host_name) {
  std::string name = host_name.substr(2);
  auto last = name.rfind("::");
  if (last == std::string::npos) return {"", name};
  return {name.substr(0, last), name.substr(last + 2)};
}

std::string declared_params(const ir::KernelSignature& sig) {
  std::string out;
  for (const ir::KernelParam& param : sig.params)
    out += (out.empty() ? "" : ", ") + param.declared_type + " " + param.name;
  return out;
}

}  // namespace

bool has_host_launchers(const ir::Module& module) { return !host_kernels(module).empty(); }

std::set<std::string> host_includes(const ir::Module& module) {
  std::set<std::string> out;
  for (const ir::Function* fn : module.functions())
    if (fn->is_kernel())
      for (const ir::KernelParam& param : fn->signature().params) out.insert(param.host_includes.begin(), param.host_includes.end());
  for (const ir::Module::HostConstant& c : module.host_constants())
    out.insert(c.element.host_includes.begin(), c.element.host_includes.end());
  return out;
}

void emit_host_declarations(std::ostream& os, const ir::Module& module) {
  const std::vector<const ir::Function*> kernels = host_kernels(module);
  if (kernels.empty()) return;
  os << "// The kernels as host code declares them, for the CPU launchers (host::). A program that\n"
     << "// calls those compiles the kernel file for the host too.\n";
  for (const ir::Function* fn : kernels) {
    auto [ns, name] = split_name(fn->signature().host_name);
    std::string decl = "void " + name + "(" + declared_params(fn->signature()) + ");";
    if (ns.empty())
      os << decl << "\n";
    else
      os << "namespace " << ns << " {\n" << decl << "\n}  // namespace " << ns << "\n";
  }
  emit_host_constant_declarations(os, module);
  os << "\n";
}

void emit_host_launchers(std::ostream& os, const ir::Module& module) {
  const std::vector<const ir::Function*> kernels = host_kernels(module);
  if (kernels.empty()) return;
  os << "/// The CPU path: each kernel run on the CPU (simt::host) after the checks of its GPU launch.\n"
     << "namespace host {\n\n";
  for (const ir::Function* fn : kernels) {
    const ir::KernelSignature& sig = fn->signature();
    const ir::KernelContract& c = sig.contract;
    const std::string& k = fn->name();
    std::string params, names;
    for (const ir::KernelParam& param : sig.params) {
      params += ", " + param.declared_type + " " + param.name;
      names += ", " + param.name;
    }
    os << "/// Runs " << sig.cpp_name << "(" << declared_params(sig) << ") on the CPU with the checks of\n"
       << "/// `options` (simt::host::launch_with), after checking `spec` against the kernel's launch\n"
       << "/// contract and simt::host::cpu_limits(), its `requires` relations, and that no written\n"
       << "/// buffer overlaps another: simt::ContractError, with the GPU launcher's message.\n"
       << launch_annotation(sig) << "\n"
       << "inline simt::host::LaunchResult " << k << "(const simt::host::LaunchOptions& options, "
       << "const simt::host::LaunchSpec& spec" << params << ") {\n";
    emit_check_arguments(os, sig, "  ", true);
    if (c.present)
      os << "  simt::host::check_launch(" << k << "_contract::contract, spec, values, buffers);\n";
    else
      os << "  simt::host::check_launch(simt::LaunchContract{.kernel = " << cpp_string(sig.cpp_name)
         << "}, spec, values, buffers);\n";
    os << "  return simt::host::launch_with(options, spec, " << sig.host_name << names << ");\n"
       << "}\n"
       << "/// The same, with the checks the environment turns on (SIMT_HOST_RACECHECK, ...).\n"
       << launch_annotation(sig) << "\n"
       << "inline void " << k << "(const simt::host::LaunchSpec& spec" << params << ") {\n"
       << "  (void)" << k << "(simt::host::LaunchOptions{}, spec" << names << ");\n"
       << "}\n\n";
  }
  emit_host_constant_setters(os, module);
  os << "}  // namespace host\n\n";
}

}  // namespace simtc::driver
