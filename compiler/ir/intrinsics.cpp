#include "ir/intrinsics.hpp"

#include <algorithm>
#include <array>
#include <initializer_list>

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

// The device API's intrinsics (barriers ... tensor cores): "" when the types fit, else why not.
std::string check_device_api(IntrinsicId id, Type result, std::span<const Type> ops);

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
  if (id == I::BoundsFail) {
    if (operands.size() == 2 && operands[0] == Type::i64() && operands[1] == Type::i64() && result.is_void())
      return "";
    return name + " expects (i64 index, i64 size) and returns void";
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
  if (in(id, I::BarrierSync, I::PackF16x2)) return check_device_api(id, result, operands);
  if (in(id, I::MbarrierInit, I::ClusterStore)) return detail::check_hopper_signature(id, result, operands);
  // The kernel language's printf and assert.
  if (id == I::Printf) {
    if (operands.size() == 2 && operands[0].is_ptr() && operands[1].is_ptr() && result == Type::i32())
      return "";
    return name + " expects (ptr format, ptr arguments) and returns i32";
  }
  if (id == I::AssertFail) {
    if (operands.size() == 4 && operands[0].is_ptr() && operands[1].is_ptr() &&
        operands[2] == Type::i32() && operands[3].is_ptr() && result.is_void())
      return "";
    return name + " expects (ptr message, ptr file, i32 line, ptr function) and returns void";
  }
  return "no signature rule for intrinsic " + name;
}

