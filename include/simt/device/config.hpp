// Build-mode switches shared by the device headers.
//   __SIMTC__ : defined by simtc when it parses a kernel file for the GPU.
//   otherwise : a host build (the CPU reference, editors, tests).
#pragma once

#if defined(__SIMTC__)
#include <stddef.h>
#include <stdint.h>
// A declaration that simtc lowers to the IR intrinsic `name` (no body on the device).
#define SIMT_BUILTIN(name) __attribute__((annotate("simt.builtin:" name)))
#else
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
// [[kernel]], [[simt::kernel]] and [[simt::unsafe]] mean nothing to a host compiler.
#if defined(__clang__)
#pragma clang diagnostic ignored "-Wunknown-attributes"
#elif defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wattributes"
#endif
#define SIMT_BUILTIN(name)
#endif

namespace simt {
using size_t = ::size_t;

/// Ends the thread abnormally; the launch fails (the host sees an error on synchronize).
[[noreturn]] SIMT_BUILTIN("trap") void trap();

namespace detail {
#if defined(__SIMTC__)
[[noreturn]] inline void bounds_fail(size_t index, size_t size) { trap(); }
#else
[[noreturn]] inline void bounds_fail(size_t index, size_t size) {
  std::fprintf(stderr, "simt: index %zu out of bounds for a slice of %zu elements\n", index, size);
  std::abort();
}
#endif
}  // namespace detail

#if !defined(__SIMTC__)
[[noreturn]] inline void trap() {
  std::fprintf(stderr, "simt: trap\n");
  std::abort();
}
#endif
}  // namespace simt
