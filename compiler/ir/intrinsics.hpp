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
/// The targets that have an instruction: sm_NN and newer; with `arch_specific` only the
/// arch-specific target sm_NNa (wgmma: sm_90a), and with `later_families` also the arch-specific
/// and family targets after it (setmaxnreg: sm_90a, sm_100a, sm_100f, sm_120a, ...). sm 0: every
/// supported target.
struct TargetNeed {
  unsigned sm = 0;
  bool arch_specific = false;
  bool later_families = false;
};
TargetNeed intrinsic_target_need(IntrinsicId id);
/// The PTX instruction's name for diagnostics ("cp.async"); "" for operations every supported
/// target has.
const char* intrinsic_instruction(IntrinsicId id);
/// "" when `arch` (--arch, "sm_90a") has the instruction, else the diagnostic's text:
/// "cp.async needs --arch sm_80 or newer (the target is sm_75)",
/// "setmaxnreg needs --arch sm_90a or a later arch-specific target such as sm_100a (the target
/// is sm_90)".
std::string intrinsic_target_error(IntrinsicId id, std::string_view arch);

/// The SM version of an --arch ("sm_90a" -> 90, "sm_120f" -> 120); 0 when it names none.
unsigned sm_version(std::string_view arch);
std::optional<IntrinsicId> intrinsic_from_name(std::string_view name);

/// Checks the operand and result types of a call to `id`. Returns an empty string when they
/// are valid, otherwise what is wrong ("math.sqrt expects one f32 or f64 operand").
std::string check_intrinsic_signature(IntrinsicId id, Type result, std::span<const Type> operands);

namespace detail {
/// check_intrinsic_signature for the Hopper intrinsics (MbarrierInit ... ClusterStore),
/// intrinsics_hopper.cpp.
std::string check_hopper_signature(IntrinsicId id, Type result, std::span<const Type> operands);
}  // namespace detail

}  // namespace simtc::ir