namespace {

bool is_word(Type t) { return is_i32_or_i64(t) || is_f32_or_f64(t); }  // i32 i64 f32 f64
// The values of one cache-hinted global access: a word, two words or four 32-bit words.
bool is_hinted_value(Type t) {
  const Type e = t.element();
  return is_word(e) && (t.lanes() == 1 || t.lanes() == 2 || (t.lanes() == 4 && e.element_bits() == 32));
}
constexpr const char* kHintedValues = "i32, i64, f32, f64, <2 x i32|i64|f32|f64> or <4 x i32|f32>";
bool is_i32(Type t) { return t == Type::i32(); }

std::string check_device_api(IntrinsicId id, Type result, std::span<const Type> ops) {
  using I = IntrinsicId;
  const std::string name = intrinsic_name(id);
  auto shape = [&](std::initializer_list<Type> want, Type ret) {
    return ops.size() == want.size() && std::equal(ops.begin(), ops.end(), want.begin()) && result == ret;
  };
  const Type i1 = Type::i1(), i32 = Type::i32(), i64 = Type::i64(), ptr_t = ops.empty() ? Type() : ops[0];
  switch (id) {
    case I::BarrierSync:
    case I::FenceBlock:
    case I::FenceDevice:
    case I::FenceSystem:
    case I::AsyncCommit:
    case I::AsyncWaitAll:
      if (shape({}, Type::void_())) return "";
      return name + " takes no operands and returns void";
    case I::BarrierPopc:
      if (shape({i1}, i32)) return "";
      return name + " expects one i1 operand and returns i32";
    case I::BarrierAnd:
    case I::BarrierOr:
      if (shape({i1}, i1)) return "";
      return name + " expects one i1 operand and returns i1";
    case I::WarpSync:
    case I::Nanosleep:
    case I::AsyncWait:
      if (shape({i32}, Type::void_())) return "";
      return name + " expects one i32 operand and returns void";
    case I::ActiveMask:
    case I::Clock:
    case I::DynamicSharedSize:
      if (shape({}, i32)) return "";
      return name + " takes no operands and returns i32";
    case I::Clock64:
    case I::GlobalTimer:
      if (shape({}, i64)) return "";
      return name + " takes no operands and returns i64";
    case I::ShflIdx:
    case I::ShflUp:
    case I::ShflDown:
    case I::ShflXor:
      if (ops.size() == 4 && is_i32(ops[0]) && is_word(ops[1]) && result == ops[1] && is_i32(ops[2]) &&
          is_i32(ops[3]))
        return "";
      return name + " expects (i32 mask, T value, i32 lane, i32 width) with T i32, i64, f32 or f64, "
                    "and returns T";
    case I::VoteAny:
    case I::VoteAll:
      if (shape({i32, i1}, i1)) return "";
      return name + " expects (i32 mask, i1) and returns i1";
    case I::VoteBallot:
      if (shape({i32, i1}, i32)) return "";
      return name + " expects (i32 mask, i1) and returns i32";
    case I::MatchAny:
    case I::MatchAll:
      if (ops.size() == 2 && is_i32(ops[0]) && is_i32_or_i64(ops[1]) && result == i32) return "";
      return name + " expects (i32 mask, i32 or i64 value) and returns i32";
    case I::ReduxAdd: case I::ReduxSMin: case I::ReduxUMin: case I::ReduxSMax: case I::ReduxUMax:
    case I::ReduxAnd: case I::ReduxOr: case I::ReduxXor:
      if (shape({i32, i32}, i32)) return "";
      return name + " expects (i32 mask, i32 value) and returns i32";
    case I::AtomicAdd: case I::AtomicSub: case I::AtomicExch: case I::AtomicSMin: case I::AtomicSMax:
    case I::AtomicUMin: case I::AtomicUMax: case I::AtomicFMin: case I::AtomicFMax: case I::AtomicAnd:
    case I::AtomicOr: case I::AtomicXor: {
      bool any_word = id == I::AtomicAdd || id == I::AtomicSub || id == I::AtomicExch;
      bool floats = id == I::AtomicFMin || id == I::AtomicFMax;
      bool (*ok)(Type) = any_word ? is_word : floats ? is_f32_or_f64 : is_i32_or_i64;
      if (ops.size() == 4 && ptr_t.is_ptr() && ok(ops[1]) && result == ops[1] && is_i32(ops[2]) &&
          is_i32(ops[3]))
        return "";
      return name + " expects (ptr, T value, i32 order, i32 scope) and returns T, with T " +
             (any_word ? "i32, i64, f32 or f64" : floats ? "f32 or f64" : "i32 or i64");
    }
    case I::AtomicCas:
      if (ops.size() == 5 && ptr_t.is_ptr() && is_word(ops[1]) && ops[2] == ops[1] && result == ops[1] &&
          is_i32(ops[3]) && is_i32(ops[4]))
        return "";
      return name + " expects (ptr, T expected, T desired, i32 order, i32 scope) and returns T, with T "
                    "i32, i64, f32 or f64";
    case I::AtomicLoad:
      if (ops.size() == 3 && ptr_t.is_ptr() && is_word(result) && is_i32(ops[1]) && is_i32(ops[2])) return "";
      return name + " expects (ptr, i32 order, i32 scope) and returns i32, i64, f32 or f64";
    case I::AtomicStore:
      if (ops.size() == 4 && ptr_t.is_ptr() && is_word(ops[1]) && is_i32(ops[2]) && is_i32(ops[3]) &&
          result.is_void())
        return "";
      return name + " expects (ptr, T value, i32 order, i32 scope) with T i32, i64, f32 or f64, and "
                    "returns void";
    case I::GlobalLoad:
      if (ops.size() == 2 && ptr_t.is_ptr() && is_hinted_value(result) && is_i32(ops[1])) return "";
      return name + " expects (ptr, i32 policy) and returns " + kHintedValues;
    case I::GlobalStore:
      if (ops.size() == 3 && ptr_t.is_ptr() && is_hinted_value(ops[1]) && is_i32(ops[2]) && result.is_void())
        return "";
      return name + " expects (ptr, T value, i32 policy) and returns void, with T " + kHintedValues;
    case I::AsyncCopy4: case I::AsyncCopy8: case I::AsyncCopy16: case I::AsyncCopy16Cg:
      if (ops.size() == 3 && ops[0].is_ptr() && ops[1].is_ptr() && is_i32(ops[2]) && result.is_void())
        return "";
      return name + " expects (ptr dst, ptr src, i32 src_bytes) and returns void";
    case I::LdMatrixX1: case I::LdMatrixX2: case I::LdMatrixX4:
    case I::LdMatrixX1Trans: case I::LdMatrixX2Trans: case I::LdMatrixX4Trans: {
      unsigned lanes = (id == I::LdMatrixX1 || id == I::LdMatrixX1Trans) ? 1
                       : (id == I::LdMatrixX2 || id == I::LdMatrixX2Trans) ? 2 : 4;
      Type want = lanes == 1 ? i32 : Type::vec(i32, lanes);
      if (ops.size() == 1 && ops[0].is_ptr() && result == want) return "";
      return name + " expects one ptr operand and returns " + want.str();
    }
    case I::StMatrixX1: case I::StMatrixX2: case I::StMatrixX4:
    case I::StMatrixX1Trans: case I::StMatrixX2Trans: case I::StMatrixX4Trans: {
      unsigned regs = (id == I::StMatrixX1 || id == I::StMatrixX1Trans) ? 1
                      : (id == I::StMatrixX2 || id == I::StMatrixX2Trans) ? 2 : 4;
      Type want = regs == 1 ? i32 : Type::vec(i32, regs);
      if (ops.size() == 2 && ops[0].is_ptr() && ops[1] == want && result.is_void()) return "";
      return name + " expects (ptr, " + want.str() + ") and returns void";
    }
    case I::MmaF16:
    case I::MmaBF16: {
      Type f32x4 = Type::vec(Type::f32(), 4);
      if (shape({Type::vec(i32, 4), Type::vec(i32, 2), f32x4}, f32x4)) return "";
      return name + " expects (<4 x i32> a, <2 x i32> b, <4 x f32> c) and returns <4 x f32>";
    }
    case I::PackBF16x2:
    case I::PackF16x2:
      if (shape({Type::f32(), Type::f32()}, i32)) return "";
      return name + " expects (f32 lo, f32 hi) and returns i32";
    default:
      return "no signature rule for intrinsic " + name;
  }
}

}  // namespace

