// A ring of shared-memory stages between producer threads (TMA loads) and consumer threads
// (wgmma), one full and one empty mbarrier per stage: the producer waits until a stage is empty,
// arrives on its full barrier with the bytes it will copy and starts the copies; the consumers wait
// until it is full, read it, and release it. Each role walks the ring with its own
// PipelineState, which holds the stage and the phase parity, so no kernel computes a parity.
//
//   simt::Pipeline<4> pipe;                    // 4 stages: 8 mbarriers in shared memory
//   pipe.init(1, consumer_warps);              // every thread, before any other use
//   simt::PipelineState<4> at;                 // each role's own position, stage 0
//   // producer (one thread); `tile` holds the 4 stages, row after row:
//   pipe.producer_acquire(at);                 // the stage is empty (at once the first round)
//   [[simt::unsafe]] {
//     pipe.producer_expect(at, Map::box_bytes);
//     simt::tma::load(tile, pipe, at, map, x, y);   // into stage at.stage() of the tile
//   }
//   at.advance();
//   // consumers (every thread):
//   pipe.consumer_wait(at);                    // the stage's copies have landed
//   ... read the stage ...
//   if (lane == 0) pipe.consumer_release(at);  // one arrival per consumer warp
//   at.advance();
//
// A stage that the producers of several blocks of a cluster fill together (simt::tma::
// load_multicast: one copy lands in every block of the mask) is released in each of those blocks:
// every consumer arrives on the empty barrier of each (consumer_release_in, Tier 3), so init
// counts the consumers of all of them; the cluster synchronises after init, and each producer
// runs producer_drain before its block exits.
//
// What the types guarantee: the barriers are initialised once by the whole block, each role's
// waits stay in step with the ring's phases. What stays with the programmer (as for Mbarrier):
// the arrival counts given to init, the bytes on the full barrier, reading a stage only between
// consumer_wait and consumer_release. Device only (sm_90); docs/device-api.md, "Hopper (sm_90a)".
#pragma once

#include "simt/device/cluster.hpp"
#include "simt/device/config.hpp"
#include "simt/device/mbarrier.hpp"

#if defined(__SIMTC__)
namespace simt {

/// A role's position in a Pipeline<Stages>: the stage it works on next and the parity of that
/// stage's current phase. Starts at stage 0, phase 0; advance() moves to the next stage and flips
/// the parity each time the ring wraps.
template <unsigned Stages>
class PipelineState {
  static_assert(Stages >= 1 && Stages <= 16, "a pipeline has 1 to 16 stages");

 public:
  /// The stage (0 to Stages - 1).
  uint32_t stage() const { return stage_; }
  /// The parity of the phase the role waits for at this stage.
  uint32_t phase() const { return phase_; }
  /// On to the next stage.
  void advance() {
    if (++stage_ == Stages) {
      stage_ = 0;
      phase_ ^= 1u;
    }
  }

 private:
  uint32_t stage_ = 0;
  uint32_t phase_ = 0;
};

/// Stages full and empty mbarriers in shared memory: declared like a SharedArray, one object per
/// block.
template <unsigned Stages>
class SIMT_SHARED_STORAGE Pipeline {
  static_assert(Stages >= 1 && Stages <= 16, "a pipeline has 1 to 16 stages");

 public:
  Pipeline() = default;
  Pipeline(const Pipeline&) = delete;
  Pipeline& operator=(const Pipeline&) = delete;

  /// Every thread of the block calls it, before any other use: the block's first thread
  /// initialises each full barrier for `producer_arrivals` arrivals per phase and each empty one
  /// for `consumer_arrivals` (1 to 2^20 - 1), fences the inits for the copy engine, and the block
  /// synchronises.
  void init(uint32_t producer_arrivals, uint32_t consumer_arrivals) {
    if (producer_arrivals == 0 || producer_arrivals >= (1u << 20) || consumer_arrivals == 0 ||
        consumer_arrivals >= (1u << 20))
      trap();
    if (detail::tid_x() == 0 && detail::tid_y() == 0 && detail::tid_z() == 0) {
      for (uint32_t s = 0; s < Stages; ++s) {
        detail::mbarrier_init(&full_[s], producer_arrivals);
        detail::mbarrier_init(&empty_[s], consumer_arrivals);
      }
      detail::mbarrier_init_fence();
    }
    sync_threads();
  }

  /// Waits until the consumers have released `at`'s stage (the empty barrier's phase before
  /// `at`'s: on the first round, the phase before the first, which counts as complete).
  void producer_acquire(const PipelineState<Stages>& at) { wait_parity(&empty_[at.stage()], at.phase() ^ 1u); }
  /// Waits until `at`'s stage is full: its arrivals are in and its copies have landed.
  void consumer_wait(const PipelineState<Stages>& at) { wait_parity(&full_[at.stage()], at.phase()); }
  /// Arrives once on `at`'s empty barrier: this thread (for its warp or warpgroup, as init
  /// counted) is done reading the stage.
  void consumer_release(const PipelineState<Stages>& at) { (void)detail::mbarrier_arrive(&empty_[at.stage()]); }
  /// Arrives once on `at`'s empty barrier in block `rank` of the cluster (release at cluster
  /// scope), for a stage whose copies come from the producers of several blocks: rank at or past
  /// the cluster's size stops the thread. Tier 3: block `rank` must still run (its producer
  /// waits for these arrivals in producer_drain before it exits).
  SIMT_REQUIRES_UNSAFE void consumer_release_in(const PipelineState<Stages>& at, uint32_t rank) {
    if (rank >= cluster::size()) trap();
    detail::mbarrier_arrive_cluster(&empty_[at.stage()], rank);
  }
  /// Waits until the consumers have released every stage once more, from `at` (the producer's
  /// state after its last stage) on: then no arrival on this block's empty barriers is still to
  /// come, and the block may exit while other blocks of its cluster still release into it.
  void producer_drain(PipelineState<Stages> at) {
    for (unsigned s = 0; s < Stages; ++s) {
      producer_acquire(at);
      at.advance();
    }
  }
  /// The producer's arrival on `at`'s full barrier: adds `bytes` to the transaction bytes the
  /// phase waits for and arrives once; the copies into the stage (simt::tma::load with the
  /// pipeline) deliver them. Tier 3: the bytes must be those of the copies.
  SIMT_REQUIRES_UNSAFE void producer_expect(const PipelineState<Stages>& at, uint32_t bytes) {
    (void)detail::mbarrier_arrive_expect_tx(&full_[at.stage()], bytes);
  }
  /// `at`'s full barrier, for the copies into its stage (simt::tma::load with a Pipeline).
  SIMT_REQUIRES_UNSAFE uint64_t* full_barrier(const PipelineState<Stages>& at) { return &full_[at.stage()]; }

 private:
  static void wait_parity(uint64_t* bar, uint32_t parity) {
    while (!detail::mbarrier_try_wait_parity(bar, parity)) {
    }
  }
  alignas(8) uint64_t full_[Stages];
  alignas(8) uint64_t empty_[Stages];
};

}  // namespace simt
#endif
