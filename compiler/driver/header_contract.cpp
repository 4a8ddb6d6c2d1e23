// Generates the checked launchers. What they check is decided in the runtime; the generated
// code only describes the contract as data and gathers the argument values, so that the rules
// are written (and tested) once.
#include "driver/header_contract.hpp"

#include <ostream>
#include <vector>

#include "support/launch_annotation.hpp"

namespace simtc::driver {
namespace {

const char* op_name(ir::KernelContract::Term::Op op) {
  switch (op) {
    case ir::KernelContract::Term::Op::Operand: return "operand";
    case ir::KernelContract::Term::Op::Literal: return "literal";
    case ir::KernelContract::Term::Op::Add: return "add";
    case ir::KernelContract::Term::Op::Sub: return "sub";
    case ir::KernelContract::Term::Op::Mul: return "mul";
    case ir::KernelContract::Term::Op::Rem: return "rem";
  }
  return "literal";
}

const char* compare_name(ir::KernelContract::Compare compare) {
  switch (compare) {
    case ir::KernelContract::Compare::Lt: return "lt";
    case ir::KernelContract::Compare::Le: return "le";
    case ir::KernelContract::Compare::Gt: return "gt";
    case ir::KernelContract::Compare::Ge: return "ge";
    case ir::KernelContract::Compare::Eq: return "eq";
    case ir::KernelContract::Compare::Ne: return "ne";
  }
  return "ge";
}

void emit_terms(std::ostream& os, const std::string& name, const std::vector<ir::KernelContract::Term>& terms) {
  os << "inline constexpr simt::contract::Term " << name << "[] = {";
  for (std::size_t i = 0; i < terms.size(); ++i)
    os << (i ? ", " : "") << "{simt::contract::Op::" << op_name(terms[i].op) << ", " << terms[i].value << "u}";
  os << "};\n";
}

// The expression that gives a requirement operand's value in a launcher; a RuntimeRows row
// width is the GPU launcher's `<name>_row_width` argument, or the host view's row_width(); an
// address is the device view's device_ptr(), or where the host view's elements start.
std::string operand_value(const ir::KernelContract::Operand& operand, bool host) {
  switch (operand.what) {
    case ir::KernelContract::Operand::What::Value: return "std::uint64_t(" + operand.param + ")";
    case ir::KernelContract::Operand::What::Size: return "std::uint64_t(" + operand.param + ".size())";
    case ir::KernelContract::Operand::What::RowWidth:
      return host ? "std::uint64_t(" + operand.param + ".row_width())"
                  : "std::uint64_t(" + operand.param + "_row_width)";
    case ir::KernelContract::Operand::What::Address:
      return host ? "std::uint64_t(reinterpret_cast<std::uintptr_t>(" + operand.param + ".data()))"
                  : "std::uint64_t(" + operand.param + ".device_ptr())";
  }
  return "0";
}

// "Slice", "DisjointSlice", "AtomicSlice" or "TensorMap" (the aliasing check's messages spell
// them so). A TensorMap counts as read: its safe use is TMA loads; stores through it are Tier 3.
const char* buffer_kind(const ir::KernelParam& param) {
  switch (param.kind) {
    case ir::KernelParam::Kind::Slice: return "Slice";
    case ir::KernelParam::Kind::DisjointSlice: return "DisjointSlice";
    case ir::KernelParam::Kind::AtomicSlice: return "AtomicSlice";
    case ir::KernelParam::Kind::TensorMap: return "TensorMap";
    default: return nullptr;
  }
}

}  // namespace

void emit_check_arguments(std::ostream& os, const ir::KernelSignature& sig, const std::string& indent, bool host) {
  const ir::KernelContract& c = sig.contract;
  if (c.present && !c.operands.empty()) {
    os << indent << "const std::uint64_t values[] = {";
    for (std::size_t i = 0; i < c.operands.size(); ++i) os << (i ? ", " : "") << operand_value(c.operands[i], host);
    os << "};\n";
  } else {
    os << indent << "const std::span<const std::uint64_t> values;\n";
  }
  std::vector<std::string> buffers;
  for (const ir::KernelParam& param : sig.params) {
    const char* kind = buffer_kind(param);
    if (kind == nullptr) continue;
    const bool read = param.kind == ir::KernelParam::Kind::Slice || param.kind == ir::KernelParam::Kind::TensorMap;
    const std::string written = read ? "false" : "true";
    if (host)
      buffers.push_back("simt::host::buffer_arg(" + cpp_string(param.name) + ", \"" + kind + "\", " + param.name + ", " +
                        written + ")");
    else
      buffers.push_back("{" + cpp_string(param.name) + ", \"" + kind + "\", " + param.name + ".device_ptr(), " +
                        param.name + ".bytes(), " + written + "}");
  }
  if (buffers.empty()) {
    os << indent << "const std::span<const simt::contract::BufferArg> buffers;\n";
    return;
  }
  const std::string opening = indent + "const simt::contract::BufferArg buffers[] = {";
  os << opening;
  for (std::size_t i = 0; i < buffers.size(); ++i)
    os << (i ? ",\n" + std::string(opening.size(), ' ') : "") << buffers[i];
  os << "};\n";
}

std::string cpp_string(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out += c;
  }
  return out + "\"";
}

