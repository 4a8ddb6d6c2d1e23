// Types of the simt IR. A Type is a small value: compare with ==, copy freely.
#pragma once

#include <cstdint>
#include <string>

namespace simtc::ir {

/// Address spaces, numbered as NVPTX numbers them so codegen maps them one to one.
enum class AddrSpace : std::uint8_t { Generic = 0, Global = 1, Shared = 3, Const = 4, Local = 5 };

/// Scalar types (integers are signless: signedness lives on the operations, as in LLVM),
/// pointers (opaque, tagged with an address space) and short vectors of scalars.
class Type {
 public:
  enum class Kind : std::uint8_t { Void, I1, I8, I16, I32, I64, F16, BF16, F32, F64, Ptr };

  constexpr Type() = default;
  static constexpr Type void_() { return Type(Kind::Void); }
  static constexpr Type i1() { return Type(Kind::I1); }
  static constexpr Type i8() { return Type(Kind::I8); }
  static constexpr Type i16() { return Type(Kind::I16); }
  static constexpr Type i32() { return Type(Kind::I32); }
  static constexpr Type i64() { return Type(Kind::I64); }
  static constexpr Type f16() { return Type(Kind::F16); }
  static constexpr Type bf16() { return Type(Kind::BF16); }
  static constexpr Type f32() { return Type(Kind::F32); }
  static constexpr Type f64() { return Type(Kind::F64); }
  static constexpr Type ptr(AddrSpace space = AddrSpace::Generic) { return Type(Kind::Ptr, space); }
  /// The integer type of `bits` (1, 8, 16, 32 or 64); Void for any other width.
  static Type int_of_bits(unsigned bits);
  /// A vector of `lanes` (2, 3, 4 or 8) elements of the scalar type `element` (not a pointer).
  static Type vec(Type element, unsigned lanes);

  Kind kind() const { return kind_; }
  AddrSpace addr_space() const { return space_; }
  unsigned lanes() const { return lanes_; }  // 1 for a scalar
  Type element() const { return Type(kind_, space_); }  // the scalar of a vector, else itself

  bool is_void() const { return kind_ == Kind::Void; }
  bool is_vector() const { return lanes_ > 1; }
  bool is_int() const { return kind_ >= Kind::I1 && kind_ <= Kind::I64; }   // also int vectors
  bool is_float() const { return kind_ >= Kind::F16 && kind_ <= Kind::F64; } // also float vectors
  bool is_ptr() const { return kind_ == Kind::Ptr; }
  bool is_bool() const { return kind_ == Kind::I1 && lanes_ == 1; }

  /// Bits of one element: 1..64 for integers, 16/32/64 for floats, 64 for pointers, 0 for void.
  unsigned element_bits() const;
  /// Storage size and natural alignment in bytes (i1 is stored as a byte; a 3-vector as 4).
  unsigned size_bytes() const;
  unsigned align_bytes() const;

  /// The printed spelling: i32, f32, ptr, ptr.global, ptr.shared, <4 x f32>, void.
  std::string str() const;

  friend constexpr bool operator==(const Type& a, const Type& b) {
    return a.kind_ == b.kind_ && a.space_ == b.space_ && a.lanes_ == b.lanes_;
  }

 private:
  constexpr explicit Type(Kind kind, AddrSpace space = AddrSpace::Generic, std::uint8_t lanes = 1)
      : kind_(kind), space_(space), lanes_(lanes) {}

  Kind kind_ = Kind::Void;
  AddrSpace space_ = AddrSpace::Generic;
  std::uint8_t lanes_ = 1;
};

const char* addr_space_name(AddrSpace space);  // "generic", "global", "shared", "const", "local"

}  // namespace simtc::ir
