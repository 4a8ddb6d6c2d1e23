#include "ir/intrinsics.hpp"

#include <array>

namespace simtc::ir {
namespace {

struct IntrinsicInfo {
  const char* name;
  std::uint8_t flags;
};

constexpr IntrinsicInfo kIntrinsics[] = {
#define SIMT_INTRINSIC(Enum, Name, Flags) {Name, static_cast<std::uint8_t>(Flags)},
#include "ir/intrinsics.def"
#undef SIMT_INTRINSIC
};

constexpr std::size_t kCount = sizeof(kIntrinsics) / sizeof(kIntrinsics[0]);

bool in(IntrinsicId id, IntrinsicId first, IntrinsicId last) {
  return id >= first && id <= last;
}
bool is_f32_or_f64(Type t) { return t == Type::f32() || t == Type::f64(); }
bool is_i32_or_i64(Type t) { return t == Type::i32() || t == Type::i64(); }

// n operands, all equal to `result`, and `result` accepted by `ok`.
bool all_of_result(Type result, std::span<const Type> operands, std::size_t n,
                   bool (*ok)(Type)) {
  if (!ok(result) || operands.size() != n) return false;
  for (Type t : operands)
    if (t != result) return false;
  return true;
}

}  // namespace

const char* intrinsic_name(IntrinsicId id) {
  auto i = static_cast<std::size_t>(id);
  return i < kCount ? kIntrinsics[i].name : "<bad intrinsic>";
}

std::uint8_t intrinsic_flags(IntrinsicId id) {
  auto i = static_cast<std::size_t>(id);
  return i < kCount ? kIntrinsics[i].flags : 0;
}

std::optional<IntrinsicId> intrinsic_from_name(std::string_view name) {
  for (std::size_t i = 0; i < kCount; ++i)
    if (name == kIntrinsics[i].name) return static_cast<IntrinsicId>(i);
  return std::nullopt;
}

std::string check_intrinsic_signature(IntrinsicId id, Type result,
                                      std::span<const Type> operands) {
  using I = IntrinsicId;
  if (static_cast<std::size_t>(id) >= kCount) return "unknown intrinsic";
  const std::string name = intrinsic_name(id);
  if (in(id, I::TidX, I::WarpSize)) {
    if (operands.empty() && result == Type::i32()) return "";
    return name + " takes no operands and returns i32";
  }
  if (id == I::Trap) {
    if (operands.empty() && result.is_void()) return "";
    return name + " takes no operands and returns void";
  }
  if (in(id, I::Sqrt, I::Rint)) {
    if (all_of_result(result, operands, 1, is_f32_or_f64)) return "";
    return name + " expects one f32 or f64 operand of the result type";
  }
  if (in(id, I::Atan2, I::Copysign)) {
    if (all_of_result(result, operands, 2, is_f32_or_f64)) return "";
    return name + " expects two f32 or f64 operands of the result type";
  }
  if (id == I::Fma) {
    if (all_of_result(result, operands, 3, is_f32_or_f64)) return "";
    return name + " expects three f32 or f64 operands of the result type";
  }
  if (in(id, I::IsNan, I::IsFinite)) {
    if (operands.size() == 1 && is_f32_or_f64(operands[0]) && result == Type::i1()) return "";
    return name + " expects one f32 or f64 operand and returns i1";
  }
  if (in(id, I::Popc, I::Ffs)) {
    if (operands.size() == 1 && is_i32_or_i64(operands[0]) && result == Type::i32()) return "";
    return name + " expects one i32 or i64 operand and returns i32";
  }
  if (id == I::Brev || id == I::Abs) {
    if (all_of_result(result, operands, 1, is_i32_or_i64)) return "";
    return name + " expects one i32 or i64 operand of the result type";
  }
  if (in(id, I::SMin, I::MulHiU)) {
    if (all_of_result(result, operands, 2, is_i32_or_i64)) return "";
    return name + " expects two i32 or i64 operands of the result type";
  }
  return "no signature rule for intrinsic " + name;
}

}  // namespace simtc::ir