std::string launch_annotation(const ir::KernelSignature& sig) {
  LaunchAnnotation annotation;
  annotation.kernel = sig.cpp_name;
  for (const ir::KernelParam& param : sig.params)  // simtc check --host follows views, not tensor maps
    if (const char* kind = buffer_kind(param); kind != nullptr && param.kind != ir::KernelParam::Kind::TensorMap)
      annotation.buffers.push_back({param.name, kind});
  return "SIMT_LAUNCH_ANNOTATION(" + cpp_string(format_launch_annotation(annotation)) + ")";
}

void emit_launch_annotation_macro(std::ostream& os) {
  os << "// Marks each launcher that checks aliasing, with its kernel's buffer parameters, for\n"
     << "// `simtc check --host` (rule simt-launch-alias); other compilers have no use for it.\n"
     << "#ifndef SIMT_LAUNCH_ANNOTATION\n"
     << "#if defined(__clang__)\n"
     << "#define SIMT_LAUNCH_ANNOTATION(text) [[clang::annotate(text)]]\n"
     << "#else\n"
     << "#define SIMT_LAUNCH_ANNOTATION(text)\n"
     << "#endif\n"
     << "#endif\n\n";
}

void emit_contract_data(std::ostream& os, const ir::Function& fn) {
  const ir::KernelContract& c = fn.signature().contract;
  if (!c.present) return;
  os << "/// The launch contract of " << fn.signature().cpp_name << ", as its attributes declare it.\n"
     << "namespace " << fn.name() << "_contract {\n";
  for (std::size_t i = 0; i < c.requirements.size(); ++i) {
    emit_terms(os, "r" + std::to_string(i) + "_lhs", c.requirements[i].lhs);
    emit_terms(os, "r" + std::to_string(i) + "_rhs", c.requirements[i].rhs);
  }
  if (!c.requirements.empty()) {
    os << "inline constexpr simt::contract::Requirement requirements[] = {\n";
    for (std::size_t i = 0; i < c.requirements.size(); ++i)
      os << "    {" << cpp_string(c.requirements[i].text) << ", r" << i << "_lhs, simt::contract::Compare::"
         << compare_name(c.requirements[i].compare) << ", r" << i << "_rhs},\n";
    os << "};\n";
  }
  os << "inline constexpr simt::LaunchContract contract = {\n"
     << "    .kernel = " << cpp_string(fn.signature().cpp_name) << ",\n";
  if (c.block) os << "    .block = {" << (*c.block)[0] << ", " << (*c.block)[1] << ", " << (*c.block)[2] << "},\n";
  if (c.max_threads) os << "    .max_threads = " << *c.max_threads << ",\n";
  if (c.min_blocks_per_sm) os << "    .min_blocks_per_sm = " << *c.min_blocks_per_sm << ",\n";
  if (c.dynamic_shared)
    os << "    .has_dynamic_shared = true,\n"
       << "    .dynamic_shared_min = " << c.dynamic_shared->first << ",\n"
       << "    .dynamic_shared_max = " << c.dynamic_shared->second << ",\n";
  if (c.min_arch) os << "    .min_arch = " << *c.min_arch << ",\n";
  if (c.cluster) os << "    .cluster = {" << (*c.cluster)[0] << ", " << (*c.cluster)[1] << ", " << (*c.cluster)[2] << "},\n";
  if (!c.requirements.empty()) os << "    .requirements = requirements,\n";
  os << "};\n"
     << "}  // namespace " << fn.name() << "_contract\n\n";
}

