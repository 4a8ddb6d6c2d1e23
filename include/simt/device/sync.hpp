// Block barriers and memory fences.
//
// A barrier must be reached by every thread of the block that has not exited (the barrier on
// sm_70 and later counts only live threads); reaching it under thread-dependent control flow
// is undefined behaviour on the GPU (the host reference reports the deadlock it causes).
#pragma once

#include "simt/device/config.hpp"

#if !defined(__SIMTC__)
#include "simt/device/host_fibers.hpp"
#endif

namespace simt {

#if defined(__SIMTC__)
/// __syncthreads(): waits until every thread of the block has reached this point, and makes
/// the memory accesses each made before it visible to all of them (bar.sync 0).
SIMT_BUILTIN("barrier.sync") void sync_threads();
/// A barrier that also counts the threads whose `predicate` is true (bar.red.popc).
SIMT_BUILTIN("barrier.popc") uint32_t sync_threads_count(bool predicate);
/// A barrier that returns whether `predicate` is true in every thread (bar.red.and).
SIMT_BUILTIN("barrier.and") bool sync_threads_and(bool predicate);
/// A barrier that returns whether `predicate` is true in some thread (bar.red.or).
SIMT_BUILTIN("barrier.or") bool sync_threads_or(bool predicate);

/// Sequentially consistent fences (fence.sc.cta / .gpu / .sys): this thread's memory accesses
/// before the fence are seen before those after it by the threads of the block, of the
/// device, or of the whole system (the host and peer devices).
SIMT_BUILTIN("fence.block") void fence_block();
SIMT_BUILTIN("fence.device") void fence_device();
SIMT_BUILTIN("fence.system") void fence_system();
#else
inline void sync_threads() { detail::fiber::barrier(false); }
inline uint32_t sync_threads_count(bool predicate) { return detail::fiber::barrier(predicate); }
inline bool sync_threads_and(bool predicate) {
  uint32_t arrived = 0;
  uint32_t count = detail::fiber::barrier(predicate, &arrived);
  return count == arrived;
}
inline bool sync_threads_or(bool predicate) { return detail::fiber::barrier(predicate) != 0; }
// One OS thread runs the whole grid on the host: program order is the memory order.
inline void fence_block() {}
inline void fence_device() {}
inline void fence_system() {}
#endif

}  // namespace simt
