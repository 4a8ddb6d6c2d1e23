// Hopper's warp election and warpgroups: elect.sync picks one lane of a warp (sm_90), and a
// warpgroup (4 consecutive warps, 128 threads, starting at a warp index divisible by 4) is the
// unit of wgmma and of setmaxnreg, which moves registers between warpgroups (sm_90a only).
//
//   if (simt::warpgroup::index() == 0) simt::warpgroup::decrease_registers<40>();   // producer
//   else simt::warpgroup::increase_registers<232>();                              // consumers
//
// setmaxnreg takes effect only in a kernel with a register limit at entry (a launch contract
// whose block gives one block per SM, simt::min_blocks_per_sm(1)); otherwise ptxas ignores it
// and says so (C7508). Every thread of a warpgroup must execute the same setmaxnreg.
// Device only; docs/device-api.md, "Hopper (sm_90a)".
#pragma once

#include "simt/device/config.hpp"
#include "simt/device/thread.hpp"

#if defined(__SIMTC__)
namespace simt {

namespace detail {
SIMT_BUILTIN("warp.elect") bool elect_sync(uint32_t mask);
SIMT_BUILTIN("warpgroup.setmaxnreg.inc") void setmaxnreg_inc(uint32_t registers);
SIMT_BUILTIN("warpgroup.setmaxnreg.dec") void setmaxnreg_dec(uint32_t registers);
}  // namespace detail

namespace warp {
/// True in exactly one lane of `mask` (the lowest active one), false in the others; every lane
/// of `mask` calls it together (elect.sync, sm_90).
inline bool elect_one(uint32_t mask = 0xffffffffu) { return simt::detail::elect_sync(mask); }
}  // namespace warp

namespace warpgroup {
/// Threads in a warpgroup.
inline constexpr uint32_t size = 128;
namespace detail {
inline uint32_t linear_thread() {
  return simt::detail::tid_x() + simt::detail::ntid_x() * (simt::detail::tid_y() + simt::detail::ntid_y() * simt::detail::tid_z());
}
}  // namespace detail
/// The calling thread's warpgroup in its block: its linear index in the block / 128 (the
/// analyses see it is the same in every thread of a warpgroup, and so of a warp).
inline uint32_t index() { return detail::linear_thread() / size; }
/// The calling thread's index within its warpgroup (0 to 127).
inline uint32_t thread_index() { return detail::linear_thread() % size; }
/// Raises this warpgroup's per-thread register limit to Registers (24 to 256, a multiple of 8),
/// waiting for registers other warpgroups released (setmaxnreg.inc.sync.aligned.u32, sm_90a).
template <unsigned Registers>
void increase_registers() {
  static_assert(Registers >= 24 && Registers <= 256 && Registers % 8 == 0,
                "setmaxnreg takes 24 to 256 registers, a multiple of 8");
  simt::detail::setmaxnreg_inc(Registers);
}
/// Lowers it to Registers and releases the rest (setmaxnreg.dec.sync.aligned.u32, sm_90a).
template <unsigned Registers>
void decrease_registers() {
  static_assert(Registers >= 24 && Registers <= 256 && Registers % 8 == 0,
                "setmaxnreg takes 24 to 256 registers, a multiple of 8");
  simt::detail::setmaxnreg_dec(Registers);
}
}  // namespace warpgroup

}  // namespace simt
#endif
