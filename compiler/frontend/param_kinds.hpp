// How a kernel parameter's C++ type maps onto the launch ABI. The checker uses it to
// accept or reject a signature; irgen to lower the parameter; both see the same answer.
#pragma once

#include <string>

namespace clang {
class ASTContext;
class QualType;
class FieldDecl;
}  // namespace clang

namespace simtc::frontend {

enum class ParamKind {
  Scalar,         // bool, integers, float, double, half, bfloat16, enums
  Slice,          // simt::Slice<const T>
  DisjointSlice,  // simt::DisjointSlice<T>
  Struct,         // trivially copyable struct whose leaves are all scalars
  Pointer,        // rejected: raw pointer
  Reference,      // rejected: reference
  Unsupported,    // rejected: anything else (reason says why)
};

struct ParamClass {
  ParamKind kind = ParamKind::Unsupported;
  /// Slice/DisjointSlice: the element type (without const). Empty otherwise.
  const void* element = nullptr;  // a clang::Type* (opaque to keep Clang out of this header)
  /// Unsupported or Struct with a bad member: why, e.g. "member 'p' is a pointer".
  std::string reason;
  /// Struct with a bad member: that member.
  const clang::FieldDecl* bad_field = nullptr;
};

/// Classifies a parameter type (sugar is looked through: typedefs, `auto`, elaborated names).
ParamClass classify_param(const clang::ASTContext& context, clang::QualType type);

/// True for the scalar types a kernel may take and store: bool, character and integer types
/// up to 64 bits, float, double, _Float16 (simt::half), __bf16 (simt::bfloat16), enums.
bool is_scalar_type(clang::QualType type);

/// True if `type` is the class simt::<name>, or a specialisation of the template simt::<name>.
bool is_simt_class(clang::QualType type, const char* name);

/// True if `type` is the class template specialisation simt::<name><...>.
bool is_simt_template(clang::QualType type, const char* name);

}  // namespace simtc::frontend
