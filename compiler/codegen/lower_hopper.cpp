// The Hopper intrinsics -> NVVM intrinsics, each of which NVPTX prints as one PTX instruction:
//   mbarrier.init             mbarrier.init.shared.b64 [bar], count
//   mbarrier.init_fence       fence.mbarrier_init.release.cluster
//   mbarrier.arrive           mbarrier.arrive.shared.b64 state, [bar]
//   mbarrier.arrive.expect_tx mbarrier.arrive.expect_tx.shared.b64 state, [bar], bytes
//   mbarrier.arrive.cluster   mapa.shared::cluster r, bar, rank;
//                             mbarrier.arrive.release.cluster.shared::cluster.b64 _, [r]
//   mbarrier.try_wait         mbarrier.try_wait.shared.b64 p, [bar], state
//   mbarrier.try_wait.parity  mbarrier.try_wait.parity.shared.b64 p, [bar], parity
//   fence.proxy.async.shared  fence.proxy.async.shared::cta
//   tma.load                  cp.async.bulk.tensor.Nd.shared::cluster.global.tile.mbarrier::complete_tx::bytes
//   tma.load.multicast        the same with .multicast::cluster and a 16-bit cta mask
//   tma.store                 cp.async.bulk.tensor.Nd.global.shared::cta.tile.bulk_group
//   tma.commit_group          cp.async.bulk.commit_group
//   tma.wait_group[.read]     cp.async.bulk.wait_group[.read] N
//   warp.elect                elect.sync r|p, mask
//   warpgroup.setmaxnreg.*    setmaxnreg.{inc,dec}.sync.aligned.u32 N
//   wgmma.fence               wgmma.fence.sync.aligned
//   wgmma.commit_group        wgmma.commit_group.sync.aligned
//   wgmma.wait_group          wgmma.wait_group.sync.aligned N
//   wgmma.mma_async.*         inline asm (lower_wgmma.cpp)
//   shared.address            cvta.to.shared (an addrspacecast, truncated to 32 bits)
//   cluster.* registers       mov.u32 r, %cluster_ctarank (%cluster_nctarank, %cluster_ctaid.x, ...)
//   cluster.arrive[.relaxed]  barrier.cluster.arrive[.relaxed].aligned
//   cluster.wait              barrier.cluster.wait.aligned
//   cluster.map_shared        mapa.shared::cluster.u64 r, addr, rank
//   cluster.load, .store      mapa.shared::cluster, then ld/st.shared::cluster
// (.shared is .shared::cta.) Pointers arrive generic and are converted to the window the
// instruction reads; the tensor map pointer is the kernel's grid-constant parameter, which NVPTX
// takes the generic address of (cvta.param).
#include "codegen/lower.hpp"

#include <iterator>
#include <optional>

#include <llvm/IR/Constants.h>
#include <llvm/IR/Intrinsics.h>
#include <llvm/IR/IntrinsicsNVPTX.h>

#include "support/ice.hpp"

namespace simtc::codegen::detail {
namespace {

using ir::IntrinsicId;
namespace N = llvm::Intrinsic;

constexpr unsigned kSharedSpace = 3;
constexpr unsigned kSharedClusterSpace = 7;

class HopperLowering : IntrinsicLowering {
 public:
  HopperLowering(ModuleState& s, llvm::IRBuilder<>& b, const ir::Instruction& inst, llvm::ArrayRef<llvm::Value*> args)
      : IntrinsicLowering(s, b, inst, args) {}

