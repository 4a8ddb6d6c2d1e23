// Operand and result types of the Hopper intrinsics (intrinsics.def: MbarrierInit ...
// ClusterStore): mbarrier, TMA, bulk groups, elect.sync, setmaxnreg, wgmma, clusters.
#include "ir/intrinsics.hpp"

namespace simtc::ir::detail {
namespace {

bool all_i32(std::span<const Type> ops, std::size_t from) {
  for (std::size_t i = from; i < ops.size(); ++i)
    if (ops[i] != Type::i32()) return false;
  return true;
}

bool is_word(Type t) {
  return t == Type::i32() || t == Type::i64() || t == Type::f32() || t == Type::f64();
}

}  // namespace

std::string check_hopper_signature(IntrinsicId id, Type result, std::span<const Type> ops) {
  using I = IntrinsicId;
  const std::string name = intrinsic_name(id);
  const Type i32 = Type::i32(), i64 = Type::i64();
  const bool void_result = result.is_void();
  if (id >= I::ClusterCtaRank && id <= I::NclusterIdZ) {
    if (ops.empty() && result == i32) return "";
    return name + " takes no operands and returns i32";
  }
  switch (id) {
    case I::MbarrierInit:
      if (ops.size() == 2 && ops[0].is_ptr() && ops[1] == i32 && void_result) return "";
      return name + " expects (ptr bar, i32 count) and returns void";
    case I::MbarrierInitFence:
    case I::FenceProxyAsyncShared:
    case I::BulkCommit:
      if (ops.empty() && void_result) return "";
      return name + " takes no operands and returns void";
    case I::MbarrierArrive:
      if (ops.size() == 1 && ops[0].is_ptr() && result == i64) return "";
      return name + " expects (ptr bar) and returns i64";
    case I::MbarrierArriveExpectTx:
      if (ops.size() == 2 && ops[0].is_ptr() && ops[1] == i32 && result == i64) return "";
      return name + " expects (ptr bar, i32 bytes) and returns i64";
    case I::MbarrierArriveCluster:
      if (ops.size() == 2 && ops[0].is_ptr() && ops[1] == i32 && void_result) return "";
      return name + " expects (ptr bar, i32 rank) and returns void";
    case I::MbarrierTryWait:
      if (ops.size() == 2 && ops[0].is_ptr() && ops[1] == i64 && result == Type::i1()) return "";
      return name + " expects (ptr bar, i64 state) and returns i1";
    case I::MbarrierTryWaitParity:
      if (ops.size() == 2 && ops[0].is_ptr() && ops[1] == i32 && result == Type::i1()) return "";
      return name + " expects (ptr bar, i32 parity) and returns i1";
    case I::TmaLoad:
      if (ops.size() >= 4 && ops.size() <= 8 && ops[0].is_ptr() && ops[1].is_ptr() && ops[2].is_ptr() &&
          all_i32(ops, 3) && void_result)
        return "";
      return name + " expects (ptr dst, ptr bar, ptr tensor map, 1 to 5 i32 coordinates) and returns void";
    case I::TmaLoadMulticast:
      if (ops.size() >= 5 && ops.size() <= 9 && ops[0].is_ptr() && ops[1].is_ptr() && ops[2].is_ptr() &&
          all_i32(ops, 3) && void_result)
        return "";
      return name +
             " expects (ptr dst, ptr bar, ptr tensor map, i32 cta mask, 1 to 5 i32 coordinates) and returns void";
    case I::TmaStore:
      if (ops.size() >= 3 && ops.size() <= 7 && ops[0].is_ptr() && ops[1].is_ptr() && all_i32(ops, 2) &&
          void_result)
        return "";
      return name + " expects (ptr src, ptr tensor map, 1 to 5 i32 coordinates) and returns void";
    case I::BulkWait:
    case I::BulkWaitRead:
    case I::SetMaxNRegInc:
    case I::SetMaxNRegDec:
      if (ops.size() == 1 && ops[0] == i32 && void_result) return "";
      return name + " expects one i32 operand and returns void";
    case I::ElectSync:
      if (ops.size() == 1 && ops[0] == i32 && result == Type::i1()) return "";
      return name + " expects (i32 mask) and returns i1";
    case I::WgmmaFence:
    case I::WgmmaCommit:
    case I::ClusterArrive:
    case I::ClusterArriveRelaxed:
    case I::ClusterWait:
      if (ops.empty() && void_result) return "";
      return name + " takes no operands and returns void";
    case I::WgmmaWait:
      if (ops.size() == 1 && ops[0] == i32 && void_result) return "";
      return name + " expects one i32 operand and returns void";
    case I::WgmmaF16:
    case I::WgmmaBF16:
      if (ops.size() == 7 && ops[0].is_ptr() && ops[1] == i64 && ops[2] == i64 && ops[3] == Type::i1() &&
          all_i32(ops, 4) && void_result)
        return "";
      return name + " expects (ptr acc, i64 desc a, i64 desc b, i1 scale_d, i32 n, i32 tnsp_a, i32 tnsp_b) and returns void";
    case I::WgmmaRsF16:
    case I::WgmmaRsBF16:
      if (ops.size() == 6 && ops[0].is_ptr() && ops[1] == Type::vec(i32, 4) && ops[2] == i64 &&
          ops[3] == Type::i1() && all_i32(ops, 4) && void_result)
        return "";
      return name + " expects (ptr acc, <4 x i32> a, i64 desc b, i1 scale_d, i32 n, i32 tnsp_b) and returns void";
    case I::WgmmaFenceOperand:
      if (ops.size() == 2 && ops[0].is_ptr() && ops[1] == i32 && void_result) return "";
      return name + " expects (ptr acc, i32 count) and returns void";
    case I::SharedAddress:
      if (ops.size() == 1 && ops[0].is_ptr() && result == i32) return "";
      return name + " expects (ptr) and returns i32";
    case I::ClusterMapShared:
      if (ops.size() == 2 && ops[0].is_ptr() && ops[1] == i32 && result == i32) return "";
      return name + " expects (ptr, i32 rank) and returns i32";
    case I::ClusterLoad:
      if (ops.size() == 2 && ops[0].is_ptr() && ops[1] == i32 && is_word(result)) return "";
      return name + " expects (ptr, i32 rank) and returns i32, i64, f32 or f64";
    case I::ClusterStore:
      if (ops.size() == 3 && ops[0].is_ptr() && ops[1] == i32 && is_word(ops[2]) && void_result) return "";
      return name + " expects (ptr, i32 rank, i32|i64|f32|f64 value) and returns void";
    default:
      return "no signature rule for intrinsic " + name;
  }
}

}  // namespace simtc::ir::detail
