// How a kernel's C++ parameters map onto its IR (= PTX) parameters. The driver uses it to
// generate the typed host launcher; codegen does not need it.
#pragma once

#include <string>
#include <vector>

#include "ir/type.hpp"

namespace simtc::ir {

struct KernelParam {
  enum class Kind {
    Scalar,         // one IR param of the scalar's type
    Slice,          // simt::Slice<const T>: two IR params, data (ptr.global) and size (i64)
    DisjointSlice,  // simt::DisjointSlice<T>: two IR params, data (ptr.global) and size (i64)
    Struct,         // a trivially copyable struct of scalars, one IR param per scalar leaf
  };

  std::string name;       // the C++ parameter name
  Kind kind = Kind::Scalar;
  /// The host C++ spelling of the scalar, element or struct type ("float", "std::uint32_t",
  /// "simt::half", "ns::Params").
  std::string host_type;
  unsigned first_ir_param = 0;  // index of its first IR parameter
  unsigned ir_param_count = 1;
  /// Struct only: one access path per leaf, parallel to the IR params ("a", "pos.x", "w[2]").
  std::vector<std::string> leaf_paths;
  /// Struct only: the host spelling of each leaf's type, parallel to leaf_paths.
  std::vector<std::string> leaf_types;
  /// Struct only: C++ definitions of the struct and the structs it nests, innermost first,
  /// for the generated header (which cannot include the kernel file).
  std::vector<std::string> host_definitions;
};

struct KernelSignature {
  std::string cpp_name;  // the kernel's C++ name as the user writes it ("saxpy", "scale<float>")
  std::vector<KernelParam> params;
};

}  // namespace simtc::ir
