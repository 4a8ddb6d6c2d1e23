// A kernel's launch contract, read from its simt attributes:
//   [[simt::block(x[, y[, z]])]]          exact block shape  (PTX .reqntid)
//   [[simt::max_threads(n)]]              at most n threads per block  (PTX .maxntid)
//   [[simt::min_blocks_per_sm(n)]]        compile for n resident blocks per SM  (PTX .minnctapersm)
//   [[simt::dynamic_shared([min,] max)]]  bytes of dynamic shared memory per block
//   [[simt::min_arch(cc)]]                lowest compute capability, e.g. 80 for sm_80
//   [[simt::cluster(x[, y[, z]])]]        blocks per thread block cluster  (PTX .reqnctapercluster)
//   [[simt::requires("rel", ...)]]        relations over slice sizes and unsigned scalars
// The checker reports what is wrong with them (simt-launch-contract); irgen carries a valid
// contract into the IR for the header generator.  [Clang in the .cpp only]
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <clang/Basic/SourceLocation.h>

#include "frontend/requires_expr.hpp"

namespace clang {
class ASTContext;
class FunctionDecl;
class Decl;
}  // namespace clang

namespace simtc::frontend {

struct LaunchContract {
  std::optional<std::array<std::uint32_t, 3>> block;
  std::optional<std::uint32_t> max_threads;
  std::optional<std::uint32_t> min_blocks_per_sm;
  std::optional<std::pair<std::uint32_t, std::uint32_t>> dynamic_shared;  // [min, max] bytes
  std::optional<std::uint32_t> min_arch;
  std::optional<std::array<std::uint32_t, 3>> cluster;
  std::vector<ParsedRequirement> requirements;
  std::vector<RequiresOperand> operands;  // what the requirements' Operand terms index
  bool requires_given = false;            // [[simt::requires]] present (even with no relation)

  /// True when the kernel declares any contract attribute: it then gets checked launches.
  bool present() const {
    return block || max_threads || min_blocks_per_sm || dynamic_shared || min_arch || cluster || requires_given;
  }
};

/// A problem with a contract attribute, at the attribute or inside its string.
struct ContractProblem {
  clang::SourceLocation loc;
  std::string message;
  clang::SourceLocation note_loc;  // invalid: no note
  std::string note;
};

/// Reads the contract attributes of `kernel`. Every problem is appended to `problems` (when
/// given) and the offending clause is left out of the result.
LaunchContract read_contract(clang::ASTContext& context, const clang::FunctionDecl& kernel,
                             std::vector<ContractProblem>* problems);

/// The name of the first contract attribute on `decl` ("simt::block"), or empty when none.
std::string first_contract_attribute(const clang::Decl& decl, clang::SourceLocation* where);

/// Annotation names of the contract attributes and of [[simt::unchecked_indexing]].
inline constexpr const char* kBlockAnnotation = "simt.block";
inline constexpr const char* kMaxThreadsAnnotation = "simt.max_threads";
inline constexpr const char* kMinBlocksAnnotation = "simt.min_blocks_per_sm";
inline constexpr const char* kDynamicSharedAnnotation = "simt.dynamic_shared";
inline constexpr const char* kMinArchAnnotation = "simt.min_arch";
inline constexpr const char* kClusterAnnotation = "simt.cluster";
inline constexpr const char* kRequiresAnnotation = "simt.requires";
inline constexpr const char* kUncheckedIndexingAnnotation = "simt.unchecked_indexing";

}  // namespace simtc::frontend
