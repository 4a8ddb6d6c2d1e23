// Values of the simt IR: constants, function arguments, globals and instruction results.
// Every node is owned by its Module (arena); everything else holds raw pointers.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "ir/type.hpp"
#include "support/source_loc.hpp"

namespace simtc::ir {

class Function;

class Value {
 public:
  enum class ValueKind : std::uint8_t { Constant, Argument, Global, Instruction };

  Value(const Value&) = delete;
  Value& operator=(const Value&) = delete;
  virtual ~Value() = default;

  ValueKind value_kind() const { return value_kind_; }
  Type type() const { return type_; }
  /// A name hint for the printer (C++ variable or parameter name); may be empty.
  const std::string& name() const { return name_; }
  void set_name(std::string name) { name_ = std::move(name); }

 protected:
  Value(ValueKind kind, Type type) : value_kind_(kind), type_(type) {}
  void set_type(Type type) { type_ = type; }  // for the parser's forward references

 private:
  ValueKind value_kind_;
  Type type_;
  std::string name_;
};

/// An immutable constant, uniqued by the Module: integers (bit pattern, zero-extended to 64
/// bits), floats (held as double; f16/bf16/f32 values are exactly representable), the null
/// pointer of an address space, and undef of any non-void type.
class Constant final : public Value {
 public:
  enum class ConstKind : std::uint8_t { Int, Float, Null, Undef };

  ConstKind const_kind() const { return const_kind_; }
  std::uint64_t int_bits() const { return bits_; }   // Int: the value masked to its width
  std::int64_t int_value_signed() const;              // Int: sign-extended from its width
  double float_value() const { return fvalue_; }     // Float

  // Module-only construction (see Module::get_int and friends).
  Constant(Type type, ConstKind kind, std::uint64_t bits, double fvalue)
      : Value(ValueKind::Constant, type), const_kind_(kind), bits_(bits), fvalue_(fvalue) {}

 private:
  ConstKind const_kind_;
  std::uint64_t bits_;
  double fvalue_;
};

/// A parameter of a Function.
class Argument final : public Value {
 public:
  Argument(Type type, Function* parent, unsigned index)
      : Value(ValueKind::Argument, type), parent_(parent), index_(index) {}
  Function* parent() const { return parent_; }
  unsigned index() const { return index_; }

 private:
  Function* parent_;
  unsigned index_;
};

/// A module-scope variable: shared memory (one copy per block), or read-only constant data
/// (a table with an initializer). Its value is its address: a pointer in its address space.
class Global final : public Value {
 public:
  Global(std::string symbol, AddrSpace space, std::uint64_t size, unsigned align)
      : Value(ValueKind::Global, Type::ptr(space)), symbol_(std::move(symbol)), size_(size),
        align_(align) {}

  const std::string& symbol() const { return symbol_; }
  AddrSpace addr_space() const { return type().addr_space(); }
  std::uint64_t size() const { return size_; }
  unsigned align() const { return align_; }
  /// Initial bytes (little-endian); empty means zero-initialised (const) or uninitialised
  /// (shared). When present, exactly size() bytes.
  const std::vector<std::uint8_t>& initializer() const { return init_; }
  void set_initializer(std::vector<std::uint8_t> bytes) { init_ = std::move(bytes); }
  SourceLoc loc() const { return loc_; }
  void set_loc(SourceLoc loc) { loc_ = loc; }
  /// Extern shared memory: the dynamic shared memory of a launch, sized by the launch, not by
  /// the module (PTX `.extern .shared .b8 name[]`). Its size() is 0 and it has no initializer.
  bool is_extern() const { return extern_; }
  void set_extern(bool value) { extern_ = value; }
  /// Constant memory the host fills before a launch (simt::Constant): exported under its
  /// symbol (PTX `.visible .const`), which the host looks up by name; no initializer, and no
  /// value the compiler may assume.
  bool is_visible() const { return visible_; }
  void set_visible(bool value) { visible_ = value; }

 private:
  std::string symbol_;
  std::uint64_t size_;
  unsigned align_;
  bool extern_ = false;
  bool visible_ = false;
  std::vector<std::uint8_t> init_;
  SourceLoc loc_;
};

}  // namespace simtc::ir
