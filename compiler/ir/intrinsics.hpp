// The intrinsic table (see intrinsics.def for the list and what each flag means).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "ir/type.hpp"

namespace simtc::ir {

enum IntrinsicFlags : std::uint8_t {
  Pure = 1,
  Convergent = 2,
  SideEffects = 4,
  NoReturn = 8,
  // Collectives (Convergent ones that groups of threads execute together; the analysis rules
  // read these bits): every thread of the block must reach it ...
  BlockCollective = 16,
  // ... every lane of the member mask must reach it (the whole warp when it has no mask) ...
  WarpCollective = 32,
  // ... and operand 0 is that i32 member mask.
  MaskOperand = 64,
};

enum class IntrinsicId : std::uint16_t {
#define SIMT_INTRINSIC(Enum, Name, Flags) Enum,
#include "ir/intrinsics.def"
#undef SIMT_INTRINSIC
};

const char* intrinsic_name(IntrinsicId id);                           // "tid.x"
std::uint8_t intrinsic_flags(IntrinsicId id);                         // IntrinsicFlags bits
/// The oldest architecture (sm_NN as NN) that has the instruction, and the PTX instruction's
/// name for diagnostics ("cp.async"); 0 and "" for operations every supported target has.
unsigned intrinsic_min_sm(IntrinsicId id);
const char* intrinsic_instruction(IntrinsicId id);
std::optional<IntrinsicId> intrinsic_from_name(std::string_view name);

/// Checks the operand and result types of a call to `id`. Returns an empty string when they
/// are valid, otherwise what is wrong ("math.sqrt expects one f32 or f64 operand").
std::string check_intrinsic_signature(IntrinsicId id, Type result, std::span<const Type> operands);

}  // namespace simtc::ir
