// generate(): kernels with their launch ABI, then every device function they reach.
#include <algorithm>

#include <clang/AST/Attr.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/RecordLayout.h>

#include "frontend/kernel_names.hpp"
#include "frontend/param_kinds.hpp"
#include "irgen/abi.hpp"
#include "irgen/contracts.hpp"
#include "irgen/function_gen.hpp"
#include "irgen/host_names.hpp"
#include "irgen/shared_memory.hpp"

namespace simtc::irgen {
namespace {

void collect_leaves(clang::ASTContext& ast, clang::QualType type, const std::string& path,
                    std::uint64_t offset, std::vector<Leaf>& out) {
  type = type.getCanonicalType();
  if (const auto* array = ast.getAsConstantArrayType(type)) {
    std::uint64_t stride = ast.getTypeSizeInChars(array->getElementType()).getQuantity();
    for (std::uint64_t i = 0; i < array->getZExtSize(); ++i)
      collect_leaves(ast, array->getElementType(), path + "[" + std::to_string(i) + "]",
                     offset + i * stride, out);
    return;
  }
  if (const auto* record = type->getAsRecordDecl()) {
    const clang::ASTRecordLayout& layout = ast.getASTRecordLayout(record);
    for (const clang::FieldDecl* field : record->fields()) {
      std::string name = (path.empty() ? "" : path + ".") + field->getNameAsString();
      collect_leaves(ast, field->getType(), name,
                     offset + layout.getFieldOffset(field->getFieldIndex()) / 8, out);
    }
    return;
  }
  out.push_back({path, type, offset});
}

std::string spell_field(clang::ASTContext& ast, clang::QualType type, const std::string& name) {
  std::string suffix;
  type = type.getCanonicalType();
  while (const auto* array = ast.getAsConstantArrayType(type)) {
    suffix += "[" + std::to_string(array->getZExtSize()) + "]";
    type = array->getElementType().getCanonicalType();
  }
  return host_spelling(ast, type) + " " + name + suffix + ";";
}

// Definitions of `record` and the records it nests, innermost first.
void host_definitions(clang::ASTContext& ast, const clang::RecordDecl* record,
                      std::vector<std::string>& out) {
  // An over-aligned struct (alignas(16) for 16-byte loads) keeps its alignment on the host.
  std::int64_t natural = 1;
  for (const clang::FieldDecl* field : record->fields())
    natural = std::max<std::int64_t>(natural, ast.getTypeAlignInChars(field->getType()).getQuantity());
  const std::int64_t align = ast.getTypeAlignInChars(ast.getCanonicalTagType(record)).getQuantity();
  std::string body = "struct " + (align > natural ? "alignas(" + std::to_string(align) + ") " : std::string()) +
                     record->getNameAsString() + " {\n";
  for (const clang::FieldDecl* field : record->fields()) {
    clang::QualType type = field->getType().getCanonicalType();
    while (const auto* array = ast.getAsConstantArrayType(type))
      type = array->getElementType().getCanonicalType();
    if (const auto* nested = type->getAsRecordDecl()) host_definitions(ast, nested, out);
    body += "  " + spell_field(ast, field->getType(), field->getNameAsString()) + "\n";
  }
  clang::QualType self = ast.getCanonicalTagType(record);
  body += "};\nstatic_assert(sizeof(" + record->getNameAsString() + ") == " +
          std::to_string(ast.getTypeSizeInChars(self).getQuantity()) + " && alignof(" +
          record->getNameAsString() + ") == " +
          std::to_string(ast.getTypeAlignInChars(self).getQuantity()) +
          ", \"layout differs from the kernel's\");\n";
  for (const std::string& existing : out)
    if (existing == body) return;
  out.push_back(body);
}

// The parameter's type as host code declares the kernel; empty when host code cannot name it.
std::string declared_type(clang::ASTContext& ast, const frontend::ParamClass& cls, clang::QualType type,
                          const ir::KernelParam& param) {
  using Kind = ir::KernelParam::Kind;
  if (param.kind == Kind::Scalar || param.kind == Kind::Struct) return host_declared_type(ast, type).value_or("");
  std::optional<std::string> element =
      host_declared_type(ast, written_element(type).value_or(clang::QualType(static_cast<const clang::Type*>(cls.element), 0)));
  if (!element) return "";
  switch (param.kind) {
    case Kind::TensorMap: return "";  // the host's TensorMap is the runtime's, not the kernel's
    case Kind::Slice: return "simt::Slice<const " + *element + ">";
    case Kind::AtomicSlice: return "simt::AtomicSlice<" + *element + ">";
    default:
      return "simt::DisjointSlice<" + *element + (param.index_space.empty() ? "" : ", " + param.index_space) + ">";
  }
}

void add_kernel(IrgenContext& cx, const clang::FunctionDecl* kernel) {
  clang::ASTContext& ast = cx.ast();
  ir::KernelSignature signature;
  signature.cpp_name = frontend::kernel_display_name(*kernel);
  std::vector<ir::Type> types;
  std::vector<std::string> names;
  std::vector<std::uint8_t> attrs;
  for (const clang::ParmVarDecl* param : kernel->parameters()) {
    frontend::ParamClass cls = frontend::classify_param(ast, param->getType());
    ir::KernelParam out;
    out.name = param->getNameAsString();
    out.first_ir_param = unsigned(types.size());
    switch (cls.kind) {
      case frontend::ParamKind::Scalar:
        out.kind = ir::KernelParam::Kind::Scalar;
        out.host_type = host_spelling(ast, param->getType());
        types.push_back(cx.memory_type(param->getType()));
        names.push_back(out.name);
        attrs.push_back(0);
        break;
      case frontend::ParamKind::Slice:
      case frontend::ParamKind::DisjointSlice:
      case frontend::ParamKind::AtomicSlice: {
        bool read_only = cls.kind == frontend::ParamKind::Slice;
        bool atomic = cls.kind == frontend::ParamKind::AtomicSlice;
        out.kind = read_only ? ir::KernelParam::Kind::Slice
                   : atomic  ? ir::KernelParam::Kind::AtomicSlice
                             : ir::KernelParam::Kind::DisjointSlice;
        clang::QualType element(static_cast<const clang::Type*>(cls.element), 0);
        out.host_type = host_spelling(ast, element);
        if (element->isRecordType()) host_record(ast, element->getAsRecordDecl(), out);
        types.push_back(ir::Type::ptr(ir::AddrSpace::Global));
        names.push_back(out.name + ".data");
        // Every thread may update any element of an AtomicSlice: never noalias or readonly.
        attrs.push_back(read_only ? (ir::NoAlias | ir::ReadOnly) : atomic ? 0 : ir::NoAlias);
        types.push_back(ir::Type::i64());
        names.push_back(out.name + ".size");
        attrs.push_back(0);
        if (cls.kind == frontend::ParamKind::DisjointSlice && cls.space != frontend::IndexSpace::Linear)
          out.index_space = frontend::index_space_spelling(cls.space, cls.space_arg);
        if (cls.kind == frontend::ParamKind::DisjointSlice && cls.space == frontend::IndexSpace::RuntimeRows) {
          out.has_row_width = true;  // the width the host binds at launch (simt::space::RuntimeRows)
          types.push_back(ir::Type::i64());
          names.push_back(out.name + ".row_width");
          attrs.push_back(0);
        }
        break;
      }
      case frontend::ParamKind::Struct: {
        out.kind = ir::KernelParam::Kind::Struct;
        out.host_type = param->getType()->getAsRecordDecl()->getNameAsString();
        host_record(ast, param->getType()->getAsRecordDecl(), out);
        for (const Leaf& leaf : scalar_leaves(ast, param->getType())) {
          out.leaf_paths.push_back(leaf.path);
          out.leaf_types.push_back(host_spelling(ast, leaf.type));
          types.push_back(cx.memory_type(leaf.type));
          names.push_back(out.name + "." + leaf.path);
          attrs.push_back(0);
        }
        break;
      }
      case frontend::ParamKind::TensorMap: {
        out.kind = ir::KernelParam::Kind::TensorMap;
        out.host_type = host_spelling(ast, clang::QualType(static_cast<const clang::Type*>(cls.element), 0));
        out.box = cls.box;
        types.push_back(ir::Type::ptr());
        names.push_back(out.name);
        attrs.push_back(ir::GridConstant | ir::ReadOnly);
        break;
      }
      default:
        return;  // the checker has reported it
    }
    out.ir_param_count = unsigned(types.size()) - out.first_ir_param;
    out.declared_type = declared_type(ast, cls, param->getType(), out);
    signature.params.push_back(std::move(out));
  }
  if (std::optional<std::string> name = host_function_name(*kernel);
      name && std::none_of(signature.params.begin(), signature.params.end(),
                           [](const ir::KernelParam& p) { return p.declared_type.empty(); }))
    signature.host_name = *name;
  ir::Function* fn = cx.module().create_function(frontend::kernel_entry_name(*kernel),
                                                  ir::Type::void_(), types, names, true);
  fn->set_loc(cx.loc(kernel->getLocation()));
  for (unsigned i = 0; i < attrs.size(); ++i)
    if (attrs[i] != 0) fn->set_param_attrs(i, attrs[i]);
  fn->signature() = std::move(signature);
  attach_contract(ast, *kernel, *fn);
  FunctionGen gen(cx, fn);
  gen.emit_kernel(kernel);
}

}  // namespace

std::vector<Leaf> scalar_leaves(clang::ASTContext& ast, clang::QualType record) {
  std::vector<Leaf> out;
  collect_leaves(ast, record, "", 0, out);
  return out;
}

std::string host_spelling(clang::ASTContext& ast, clang::QualType type) {
  clang::QualType canonical = type.getCanonicalType().getUnqualifiedType();
  if (canonical->isBooleanType()) return "bool";
  if (const auto* enum_type = canonical->getAs<clang::EnumType>())
    return host_spelling(ast, enum_type->getDecl()->getIntegerType());
  if (const auto* builtin = canonical->getAs<clang::BuiltinType>()) {
    switch (builtin->getKind()) {
      case clang::BuiltinType::Float: return "float";
      case clang::BuiltinType::Double: return "double";
      case clang::BuiltinType::Float16: return "simt::half";
      case clang::BuiltinType::BFloat16: return "simt::bfloat16";
      case clang::BuiltinType::Char_S:
      case clang::BuiltinType::Char_U: return "char";
      default: break;
    }
    if (canonical->isIntegerType()) {
      std::string bits = std::to_string(ast.getTypeSize(canonical));
      return canonical->isSignedIntegerType() ? "std::int" + bits + "_t" : "std::uint" + bits + "_t";
    }
  }
  if (const auto* record = canonical->getAsRecordDecl()) return record->getNameAsString();
  return canonical.getAsString();
}

void host_record(clang::ASTContext& ast, const clang::RecordDecl* record, ir::KernelParam& out) {
  std::optional<std::string> header = declaring_header(ast, record);
  if (!header) {
    host_definitions(ast, record, out.host_definitions);
    return;
  }
  clang::QualType self = ast.getCanonicalTagType(record);
  out.host_type = "::" + record->getQualifiedNameAsString();
  out.host_includes.push_back(*header);
  out.host_definitions.push_back("static_assert(sizeof(" + out.host_type + ") == " +
                                 std::to_string(ast.getTypeSizeInChars(self).getQuantity()) + " && alignof(" +
                                 out.host_type + ") == " +
                                 std::to_string(ast.getTypeAlignInChars(self).getQuantity()) +
                                 ", \"layout differs from the kernel's\");\n");
}

ir::Global* IrgenContext::constant_global(const clang::VarDecl* var) {
  if (auto it = globals_.find(var); it != globals_.end()) return it->second;
  const clang::APValue* value = var->evaluateValue();
  if (value == nullptr) {
    error(var->getLocation(),
          "the value of '" + var->getNameAsString() +
              "' is not a compile-time constant; kernel code can read only constexpr data at namespace scope",
          kGlobalVariableRule);
    return nullptr;
  }
  std::uint64_t size = size_of(var->getType());
  std::vector<std::uint8_t> bytes(size, 0);
  // Write the constant's scalars at their offsets (integers, floats; nested arrays/structs).
  std::function<void(const clang::APValue&, clang::QualType, std::uint64_t)> write =
      [&](const clang::APValue& v, clang::QualType type, std::uint64_t offset) {
        type = type.getCanonicalType();
        auto put = [&](std::uint64_t bits, unsigned width) {
          for (unsigned i = 0; i < width / 8 && offset + i < bytes.size(); ++i)
            bytes[offset + i] = std::uint8_t(bits >> (8 * i));
        };
        if (v.isInt()) {
          put(v.getInt().getZExtValue(), unsigned(ast_.getTypeSize(type)));
        } else if (v.isFloat()) {
          put(v.getFloat().bitcastToAPInt().getZExtValue(), unsigned(ast_.getTypeSize(type)));
        } else if (v.isArray()) {
          const auto* array = ast_.getAsConstantArrayType(type);
          clang::QualType element = array->getElementType();
          std::uint64_t stride = size_of(element);
          for (unsigned i = 0; i < v.getArraySize(); ++i) {
            const clang::APValue& item =
                i < v.getArrayInitializedElts() ? v.getArrayInitializedElt(i) : v.getArrayFiller();
            write(item, element, offset + i * stride);
          }
        } else if (v.isStruct()) {
          const auto* record = type->getAsRecordDecl();
          const clang::ASTRecordLayout& layout = ast_.getASTRecordLayout(record);
          for (const clang::FieldDecl* field : record->fields())
            write(v.getStructField(field->getFieldIndex()), field->getType(),
                  offset + layout.getFieldOffset(field->getFieldIndex()) / 8);
        }
      };
  write(*value, var->getType(), 0);
  std::string symbol = "const." + var->getNameAsString();
  for (unsigned n = 1; module_->find_global(symbol) != nullptr; ++n)
    symbol = "const." + var->getNameAsString() + "." + std::to_string(n);
  ir::Global* global = module_->create_global(symbol, ir::AddrSpace::Const, size, align_of(var->getType()));
  global->set_initializer(std::move(bytes));
  global->set_loc(loc(var->getLocation()));
  globals_[var] = global;
  return global;
}

std::unique_ptr<ir::Module> generate(clang::ASTContext& context,
                                     const std::vector<const clang::FunctionDecl*>& kernels,
                                     const IrgenOptions& options) {
  IrgenContext cx(context, options);
  for (const clang::FunctionDecl* kernel : kernels) add_kernel(cx, kernel);
  cx.drain_queue();
  check_static_shared(cx);
  cx.check_constant_memory();
  if (cx.had_errors() || context.getDiagnostics().hasErrorOccurred()) return nullptr;
  return cx.take_module();
}

}  // namespace simtc::irgen