  llvm::Value* run() {
    using I = IntrinsicId;
    std::string error = ir::intrinsic_target_error(id_, s_.options.arch);
    if (!error.empty()) {  // the checker reports it first (simt-target); this covers IR input
      s_.diags.error(user_location(s_.ir, inst_), error + " [simt-target]");
      return inst_.type().is_void() ? nullptr : llvm::PoisonValue::get(s_.type(inst_.type()));
    }
    switch (id_) {
      case I::MbarrierInit: return call(N::nvvm_mbarrier_init_shared, {shared(args_[0]), args_[1]});
      case I::MbarrierInitFence: return call(N::nvvm_fence_mbarrier_init_release_cluster, {});
      case I::MbarrierArrive: return call(N::nvvm_mbarrier_arrive_shared, {shared(args_[0])});
      case I::MbarrierArriveExpectTx:
        return call(N::nvvm_mbarrier_arrive_expect_tx_scope_cta_space_cta, {shared(args_[0]), args_[1]});
      case I::MbarrierArriveCluster:
        return call(N::nvvm_mbarrier_arrive_scope_cluster_space_cluster, {map_shared(), b_.getInt32(1)});
      case I::MbarrierTryWait:
        return call(N::nvvm_mbarrier_try_wait_scope_cta_space_cta, {shared(args_[0]), args_[1]});
      case I::MbarrierTryWaitParity:
        return call(N::nvvm_mbarrier_try_wait_parity_scope_cta_space_cta, {shared(args_[0]), args_[1]});
      case I::FenceProxyAsyncShared: return call(N::nvvm_fence_proxy_async_shared_cta, {});
      case I::TmaLoad: return tma_load();
      case I::TmaLoadMulticast: return tma_load(true);
      case I::TmaStore: return tma_store();
      case I::BulkCommit: return call(N::nvvm_cp_async_bulk_commit_group, {});
      case I::BulkWait:
      case I::BulkWaitRead: {
        std::optional<std::uint64_t> n = constant(0, "group count", 0, 63);
        if (!n) return nullptr;
        return call(id_ == I::BulkWait ? N::nvvm_cp_async_bulk_wait_group : N::nvvm_cp_async_bulk_wait_group_read,
                    {b_.getInt32(std::uint32_t(*n))});
      }
      case I::ElectSync: return b_.CreateExtractValue(call(N::nvvm_elect_sync, {args_[0]}), 1);
      case I::SetMaxNRegInc:
      case I::SetMaxNRegDec: {
        std::optional<std::uint64_t> n = constant(0, "register count", 24, 256);
        if (!n) return nullptr;
        if (*n % 8 != 0) {
          s_.diags.error(user_location(s_.ir, inst_), "the register count of setmaxnreg must be a multiple of 8, got " +
                                                          std::to_string(*n));
          return nullptr;
        }
        return call(id_ == I::SetMaxNRegInc ? N::nvvm_setmaxnreg_inc_sync_aligned_u32
                                            : N::nvvm_setmaxnreg_dec_sync_aligned_u32,
                    {b_.getInt32(std::uint32_t(*n))});
      }
      case I::WgmmaFence: return call(N::nvvm_wgmma_fence_sync_aligned, {});
      case I::WgmmaCommit: return call(N::nvvm_wgmma_commit_group_sync_aligned, {});
      case I::WgmmaWait: {
        std::optional<std::uint64_t> n = constant(0, "group count", 0, 7);
        if (!n) return nullptr;
        return call(N::nvvm_wgmma_wait_group_sync_aligned, {b_.getInt64(*n)});
      }
      case I::WgmmaF16:
      case I::WgmmaBF16:
      case I::WgmmaRsF16:
      case I::WgmmaRsBF16:
      case I::WgmmaFenceOperand: return lower_wgmma(s_, b_, inst_, args_);
      case I::SharedAddress: return b_.CreatePtrToInt(shared(args_[0]), b_.getInt32Ty());
      case I::ClusterArrive: return call(N::nvvm_barrier_cluster_arrive_aligned, {});
      case I::ClusterArriveRelaxed: return call(N::nvvm_barrier_cluster_arrive_relaxed_aligned, {});
      case I::ClusterWait: return call(N::nvvm_barrier_cluster_wait_aligned, {});
      case I::ClusterMapShared: return b_.CreatePtrToInt(map_shared(), b_.getInt32Ty());
      case I::ClusterLoad: return b_.CreateLoad(s_.type(inst_.type()), map_shared());
      case I::ClusterStore:
        b_.CreateStore(args_[2], map_shared());
        return nullptr;
      default:
        if (id_ >= I::ClusterCtaRank && id_ <= I::NclusterIdZ) return cluster_register();
        SIMTC_ICE(std::string("no Hopper lowering for intrinsic ") + ir::intrinsic_name(id_));
    }
  }

 private:
  llvm::Value* call(llvm::Intrinsic::ID id, llvm::ArrayRef<llvm::Value*> args) {
    return b_.CreateIntrinsic(id, llvm::ArrayRef<llvm::Type*>{}, args);
  }
  llvm::Value* shared(llvm::Value* p) { return b_.CreateAddrSpaceCast(p, llvm::PointerType::get(s_.ctx, kSharedSpace)); }

  // Operand 0's variable in the shared memory of block args_[1] of the cluster.
  llvm::Value* map_shared() { return call(N::nvvm_mapa_shared_cluster, {shared(args_[0]), args_[1]}); }

