// How a kernel's C++ parameters map onto its IR (= PTX) parameters. The driver uses it to
// generate the typed host launcher; codegen does not need it.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ir/type.hpp"

namespace simtc::ir {

struct KernelParam {
  enum class Kind {
    Scalar,         // one IR param of the scalar's type
    Slice,          // simt::Slice<const T>: two IR params, data (ptr.global) and size (i64)
    DisjointSlice,  // simt::DisjointSlice<T>: two IR params, data (ptr.global) and size (i64)
    Struct,         // a trivially copyable struct of scalars, one IR param per scalar leaf
    AtomicSlice,    // simt::AtomicSlice<T>: two IR params, data (ptr.global) and size (i64)
    TensorMap,      // simt::TensorMap<T, Box...>: one grid_constant IR param, a ptr to its 128 bytes
  };

  std::string name;       // the C++ parameter name
  Kind kind = Kind::Scalar;
  /// The host C++ spelling of the scalar, element or struct type ("float", "std::uint32_t",
  /// "simt::half", "ns::Params").
  std::string host_type;
  /// TensorMap only: the box its copies move, innermost dimension first (1 to 5 entries).
  std::vector<std::uint32_t> box;
  unsigned first_ir_param = 0;  // index of its first IR parameter
  unsigned ir_param_count = 1;
  /// Struct only: one access path per leaf, parallel to the IR params ("a", "pos.x", "w[2]").
  std::vector<std::string> leaf_paths;
  /// Struct only: the host spelling of each leaf's type, parallel to leaf_paths.
  std::vector<std::string> leaf_types;
  /// DisjointSlice<T, simt::space::RuntimeRows> only: a third IR param after data and size,
  /// the row width (i64), which the host passes with the buffer.
  bool has_row_width = false;
  /// DisjointSlice only: its index space as C++ spells it when not the default Linear
  /// ("simt::space::Rows<64>"); empty otherwise.
  std::string index_space;
  /// C++ for the generated header before its launchers: for a struct the kernel file defines,
  /// definitions of it and of the structs it nests, innermost first (the header cannot include
  /// the kernel file); for one a user header declares, a check of its layout.
  std::vector<std::string> host_definitions;
  /// The user headers that declare the struct or element type, for the generated header to
  /// include, so that its launchers take the user's own type (absolute paths).
  std::vector<std::string> host_includes;
  /// The parameter's type as host code declares the kernel ("unsigned int",
  /// "simt::DisjointSlice<float, simt::space::Linear>"); empty when host code cannot name it
  /// (a type the kernel file itself defines).
  std::string declared_type;
};

/// A kernel's launch contract ([[simt::block]], [[simt::requires]], ...; docs/safety-model.md).
/// The header generator turns it into prepare_<kernel>() and a checked <kernel>() launcher; the
/// block shape or bound also becomes the function's LaunchBounds.
struct KernelContract {
  /// A value the host supplies to the requirements: a scalar argument ("n"), a slice's element
  /// count ("x.size()"), a RuntimeRows slice's row width ("out.row_width()") or the address of a
  /// slice's first element in bytes ("x.address()").
  struct Operand {
    enum class What { Value, Size, RowWidth, Address };
    std::string param;
    What what = What::Value;
    std::string spelling;  // as written: "x.size()"
  };
  /// One step of a requirement side in postfix order, evaluated in checked 64-bit arithmetic.
  struct Term {
    enum class Op { Operand, Literal, Add, Sub, Mul, Rem };  // Rem: by a literal above zero
    Op op = Op::Literal;
    std::uint64_t value = 0;  // Operand: index into operands; Literal: the value
  };
  enum class Compare { Lt, Le, Gt, Ge, Eq, Ne };
  struct Requirement {
    std::string text;  // as written: "x.size() >= n"
    std::vector<Term> lhs, rhs;
    Compare compare = Compare::Ge;
  };

  bool present = false;  // false: no contract; the kernel gets only <kernel>_unchecked
  std::optional<std::array<std::uint32_t, 3>> block;  // exact block shape
  std::optional<std::uint32_t> max_threads;           // most threads per block
  std::optional<std::uint32_t> min_blocks_per_sm;
  std::optional<std::pair<std::uint32_t, std::uint32_t>> dynamic_shared;  // [min, max] bytes
  std::optional<std::uint32_t> min_arch;  // compute capability, major * 10 + minor
  std::optional<std::array<std::uint32_t, 3>> cluster;  // blocks per cluster
  std::vector<Operand> operands;
  std::vector<Requirement> requirements;
};

struct KernelSignature {
  std::string cpp_name;  // the kernel's C++ name as the user writes it ("saxpy", "scale<float>")
  /// The kernel as host code calls it ("::saxpy", "::ns::scale") when host code can declare it
  /// (every parameter type nameable there, not a template or member): the generated header's
  /// CPU launcher. Empty otherwise.
  std::string host_name;
  std::vector<KernelParam> params;
  KernelContract contract;
};

/// The IR parameter that holds an integer operand of a requirement (a scalar, a slice's size
/// or its row width), or nothing (an address, or no such parameter). Codegen states the
/// requirements to LLVM through it and the race rules to their solver.
inline std::optional<unsigned> requirement_param(const KernelSignature& sig, const KernelContract::Operand& op) {
  for (const KernelParam& p : sig.params) {
    if (p.name != op.param) continue;
    switch (op.what) {
      case KernelContract::Operand::What::Value:
        if (p.kind != KernelParam::Kind::Scalar) return std::nullopt;
        return p.first_ir_param;
      case KernelContract::Operand::What::Size:
        if (p.ir_param_count < 2) return std::nullopt;
        return p.first_ir_param + 1;
      case KernelContract::Operand::What::RowWidth:
        if (!p.has_row_width) return std::nullopt;
        return p.first_ir_param + 2;
      case KernelContract::Operand::What::Address: return std::nullopt;  // a pointer
    }
  }
  return std::nullopt;
}

}  // namespace simtc::ir