void emit_resource_queries(std::ostream& os, const ir::Function& fn) {
  const std::string& k = fn.name();
  os << "  /// What the driver compiled " << fn.signature().cpp_name
     << " to: registers per thread, local and static shared memory, block limit.\n"
     << "  simt::KernelAttributes " << k << "_attributes() const { return " << k << "_.attributes(); }\n"
     << "  /// How many blocks of `block_threads` threads (and `dynamic_shared_bytes`) fit on one SM.\n"
     << "  int " << k << "_max_active_blocks_per_sm(unsigned block_threads, std::size_t dynamic_shared_bytes = 0) const {\n"
     << "    return " << k << "_.max_active_blocks_per_sm(block_threads, dynamic_shared_bytes);\n"
     << "  }\n\n";
}

void emit_checked_launch(std::ostream& os, const ir::Function& fn, const std::string& params,
                         const std::string& names, const std::string& doc) {
  const ir::KernelSignature& sig = fn.signature();
  const ir::KernelContract& c = sig.contract;
  if (!c.present) return;
  const std::string& k = fn.name();
  const std::string contract = k + "_contract::contract";
  os << "  /// A launch shape prepare_" << k << "() checked against " << sig.cpp_name
     << "'s contract and the device; only " << k << "() accepts it.\n"
     << "  using " << k << "_launch = simt::PreparedLaunch<struct " << k << "_launch_tag, Kernels>;\n\n"
     << "  /// Checks `config` against " << sig.cpp_name << "'s launch contract and what the device and the\n"
     << "  /// compiled kernel allow (throws simt::ContractError), and raises the kernel's dynamic shared\n"
     << "  /// memory limit when the config asks for more than 48 KiB.\n";
  for (const char* config : {"LaunchConfig1D", "LaunchConfig2D", "LaunchConfig3D"})
    os << "  " << k << "_launch prepare_" << k << "(const simt::" << config << "& config) const {\n"
       << "    simt::contract::prepare(" << k << "_, " << contract << ", config.shape());\n"
       << "    return " << k << "_launch(config.shape(), " << k << "_.native_handle());\n"
       << "  }\n";
  os << "\n  /// Launches " << sig.cpp_name << "(" << doc << ") with a prepared shape, after checking\n"
     << "  /// its `requires` relations and that no written buffer overlaps another argument\n"
     << "  /// (throws simt::ContractError naming the clause and the numbers).\n"
     << "  " << launch_annotation(sig) << "\n"
     << "  void " << k << "(const simt::Stream& stream, const " << k << "_launch& launch" << params << ") const {\n";
  emit_check_arguments(os, sig, "    ", false);
  os << "    simt::contract::check_launch(" << k << "_, " << contract << ", launch.function(), stream, values, buffers);\n"
     << "    const simt::LaunchShape& shape = launch.shape();\n"
     << "    " << k << "_unchecked(stream, simt::LaunchConfig3D{shape.grid, shape.block, shape.shared_bytes}" << names
     << ");\n"
     << "  }\n\n";
}

}  // namespace simtc::driver