  llvm::Value* cluster_register() {
    using I = IntrinsicId;
    static constexpr llvm::Intrinsic::ID kRegisters[] = {
        N::nvvm_read_ptx_sreg_cluster_ctarank,  N::nvvm_read_ptx_sreg_cluster_nctarank,
        N::nvvm_read_ptx_sreg_cluster_ctaid_x,  N::nvvm_read_ptx_sreg_cluster_ctaid_y,
        N::nvvm_read_ptx_sreg_cluster_ctaid_z,  N::nvvm_read_ptx_sreg_cluster_nctaid_x,
        N::nvvm_read_ptx_sreg_cluster_nctaid_y, N::nvvm_read_ptx_sreg_cluster_nctaid_z,
        N::nvvm_read_ptx_sreg_clusterid_x,      N::nvvm_read_ptx_sreg_clusterid_y,
        N::nvvm_read_ptx_sreg_clusterid_z,      N::nvvm_read_ptx_sreg_nclusterid_x,
        N::nvvm_read_ptx_sreg_nclusterid_y,     N::nvvm_read_ptx_sreg_nclusterid_z};
    static_assert(std::size(kRegisters) == std::size_t(I::NclusterIdZ) - std::size_t(I::ClusterCtaRank) + 1);
    return call(kRegisters[std::size_t(id_) - std::size_t(I::ClusterCtaRank)], {});
  }

  // g2s tile, rank 1..5: (dst shared::cluster, bar, tensor map, coords..., cta_mask, cache_hint,
  // use cta_mask, use cache_hint, cta_group). A multicast load has the mask as operand 3.
  llvm::Value* tma_load(bool multicast = false) {
    static constexpr llvm::Intrinsic::ID kLoad[] = {
        N::nvvm_cp_async_bulk_tensor_g2s_tile_1d, N::nvvm_cp_async_bulk_tensor_g2s_tile_2d,
        N::nvvm_cp_async_bulk_tensor_g2s_tile_3d, N::nvvm_cp_async_bulk_tensor_g2s_tile_4d,
        N::nvvm_cp_async_bulk_tensor_g2s_tile_5d};
    const std::size_t first = multicast ? 4 : 3, rank = args_.size() - first;
    llvm::Value* dst = b_.CreateAddrSpaceCast(shared(args_[0]), llvm::PointerType::get(s_.ctx, kSharedClusterSpace));
    std::vector<llvm::Value*> ops{dst, shared(args_[1]), args_[2]};
    ops.insert(ops.end(), args_.begin() + first, args_.end());
    llvm::Value* mask = multicast ? b_.CreateTrunc(args_[3], b_.getInt16Ty()) : b_.getInt16(0);
    ops.insert(ops.end(), {mask, b_.getInt64(0), b_.getInt1(multicast), b_.getFalse(), b_.getInt32(0)});
    return call(kLoad[rank - 1], ops);
  }

  // s2g tile, rank 1..5: (src shared, tensor map, coords..., cache_hint, use cache_hint).
  llvm::Value* tma_store() {
    static constexpr llvm::Intrinsic::ID kStore[] = {
        N::nvvm_cp_async_bulk_tensor_s2g_tile_1d, N::nvvm_cp_async_bulk_tensor_s2g_tile_2d,
        N::nvvm_cp_async_bulk_tensor_s2g_tile_3d, N::nvvm_cp_async_bulk_tensor_s2g_tile_4d,
        N::nvvm_cp_async_bulk_tensor_s2g_tile_5d};
    const std::size_t rank = args_.size() - 2;
    std::vector<llvm::Value*> ops{shared(args_[0]), args_[1]};
    ops.insert(ops.end(), args_.begin() + 2, args_.end());
    ops.insert(ops.end(), {b_.getInt64(0), b_.getFalse()});
    return call(kStore[rank - 1], ops);
  }
};

}  // namespace

std::optional<std::uint64_t> IntrinsicLowering::constant(unsigned i, const char* what, std::uint64_t lo,
                                                         std::uint64_t hi) {
  auto* c = llvm::dyn_cast<llvm::ConstantInt>(args_[i]);
  const std::string name = std::string("the ") + what + " of '" + ir::intrinsic_name(id_) + "'";
  if (c == nullptr) {
    s_.diags.error(user_location(s_.ir, inst_), name + " must be a compile-time constant");
    return std::nullopt;
  }
  if (c->getZExtValue() < lo || c->getZExtValue() > hi) {
    s_.diags.error(user_location(s_.ir, inst_), name + " must be in " + std::to_string(lo) + ".." +
                                                    std::to_string(hi) + ", got " + std::to_string(c->getZExtValue()));
    return std::nullopt;
  }
  return c->getZExtValue();
}

llvm::Value* lower_hopper_intrinsic(ModuleState& s, llvm::IRBuilder<>& b, const ir::Instruction& inst,
                                    llvm::ArrayRef<llvm::Value*> args) {
  return HopperLowering(s, b, inst, args).run();
}

}  // namespace simtc::codegen::detail
