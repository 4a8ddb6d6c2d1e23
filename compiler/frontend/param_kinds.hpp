// How a kernel parameter's C++ type maps onto the launch ABI. The checker uses it to
// accept or reject a signature; irgen to lower the parameter; both see the same answer.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

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
  AtomicSlice,    // simt::AtomicSlice<T>: any thread may update any element atomically
  Struct,         // trivially copyable struct whose leaves are all scalars
  TensorMap,      // simt::TensorMap<T, Box...>: a TMA descriptor, 128 bytes in param space
  Pointer,        // rejected: raw pointer
  Reference,      // rejected: reference
  Unsupported,    // rejected: anything else (reason says why)
};

/// How a DisjointSlice assigns its elements to threads (its second template argument).
enum class IndexSpace {
  Linear,       // simt::space::Linear: element i to the thread of 1-D index i
  Rows,         // simt::space::Rows<W>: 2-D, a compile-time row width W
  RuntimeRows,  // simt::space::RuntimeRows: 2-D, a row width the host passes with the slice
  Tile,         // simt::space::Tile<N>: N consecutive elements per thread
};

struct ParamClass {
  ParamKind kind = ParamKind::Unsupported;
  /// DisjointSlice only: its index space and the space's argument (W or N; 0 for the others).
  IndexSpace space = IndexSpace::Linear;
  std::uint32_t space_arg = 0;
  /// TensorMap only: its box, innermost dimension first (1 to 5 entries).
  std::vector<std::uint32_t> box;
  /// Slice/DisjointSlice/AtomicSlice/TensorMap: the element type (without const). Empty otherwise.
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

/// The index space `type` names (simt::space::Linear, Rows<W>, RuntimeRows, Tile<N>), with
/// its argument; false when `type` is none of them.
bool index_space_of(clang::QualType type, IndexSpace& space, std::uint32_t& arg);

/// How C++ spells an index space: "simt::space::Rows<64>".
std::string index_space_spelling(IndexSpace space, std::uint32_t arg);

}  // namespace simtc::frontend