TargetNeed intrinsic_target_need(IntrinsicId id) {
  using I = IntrinsicId;
  switch (id) {
    case I::MbarrierInit: case I::MbarrierArrive:
      return {80, false};
    case I::MbarrierInitFence: case I::MbarrierArriveExpectTx: case I::MbarrierTryWait:
    case I::MbarrierTryWaitParity: case I::FenceProxyAsyncShared: case I::TmaLoad: case I::TmaStore:
    case I::MbarrierArriveCluster: case I::TmaLoadMulticast:
    case I::BulkCommit: case I::BulkWait: case I::BulkWaitRead: case I::ElectSync:
    case I::StMatrixX1: case I::StMatrixX2: case I::StMatrixX4:
    case I::StMatrixX1Trans: case I::StMatrixX2Trans: case I::StMatrixX4Trans:
      return {90, false};
    case I::SetMaxNRegInc: case I::SetMaxNRegDec:
      return {90, true, true};
    case I::WgmmaFence: case I::WgmmaCommit: case I::WgmmaWait: case I::WgmmaF16: case I::WgmmaBF16:
    case I::WgmmaRsF16: case I::WgmmaRsBF16:
      return {90, true};
    case I::ClusterCtaRank: case I::ClusterNctaRank: case I::ClusterCtaIdX: case I::ClusterCtaIdY:
    case I::ClusterCtaIdZ: case I::ClusterNctaIdX: case I::ClusterNctaIdY: case I::ClusterNctaIdZ:
    case I::ClusterIdX: case I::ClusterIdY: case I::ClusterIdZ: case I::NclusterIdX: case I::NclusterIdY:
    case I::NclusterIdZ: case I::ClusterArrive: case I::ClusterArriveRelaxed: case I::ClusterWait:
    case I::ClusterMapShared: case I::ClusterLoad: case I::ClusterStore:
      return {90, false};
    default:
      return {*intrinsic_instruction(id) != 0 ? 80u : 0u, false};
  }
}

