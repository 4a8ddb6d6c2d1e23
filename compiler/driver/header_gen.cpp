#include "driver/header_gen.hpp"

#include "driver/header_constant.hpp"
#include "driver/header_contract.hpp"
#include "driver/header_host.hpp"

#include <set>
#include <sstream>

namespace simtc::driver {
namespace {

bool is_ident(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

std::string base_name(const std::string& path) {
  auto slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// "simt::TensorMap<float, 64, 32>": the kernel's parameter type and the runtime's host type alike.
std::string tensor_map_type(const ir::KernelParam& param) {
  std::string out = "simt::TensorMap<" + param.host_type;
  for (std::uint32_t extent : param.box) out += ", " + std::to_string(extent);
  return out + ">";
}

// The C++ parameter list entry of a kernel parameter in the launcher.
std::string launcher_param(const ir::KernelParam& param) {
  switch (param.kind) {
    case ir::KernelParam::Kind::Scalar:
      return param.host_type + " " + param.name;
    case ir::KernelParam::Kind::Slice:
      return "simt::DeviceView<const " + param.host_type + "> " + param.name;
    case ir::KernelParam::Kind::DisjointSlice:
    case ir::KernelParam::Kind::AtomicSlice:
      if (param.has_row_width)  // DisjointSlice<T, RuntimeRows>: the row width travels with it
        return "simt::DeviceView<" + param.host_type + "> " + param.name + ", std::uint32_t " + param.name + "_row_width";
      return "simt::DeviceView<" + param.host_type + "> " + param.name;
    case ir::KernelParam::Kind::Struct:
      return "const " + param.host_type + "& " + param.name;
    case ir::KernelParam::Kind::TensorMap:
      return "const " + tensor_map_type(param) + "& " + param.name;
  }
  return "";
}

// The C++ spelling of the kernel parameter as the kernel file declares it (for docs).
std::string kernel_param(const ir::KernelParam& param) {
  switch (param.kind) {
    case ir::KernelParam::Kind::Scalar:
    case ir::KernelParam::Kind::Struct:
      return param.host_type + " " + param.name;
    case ir::KernelParam::Kind::Slice:
      return "simt::Slice<const " + param.host_type + "> " + param.name;
    case ir::KernelParam::Kind::DisjointSlice:
      if (!param.index_space.empty())
        return "simt::DisjointSlice<" + param.host_type + ", " + param.index_space + "> " + param.name;
      return "simt::DisjointSlice<" + param.host_type + "> " + param.name;
    case ir::KernelParam::Kind::AtomicSlice:
      return "simt::AtomicSlice<" + param.host_type + "> " + param.name;
    case ir::KernelParam::Kind::TensorMap:
      return tensor_map_type(param) + " " + param.name;
  }
  return "";
}

void emit_launcher(std::ostream& os, const ir::Function& fn) {
  const ir::KernelSignature& sig = fn.signature();
  std::string params;
  std::string doc;
  std::string names;
  for (const ir::KernelParam& param : sig.params) {
    params += ", " + launcher_param(param);
    doc += (doc.empty() ? "" : ", ") + kernel_param(param);
    names += ", " + param.name + (param.has_row_width ? ", " + param.name + "_row_width" : "");
  }
  emit_resource_queries(os, fn);
  emit_checked_launch(os, fn, params, names, doc);
  os << "  /// Launches " << sig.cpp_name << "(" << doc << ").\n";
  if (sig.contract.present)
    os << "  /// Skips the launch contract: nothing about `config` or the buffers is checked on the\n"
       << "  /// host (prefer prepare_" << fn.name() << "() and " << fn.name() << "()).\n";
  else
    os << "  /// The kernel declares no launch contract, so nothing about `config` or the\n"
       << "  /// buffers is checked before the driver sees them.\n";
  os << "  template <class Config>\n"
     << "  void " << fn.name() << "_unchecked(const simt::Stream& stream, const Config& config"
     << params << ") const {\n";
  std::vector<std::string> args;
  for (const ir::KernelParam& param : sig.params) {
    switch (param.kind) {
      case ir::KernelParam::Kind::Scalar:
        args.push_back("&" + param.name);
        break;
      case ir::KernelParam::Kind::Slice:
      case ir::KernelParam::Kind::DisjointSlice:
      case ir::KernelParam::Kind::AtomicSlice:
        os << "    std::uint64_t " << param.name << "_data = " << param.name << ".device_ptr();\n"
           << "    std::uint64_t " << param.name << "_size = " << param.name << ".size();\n";
        args.push_back("&" + param.name + "_data");
        args.push_back("&" + param.name + "_size");
        if (param.has_row_width) {
          os << "    std::uint64_t " << param.name << "_width = " << param.name << "_row_width;\n";
          args.push_back("&" + param.name + "_width");
        }
        break;
      case ir::KernelParam::Kind::Struct:
        for (const std::string& path : param.leaf_paths) args.push_back("&" + param.name + "." + path);
        break;
      case ir::KernelParam::Kind::TensorMap:  // its 128 bytes, which the driver copies into .param
        args.push_back(param.name + ".descriptor()");
        break;
    }
  }
  os << "    void* args[] = {";
  for (std::size_t i = 0; i < args.size(); ++i)
    os << (i ? ", " : "") << "const_cast<void*>(static_cast<const void*>(" << args[i] << "))";
  if (args.empty()) os << "nullptr";
  os << "};\n"
     << "    " << fn.name() << "_.launch(stream, config.shape(), args, " << args.size() << ");\n"
     << "  }\n\n";
}

}  // namespace

std::string namespace_for(const std::string& source_path) {
  std::string name = base_name(source_path);
  if (auto dot = name.rfind(".cpp"); dot != std::string::npos && dot + 4 == name.size()) name.resize(dot);
  std::string out;
  for (char c : name) {
    char next = is_ident(c) ? c : '_';
    if (next == '_' && !out.empty() && out.back() == '_') continue;
    out += next;
  }
  if (out.empty() || (out[0] >= '0' && out[0] <= '9')) out = "k_" + out;
  // Not the stem itself: a kernel is usually named like its file, and host code that also
  // compiles the kernel file (the CPU reference) declares that name at namespace scope.
  return out + "_kernels";
}

std::string generate_header(const ir::Module& module, const std::string& ptx,
                            const HeaderOptions& options) {
  std::string ns = options.namespace_name.empty() ? namespace_for(options.source_name) : options.namespace_name;
  std::string source = base_name(options.source_name);
  std::ostringstream os;
  os << "// Generated by simtc from " << source << ". Do not edit: rebuild instead.\n"
     << "#pragma once\n\n"
     << "#include <cstdint>\n"
     << (module.host_constants().empty() ? "" : "#include <span>\n#include <string>\n") << "\n"
     << "#include <simt/runtime.hpp>\n"
     << "#include <simt/runtime/contract.hpp>\n";
  if (has_host_launchers(module)) os << "#include <simt/host_contract.hpp>\n";
  for (const std::string& header : host_includes(module)) os << "#include " << cpp_string(header) << "\n";
  os << "\n";
  emit_launch_annotation_macro(os);
  emit_host_declarations(os, module);
  os << "namespace " << ns << " {\n\n";

  std::set<std::string> defined;
  for (const ir::Function* fn : module.functions()) {
    if (!fn->is_kernel()) continue;
    for (const ir::KernelParam& param : fn->signature().params)
      for (const std::string& definition : param.host_definitions)
        if (defined.insert(definition).second) os << definition << "\n";
  }
  for (const ir::Module::HostConstant& c : module.host_constants())
    for (const std::string& definition : c.element.host_definitions)
      if (defined.insert(definition).second) os << definition << "\n";

  for (const ir::Function* fn : module.functions())
    if (fn->is_kernel()) emit_contract_data(os, *fn);

  os << "/// The PTX of " << source << ", as simtc generated it.\n"
     << "inline constexpr char ptx[] = R\"simtc_ptx(" << ptx << ")simtc_ptx\";\n\n"
     << "/// The module of " << source << " loaded into one context, with a launch method per kernel.\n"
     << "class Kernels {\n"
     << " public:\n"
     << "  explicit Kernels(simt::Module module)\n"
     << "      : module_(std::move(module))";
  for (const ir::Function* fn : module.functions()) {
    if (!fn->is_kernel()) continue;
    os << ",\n        " << fn->name() << "_(module_.kernel(\"" << fn->name() << "\"";
    if (auto moved = options.shared_in_dynamic.find(fn->name()); moved != options.shared_in_dynamic.end())
      os << ", " << moved->second << " /* bytes of shared variables in dynamic shared memory */";
    os << "))";
  }
  os << " {}\n\n"
     << "  const simt::Module& module() const { return module_; }\n\n";
  for (const ir::Function* fn : module.functions()) {
    if (!fn->is_kernel()) continue;
    os << "  /// The loaded entry of " << fn->signature().cpp_name << " (attributes, occupancy).\n"
       << "  const simt::Kernel& " << fn->name() << "_kernel() const { return " << fn->name() << "_; }\n\n";
    emit_launcher(os, *fn);
  }
  emit_constant_setters(os, module);
  os << " private:\n"
     << "  simt::Module module_;\n";
  for (const ir::Function* fn : module.functions())
    if (fn->is_kernel()) os << "  simt::Kernel " << fn->name() << "_;\n";
  os << "};\n\n";
  emit_host_launchers(os, module);
  os << "/// Loads the embedded PTX into `context`.\n"
     << "inline Kernels load(const simt::Context& context) {\n"
     << "  return Kernels(simt::Module::load_ptx(context, ptx, \"" << source << "\"));\n"
     << "}\n\n"
     << "}  // namespace " << ns << "\n";
  return os.str();
}

}  // namespace simtc::driver
