#include "ir/type.hpp"

#include "support/ice.hpp"

namespace simtc::ir {

Type Type::int_of_bits(unsigned bits) {
  switch (bits) {
    case 1: return i1();
    case 8: return i8();
    case 16: return i16();
    case 32: return i32();
    case 64: return i64();
    default: return void_();
  }
}

Type Type::vec(Type element, unsigned lanes) {
  SIMTC_ASSERT(lanes == 2 || lanes == 3 || lanes == 4 || lanes == 8,
               "Type::vec: a vector has 2, 3, 4 or 8 lanes, not " + std::to_string(lanes));
  SIMTC_ASSERT(!element.is_vector() && !element.is_void() && !element.is_ptr(),
               "Type::vec: the element must be an integer or float scalar, not " + element.str());
  return Type(element.kind(), AddrSpace::Generic, static_cast<std::uint8_t>(lanes));
}

unsigned Type::element_bits() const {
  switch (kind_) {
    case Kind::Void: return 0;
    case Kind::I1: return 1;
    case Kind::I8: return 8;
    case Kind::I16: case Kind::F16: case Kind::BF16: return 16;
    case Kind::I32: case Kind::F32: return 32;
    case Kind::I64: case Kind::F64: case Kind::Ptr: return 64;
  }
  return 0;
}

unsigned Type::size_bytes() const {
  unsigned element = kind_ == Kind::I1 ? 1 : element_bits() / 8;
  return element * (lanes_ == 3 ? 4 : lanes_);
}

unsigned Type::align_bytes() const { return size_bytes() == 0 ? 1 : size_bytes(); }

std::string Type::str() const {
  std::string scalar;
  switch (kind_) {
    case Kind::Void: return "void";
    case Kind::I1: scalar = "i1"; break;
    case Kind::I8: scalar = "i8"; break;
    case Kind::I16: scalar = "i16"; break;
    case Kind::I32: scalar = "i32"; break;
    case Kind::I64: scalar = "i64"; break;
    case Kind::F16: scalar = "f16"; break;
    case Kind::BF16: scalar = "bf16"; break;
    case Kind::F32: scalar = "f32"; break;
    case Kind::F64: scalar = "f64"; break;
    case Kind::Ptr:
      scalar = space_ == AddrSpace::Generic ? "ptr" : std::string("ptr.") + addr_space_name(space_);
      break;
  }
  if (lanes_ == 1) return scalar;
  std::string out = "<";
  out += std::to_string(lanes_) + " x " + scalar + ">";
  return out;
}

const char* addr_space_name(AddrSpace space) {
  switch (space) {
    case AddrSpace::Generic: return "generic";
    case AddrSpace::Global: return "global";
    case AddrSpace::Shared: return "shared";
    case AddrSpace::Const: return "const";
    case AddrSpace::Local: return "local";
  }
  return "generic";
}

}  // namespace simtc::ir
