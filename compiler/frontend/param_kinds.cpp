#include "frontend/param_kinds.hpp"

#include <clang/AST/ASTContext.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/AST/Type.h>

namespace simtc::frontend {

bool is_scalar_type(clang::QualType type) {
  type = type.getCanonicalType();
  if (type->isEnumeralType()) return true;
  const auto* builtin = type->getAs<clang::BuiltinType>();
  if (builtin == nullptr) return false;
  switch (builtin->getKind()) {
    case clang::BuiltinType::Bool:
    case clang::BuiltinType::Char_S:
    case clang::BuiltinType::Char_U:
    case clang::BuiltinType::SChar:
    case clang::BuiltinType::UChar:
    case clang::BuiltinType::Char8:
    case clang::BuiltinType::Char16:
    case clang::BuiltinType::Char32:
    case clang::BuiltinType::WChar_S:
    case clang::BuiltinType::WChar_U:
    case clang::BuiltinType::Short:
    case clang::BuiltinType::UShort:
    case clang::BuiltinType::Int:
    case clang::BuiltinType::UInt:
    case clang::BuiltinType::Long:
    case clang::BuiltinType::ULong:
    case clang::BuiltinType::LongLong:
    case clang::BuiltinType::ULongLong:
    case clang::BuiltinType::Float:
    case clang::BuiltinType::Double:
    case clang::BuiltinType::Float16:
    case clang::BuiltinType::BFloat16:
      return true;
    default:
      return false;
  }
}

namespace {

// Declared directly in namespace ::simt (not nested deeper).
bool directly_in_simt(const clang::Decl* decl) {
  const auto* ns = llvm::dyn_cast<clang::NamespaceDecl>(decl->getDeclContext()->getRedeclContext());
  return ns != nullptr && ns->getName() == "simt" && ns->getDeclContext()->getRedeclContext()->isTranslationUnit();
}

}  // namespace

bool is_simt_template(clang::QualType type, const char* name) {
  return is_simt_class(type, name) &&
         llvm::isa<clang::ClassTemplateSpecializationDecl>(type.getCanonicalType()->getAsCXXRecordDecl());
}

bool is_simt_class(clang::QualType type, const char* name) {
  const auto* record = type.getCanonicalType()->getAsCXXRecordDecl();
  return record != nullptr && record->getName() == name && directly_in_simt(record);
}

bool index_space_of(clang::QualType type, IndexSpace& space, std::uint32_t& arg) {
  const auto* record = type.getCanonicalType()->getAsCXXRecordDecl();
  if (record == nullptr) return false;
  const auto* ns = llvm::dyn_cast<clang::NamespaceDecl>(record->getDeclContext()->getRedeclContext());
  if (ns == nullptr || ns->getName() != "space") return false;
  const auto* outer = llvm::dyn_cast<clang::NamespaceDecl>(ns->getDeclContext()->getRedeclContext());
  if (outer == nullptr || outer->getName() != "simt" || !outer->getDeclContext()->getRedeclContext()->isTranslationUnit())
    return false;
  arg = 0;
  llvm::StringRef name = record->getName();
  if (const auto* spec = llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(record)) {
    const clang::TemplateArgumentList& args = spec->getTemplateArgs();
    if (args.size() != 1 || args[0].getKind() != clang::TemplateArgument::Integral) return false;
    arg = std::uint32_t(args[0].getAsIntegral().getZExtValue());
    if (name == "Rows") space = IndexSpace::Rows;
    else if (name == "Tile") space = IndexSpace::Tile;
    else return false;
    return true;
  }
  if (name == "Linear") space = IndexSpace::Linear;
  else if (name == "RuntimeRows") space = IndexSpace::RuntimeRows;
  else return false;
  return true;
}

std::string index_space_spelling(IndexSpace space, std::uint32_t arg) {
  switch (space) {
    case IndexSpace::Linear: return "simt::space::Linear";
    case IndexSpace::Rows: return "simt::space::Rows<" + std::to_string(arg) + ">";
    case IndexSpace::RuntimeRows: return "simt::space::RuntimeRows";
    case IndexSpace::Tile: return "simt::space::Tile<" + std::to_string(arg) + ">";
  }
  return "";
}

namespace {

// Checks that every leaf of `record` is a scalar (nested structs and arrays allowed).
bool scalar_leaves(const clang::ASTContext& context, const clang::CXXRecordDecl* record,
                   ParamClass& out) {
  if (record->isUnion()) {
    out.reason = "it is a union";
    return false;
  }
  if (record->isPolymorphic()) {
    out.reason = "it has virtual functions";
    return false;
  }
  if (record->getNumBases() != 0) {
    out.reason = "it has base classes";
    return false;
  }
  for (const clang::FieldDecl* field : record->fields()) {
    clang::QualType type = field->getType().getCanonicalType();
    while (const auto* array = context.getAsConstantArrayType(type))
      type = array->getElementType().getCanonicalType();
    if (field->isBitField()) {
      out.reason = "member '" + field->getNameAsString() + "' is a bit-field";
      out.bad_field = field;
      return false;
    }
    if (is_scalar_type(type)) continue;
    if (const auto* nested = type->getAsCXXRecordDecl()) {
      if (!scalar_leaves(context, nested, out)) {
        if (out.bad_field == nullptr) out.bad_field = field;
        return false;
      }
      continue;
    }
    out.bad_field = field;
    if (type->isPointerType())
      out.reason = "member '" + field->getNameAsString() + "' is a pointer";
    else if (type->isReferenceType())
      out.reason = "member '" + field->getNameAsString() + "' is a reference";
    else
      out.reason = "member '" + field->getNameAsString() + "' has type '" +
                   field->getType().getAsString() + "'";
    return false;
  }
  return true;
}

// simt::AtomicSlice<T>: the elements the atomics support (32- and 64-bit integers, float, double).
ParamClass classify_atomic_slice(const clang::ASTContext& context, clang::QualType canonical) {
  ParamClass out;
  const auto* spec =
      llvm::cast<clang::ClassTemplateSpecializationDecl>(canonical->getAsCXXRecordDecl());
  clang::QualType element = spec->getTemplateArgs()[0].getAsType();
  clang::QualType bare = element.getCanonicalType();
  const auto* builtin = bare->getAs<clang::BuiltinType>();
  bool ok = !element.isConstQualified() && builtin != nullptr &&
            (builtin->getKind() == clang::BuiltinType::Float || builtin->getKind() == clang::BuiltinType::Double ||
             ((builtin->getKind() == clang::BuiltinType::Int || builtin->getKind() == clang::BuiltinType::UInt ||
               builtin->getKind() == clang::BuiltinType::Long || builtin->getKind() == clang::BuiltinType::ULong ||
               builtin->getKind() == clang::BuiltinType::LongLong ||
               builtin->getKind() == clang::BuiltinType::ULongLong)));
  if (!ok) {
    clang::PrintingPolicy policy(context.getLangOpts());
    policy.SuppressTagKeyword = true;
    out.kind = ParamKind::Unsupported;
    out.reason = "an AtomicSlice holds 32- or 64-bit integers, float or double, not '" +
                 element.getAsString(policy) + "'";
    return out;
  }
  out.kind = ParamKind::AtomicSlice;
  out.element = bare.getTypePtr();
  return out;
}

// simt::TensorMap<T, Box...>: elements the copy engine moves (integers and floating-point values
// of 1 to 8 bytes) and a box of 1 to 5 dimensions (simt/device/tma.hpp checks its extents).
ParamClass classify_tensor_map(const clang::ASTContext& context, clang::QualType canonical) {
  ParamClass out;
  const auto* spec = llvm::cast<clang::ClassTemplateSpecializationDecl>(canonical->getAsCXXRecordDecl());
  const clang::TemplateArgumentList& args = spec->getTemplateArgs();
  if (args.size() != 2 || args[0].getKind() != clang::TemplateArgument::Type ||
      args[1].getKind() != clang::TemplateArgument::Pack) {
    out.reason = "it is not simt::TensorMap<T, Box...>";
    return out;
  }
  clang::QualType element = args[0].getAsType().getCanonicalType();
  if (!is_scalar_type(element) || element.isConstQualified() || element->isBooleanType() ||
      element->isEnumeralType()) {
    clang::PrintingPolicy policy(context.getLangOpts());
    policy.SuppressTagKeyword = true;
    out.reason = "a TensorMap holds integers or floating-point values, not '" +
                 args[0].getAsType().getAsString(policy) + "'";
    return out;
  }
  for (const clang::TemplateArgument& extent : args[1].pack_elements()) {
    if (extent.getKind() != clang::TemplateArgument::Integral) return out;
    out.box.push_back(std::uint32_t(extent.getAsIntegral().getZExtValue()));
  }
  if (out.box.empty() || out.box.size() > 5) {
    out.reason = "a TensorMap's box has 1 to 5 dimensions, not " + std::to_string(out.box.size());
    out.box.clear();
    return out;
  }
  out.kind = ParamKind::TensorMap;
  out.element = element.getTypePtr();
  return out;
}

}  // namespace

ParamClass classify_param(const clang::ASTContext& context, clang::QualType type) {
  ParamClass out;
  clang::QualType canonical = type.getCanonicalType();
  if (canonical->isPointerType() || canonical->isMemberPointerType()) {
    out.kind = ParamKind::Pointer;
    return out;
  }
  if (canonical->isReferenceType()) {
    out.kind = ParamKind::Reference;
    return out;
  }
  if (is_scalar_type(canonical)) {
    out.kind = ParamKind::Scalar;
    return out;
  }
  if (is_simt_template(canonical, "AtomicSlice")) return classify_atomic_slice(context, canonical);
  if (is_simt_template(canonical, "TensorMap")) return classify_tensor_map(context, canonical);
  for (const char* name : {"Slice", "DisjointSlice"}) {
    if (!is_simt_template(canonical, name)) continue;
    const auto* spec =
        llvm::cast<clang::ClassTemplateSpecializationDecl>(canonical->getAsCXXRecordDecl());
    clang::QualType element = spec->getTemplateArgs()[0].getAsType();
    bool is_slice = std::string(name) == "Slice";
    clang::QualType bare = element.getUnqualifiedType();
    ParamClass element_class = classify_param(context, bare);
    if (element_class.kind != ParamKind::Scalar && element_class.kind != ParamKind::Struct) {
      clang::PrintingPolicy policy(context.getLangOpts());
      policy.SuppressTagKeyword = true;
      out.kind = ParamKind::Unsupported;
      out.bad_field = element_class.bad_field;
      out.reason = "its element type '" + bare.getAsString(policy) + "' is not a scalar or a struct of scalars";
      if (!element_class.reason.empty()) out.reason += ": " + element_class.reason;
      return out;
    }
    if (!is_slice && element.isConstQualified()) {
      out.kind = ParamKind::Unsupported;
      out.reason = "a DisjointSlice of const elements cannot be written; take it as simt::Slice<" +
                   element.getAsString() + ">";
      return out;
    }
    if (!is_slice) {
      const clang::TemplateArgumentList& args = spec->getTemplateArgs();
      if (args.size() > 1 && (args[1].getKind() != clang::TemplateArgument::Type ||
                              !index_space_of(args[1].getAsType(), out.space, out.space_arg))) {
        out.kind = ParamKind::Unsupported;
        out.reason = "its index space is not one of simt::space::Linear, Rows<W>, RuntimeRows or Tile<N>";
        return out;
      }
    }
    out.kind = is_slice ? ParamKind::Slice : ParamKind::DisjointSlice;
    out.element = bare.getCanonicalType().getTypePtr();
    return out;
  }
  if (const auto* record = canonical->getAsCXXRecordDecl()) {
    if (directly_in_simt(record)) {
      out.kind = ParamKind::Unsupported;
      out.reason = record->getName() == "Constant"
                       ? "a simt::Constant is declared at namespace scope, where kernels read it"
                       : "simt::" + record->getNameAsString() + " cannot be passed to a kernel";
      return out;
    }
    if (!record->hasDefinition()) {
      out.reason = "it is an incomplete type";
      return out;
    }
    if (!record->isTriviallyCopyable()) {
      out.reason = "it is not trivially copyable";
      return out;
    }
    if (!scalar_leaves(context, record, out)) return out;
    out.kind = ParamKind::Struct;
    return out;
  }
  out.reason = "it is not a scalar, a simt slice or a struct of scalars";
  return out;
}

}  // namespace simtc::frontend
