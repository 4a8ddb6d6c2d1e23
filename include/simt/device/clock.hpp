// Time: the SM's cycle counters, the global nanosecond timer, and sleeping.
#pragma once

#include "simt/device/config.hpp"

#if !defined(__SIMTC__)
#include <chrono>

#include "simt/device/host_fibers.hpp"
#endif

namespace simt {

#if defined(__SIMTC__)
/// The SM's 32-bit cycle counter (%clock); it wraps, and each SM has its own.
SIMT_BUILTIN("time.clock") uint32_t clock();
/// The SM's 64-bit cycle counter (%clock64).
SIMT_BUILTIN("time.clock64") uint64_t clock64();
/// Nanoseconds of the device's global timer (%globaltimer), the same on every SM.
SIMT_BUILTIN("time.globaltimer") uint64_t globaltimer();
/// Suspends the thread for about `ns` nanoseconds (0 to 1 ms; nanosleep.u32, sm_70).
SIMT_BUILTIN("time.nanosleep") void nanosleep(uint32_t ns);
#else
inline uint64_t clock64() {
  return uint64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(
                      std::chrono::steady_clock::now().time_since_epoch())
                      .count());
}
inline uint32_t clock() { return uint32_t(clock64()); }
inline uint64_t globaltimer() {
  return uint64_t(std::chrono::duration_cast<std::chrono::nanoseconds>(
                      std::chrono::system_clock::now().time_since_epoch())
                      .count());
}
/// On the host the block's other threads run meanwhile (a spin-wait must sleep to let them).
inline void nanosleep(uint32_t) { detail::fiber::pause(); }
#endif

}  // namespace simt
