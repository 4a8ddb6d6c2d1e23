#include "driver/header_constant.hpp"

#include <ostream>

#include "driver/header_contract.hpp"

namespace simtc::driver {
namespace {

std::string last_name(const std::string& qualified) {
  auto colon = qualified.rfind("::");
  return colon == std::string::npos ? qualified : qualified.substr(colon + 2);
}

// "simt::Constant<float, 64>" with the element as `element_type` spells it.
std::string constant_type(const ir::Module::HostConstant& c, const std::string& element_type) {
  return "simt::Constant<" + element_type + ", " + std::to_string(c.count) + ">";
}

}  // namespace

std::string constant_setter(const ir::Module& module, const ir::Module::HostConstant& constant) {
  const std::string name = last_name(constant.cpp_name);
  for (const ir::Module::HostConstant& other : module.host_constants())
    if (&other != &constant && last_name(other.cpp_name) == name) {
      // "a::b" -> "set_a_b"; "(anonymous namespace)::b" -> "set_anonymous_namespace_b".
      std::string out = "set_";
      for (char ch : constant.cpp_name) {
        const bool ident = (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9');
        if (ident)
          out += ch;
        else if (out.back() != '_')
          out += '_';
      }
      if (out.back() == '_') out.pop_back();
      return out;
    }
  return "set_" + name;
}

void emit_constant_setters(std::ostream& os, const ir::Module& module) {
  for (const ir::Module::HostConstant& c : module.host_constants()) {
    const std::string setter = constant_setter(module, c);
    const std::string span = "std::span<const " + c.element.host_type + ">";
    const std::string symbol = cpp_string(c.symbol);
    os << "  /// Copies `values` (" << (c.count == 1 ? std::string("one element") : std::to_string(c.count) + " elements")
       << ") into the constant memory of "
       << constant_type(c, c.element.host_type) << " " << c.cpp_name << " on `stream`:\n"
       << "  /// the launches queued on `stream` after it read them, those queued before it the old values;\n"
       << "  /// other streams are not ordered with it. `values` must stay valid until the copy has run.\n"
       << "  /// Throws simt::UsageError naming the constant and both sizes when the count differs.\n"
       << "  void " << setter << "(const simt::Stream& stream, " << span << " values) const {\n"
       << "    module_.copy_to_global(stream, " << symbol << ", values.data(), values.size_bytes());\n"
       << "  }\n"
       << "  /// The same, synchronously: waits for the context's pending work, copies, and returns\n"
       << "  /// when the values have landed.\n"
       << "  void " << setter << "(" << span << " values) const {\n"
       << "    module_.copy_to_global(" << symbol << ", values.data(), values.size_bytes());\n"
       << "  }\n\n";
  }
}

bool has_host_setter(const ir::Module::HostConstant& c) {
  return !c.host_name.empty() && !c.element.declared_type.empty();
}

void emit_host_constant_declarations(std::ostream& os, const ir::Module& module) {
  for (const ir::Module::HostConstant& c : module.host_constants()) {
    if (!has_host_setter(c)) continue;
    const std::string name = c.host_name.substr(2);  // "::a::b" -> "a::b"
    const auto last = name.rfind("::");
    const std::string decl = "extern " + constant_type(c, c.element.declared_type) + " " +
                             (last == std::string::npos ? name : name.substr(last + 2)) + ";";
    if (last == std::string::npos)
      os << decl << "\n";
    else
      os << "namespace " << name.substr(0, last) << " {\n" << decl << "\n}  // namespace " << name.substr(0, last) << "\n";
  }
}

void emit_host_constant_setters(std::ostream& os, const ir::Module& module) {
  for (const ir::Module::HostConstant& c : module.host_constants()) {
    if (!has_host_setter(c)) continue;
    os << "/// Fills " << c.cpp_name << " of the kernel file compiled for the host (the CPU path) with\n"
       << "/// `values`; simt::UsageError, as the GPU's set_*, when they are not " << c.count << " elements.\n"
       << "inline void " << constant_setter(module, c) << "(std::span<const " << c.element.declared_type << "> values) {\n"
       << "  if (values.size_bytes() != " << c.bytes << ")\n"
       << "    throw simt::UsageError(" << cpp_string("copying to the CPU path's " + c.cpp_name) << ",\n"
       << "                           std::to_string(values.size_bytes()) + \" bytes given, the constant has "
       << c.bytes << "\");\n"
       << "  " << c.host_name << ".host_fill(values.data());\n"
       << "}\n\n";
  }
}

}  // namespace simtc::driver