const char* intrinsic_instruction(IntrinsicId id) {
  using I = IntrinsicId;
  switch (id) {
    case I::ReduxAdd: case I::ReduxSMin: case I::ReduxUMin: case I::ReduxSMax: case I::ReduxUMax:
    case I::ReduxAnd: case I::ReduxOr: case I::ReduxXor:
      return "redux.sync";
    case I::AsyncCopy4: case I::AsyncCopy8: case I::AsyncCopy16: case I::AsyncCopy16Cg:
    case I::AsyncCommit: case I::AsyncWait: case I::AsyncWaitAll:
      return "cp.async";
    case I::MmaF16: case I::MmaBF16:
      return "mma.sync.m16n8k16";
    case I::StMatrixX1: case I::StMatrixX2: case I::StMatrixX4:
    case I::StMatrixX1Trans: case I::StMatrixX2Trans: case I::StMatrixX4Trans:
      return "stmatrix";
    case I::PackBF16x2: return "cvt.rn.bf16x2.f32";
    case I::PackF16x2: return "cvt.rn.f16x2.f32";
    case I::MbarrierInit: return "mbarrier.init";
    case I::MbarrierInitFence: return "fence.mbarrier_init";
    case I::MbarrierArrive: return "mbarrier.arrive";
    case I::MbarrierArriveExpectTx: return "mbarrier.arrive.expect_tx";
    case I::MbarrierTryWait: return "mbarrier.try_wait";
    case I::MbarrierTryWaitParity: return "mbarrier.try_wait.parity";
    case I::FenceProxyAsyncShared: return "fence.proxy.async";
    case I::TmaLoad: case I::TmaLoadMulticast: case I::TmaStore: return "cp.async.bulk.tensor";
    case I::MbarrierArriveCluster: return "mbarrier.arrive.release.cluster.shared::cluster";
    case I::BulkCommit: case I::BulkWait: case I::BulkWaitRead: return "cp.async.bulk";
    case I::ElectSync: return "elect.sync";
    case I::SetMaxNRegInc: case I::SetMaxNRegDec: return "setmaxnreg";
    case I::WgmmaFence: return "wgmma.fence";
    case I::WgmmaCommit: return "wgmma.commit_group";
    case I::WgmmaWait: return "wgmma.wait_group";
    case I::WgmmaF16: case I::WgmmaBF16: case I::WgmmaRsF16: case I::WgmmaRsBF16: return "wgmma.mma_async";
    case I::ClusterCtaRank: return "%cluster_ctarank";
    case I::ClusterNctaRank: return "%cluster_nctarank";
    case I::ClusterCtaIdX: case I::ClusterCtaIdY: case I::ClusterCtaIdZ: return "%cluster_ctaid";
    case I::ClusterNctaIdX: case I::ClusterNctaIdY: case I::ClusterNctaIdZ: return "%cluster_nctaid";
    case I::ClusterIdX: case I::ClusterIdY: case I::ClusterIdZ: return "%clusterid";
    case I::NclusterIdX: case I::NclusterIdY: case I::NclusterIdZ: return "%nclusterid";
    case I::ClusterArrive: case I::ClusterArriveRelaxed: case I::ClusterWait: return "barrier.cluster";
    case I::ClusterMapShared: return "mapa";
    case I::ClusterLoad: case I::ClusterStore: return "ld/st.shared::cluster";
    default:
      return "";
  }
}

unsigned sm_version(std::string_view arch) {
  if (arch.substr(0, 3) != "sm_") return 0;
  unsigned sm = 0;
  for (std::size_t i = 3; i < arch.size() && arch[i] >= '0' && arch[i] <= '9'; ++i) sm = sm * 10 + unsigned(arch[i] - '0');
  return sm;
}

std::string intrinsic_target_error(IntrinsicId id, std::string_view arch) {
  const TargetNeed need = intrinsic_target_need(id);
  if (need.sm == 0) return "";
  // "sm_90a" -> 90 and 'a'; an arch simtc does not know is the command line's error.
  std::string_view rest = arch;
  if (rest.substr(0, 3) != "sm_") return "";
  rest.remove_prefix(3);
  unsigned sm = 0;
  while (!rest.empty() && rest.front() >= '0' && rest.front() <= '9') {
    sm = sm * 10 + unsigned(rest.front() - '0');
    rest.remove_prefix(1);
  }
  if (sm == 0) return "";
  const bool specific = rest == "a" || rest == "f";
  const bool ok = !need.arch_specific ? sm >= need.sm
                                      : (sm == need.sm && rest == "a") || (need.later_families && specific && sm > need.sm);
  if (ok) return "";
  const std::string wanted = "sm_" + std::to_string(need.sm) +
                             (!need.arch_specific    ? " or newer"
                              : need.later_families ? "a or a later arch-specific target such as sm_100a"
                                                    : "a");
  return std::string(intrinsic_instruction(id)) + " needs --arch " + wanted + " (the target is " +
         std::string(arch) + ")";
}

}  // namespace simtc::ir
