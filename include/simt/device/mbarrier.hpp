// Hopper's shared-memory barrier (mbarrier, sm_90): a 64-bit object in shared memory that counts
// arrivals and, for the copy engine, transaction bytes, and completes one phase at a time. Unlike
// sync_threads it splits arriving from waiting, and TMA copies complete on it.
//
//   simt::Mbarrier bar;                          // one per block, like a SharedArray
//   bar.init(1);                                 // the whole block: one arrival per phase
//   simt::MbarrierPhase phase;                   // the phase this thread waits for next (0)
//   if (first_thread) bar.arrive_expect_tx(Map::box_bytes), start TMA loads on bar ...
//   bar.wait(phase);                             // waits for phase 0, then phase is 1
//
// A waiting thread names the phase it waits for by parity (0, 1, 0, ...). Waiting on the wrong
// parity returns at once (the previous phase completed long ago) or never: MbarrierPhase holds
// the parity and wait() advances it, so a loop that waits once per phase stays in step without
// the kernel computing a bit. A thread that arrives itself may instead wait on the token that
// its arrive() returned (wait(std::move(token))). Device only (--arch sm_90 or newer for
// expect_tx and the waits; docs/device-api.md, "Hopper (sm_90a)").
#pragma once

#include "simt/device/config.hpp"
#include "simt/device/sync.hpp"
#include "simt/device/thread.hpp"

#if defined(__SIMTC__)
namespace simt {

namespace detail {
SIMT_BUILTIN("mbarrier.init") void mbarrier_init(uint64_t* bar, uint32_t arrivals);
SIMT_BUILTIN("mbarrier.init_fence") void mbarrier_init_fence();
SIMT_BUILTIN("mbarrier.arrive") uint64_t mbarrier_arrive(uint64_t* bar);
SIMT_BUILTIN("mbarrier.arrive.expect_tx") uint64_t mbarrier_arrive_expect_tx(uint64_t* bar, uint32_t bytes);
SIMT_BUILTIN("mbarrier.arrive.cluster") void mbarrier_arrive_cluster(uint64_t* bar, uint32_t rank);
SIMT_BUILTIN("mbarrier.try_wait") bool mbarrier_try_wait(uint64_t* bar, uint64_t state);
SIMT_BUILTIN("mbarrier.try_wait.parity") bool mbarrier_try_wait_parity(uint64_t* bar, uint32_t parity);
}  // namespace detail

class Mbarrier;

/// The phase of an Mbarrier that a thread waits for next; starts at the barrier's first phase.
/// Mbarrier::wait(phase) advances it. Not copyable: one thread, one running phase.
class MbarrierPhase {
 public:
  MbarrierPhase() = default;
  MbarrierPhase(const MbarrierPhase&) = delete;
  MbarrierPhase& operator=(const MbarrierPhase&) = delete;
  /// The parity (0 or 1) of the phase waited for next.
  uint32_t parity() const { return parity_; }

 private:
  friend class Mbarrier;
  uint32_t parity_ = 0;
};

/// What arrive() returns: the phase this thread arrived on, for wait(). Move-only, so one arrival
/// is waited for once.
class MbarrierToken {
 public:
  MbarrierToken(MbarrierToken&& other) : state_(other.state_) {}
  MbarrierToken(const MbarrierToken&) = delete;
  MbarrierToken& operator=(const MbarrierToken&) = delete;

 private:
  friend class Mbarrier;
  explicit MbarrierToken(uint64_t state) : state_(state) {}
  uint64_t state_;
};

/// An mbarrier in shared memory: declared like a SharedArray, one object per block.
class SIMT_SHARED_STORAGE Mbarrier {
 public:
  Mbarrier() = default;
  Mbarrier(const Mbarrier&) = delete;
  Mbarrier& operator=(const Mbarrier&) = delete;

  /// Every thread of the block calls it, before any other use: the block's first thread
  /// initialises the barrier for `arrivals` arrivals per phase (1 to 2^20 - 1), makes that
  /// visible to the other threads and the copy engine (fence.mbarrier_init), and the block
  /// synchronises. mbarrier.init.shared.b64; fence.mbarrier_init.release.cluster; bar.sync 0.
  void init(uint32_t arrivals) {
    if (arrivals == 0 || arrivals >= (1u << 20)) trap();
    if (detail::tid_x() == 0 && detail::tid_y() == 0 && detail::tid_z() == 0) {
      detail::mbarrier_init(&word_, arrivals);
      detail::mbarrier_init_fence();
    }
    sync_threads();
  }
  /// Arrives once on the current phase (mbarrier.arrive.shared.b64).
  MbarrierToken arrive() { return MbarrierToken(detail::mbarrier_arrive(&word_)); }
  /// Adds `bytes` to the transaction bytes the current phase waits for, then arrives once
  /// (mbarrier.arrive.expect_tx.shared.b64): the phase completes when all arrivals are in and
  /// the copies on this barrier (simt::tma::load) have delivered that many bytes.
  MbarrierToken arrive_expect_tx(uint32_t bytes) {
    return MbarrierToken(detail::mbarrier_arrive_expect_tx(&word_, bytes));
  }
  /// Waits until the phase `token` arrived on has completed (mbarrier.try_wait.shared.b64).
  void wait(MbarrierToken&& token) {
    while (!detail::mbarrier_try_wait(&word_, token.state_)) {
    }
  }
  /// Waits until the phase `phase` names has completed (mbarrier.try_wait.parity.shared.b64),
  /// then advances `phase` to the next one.
  void wait(MbarrierPhase& phase) {
    while (!detail::mbarrier_try_wait_parity(&word_, phase.parity_)) {
    }
    phase.parity_ ^= 1u;
  }
  /// The barrier's address, for instructions simt does not wrap.
  SIMT_REQUIRES_UNSAFE uint64_t* native_handle() { return &word_; }

 private:
  alignas(8) uint64_t word_;
};

}  // namespace simt
#endif
