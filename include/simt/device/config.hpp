// Build-mode switches shared by the device headers.
//   __SIMTC__ : defined by simtc when it parses a kernel file for the GPU.
//   otherwise : a host build (the CPU reference, editors, tests).
#pragma once

#if defined(__SIMTC__)
#include <stddef.h>
#include <stdint.h>
// A declaration that simtc lowers to the IR intrinsic `name` (no body on the device).
#define SIMT_BUILTIN(name) __attribute__((annotate("simt.builtin:" name)))
// A function whose caller takes on obligations the checker cannot discharge (raw pointers,
// unchecked writes, ...): safe code calls it only inside [[simt::unsafe]] { ... } (rule
// simt-unsafe). On a user function it also makes the whole body Tier 2 code.
#define SIMT_REQUIRES_UNSAFE __attribute__((annotate("simt.requires_unsafe")))
// Internal: the same access without its bounds check, which simtc calls instead in a function
// marked [[simt::unchecked_indexing]] (or under --unchecked-indexing).
#define SIMT_UNCHECKED_VARIANT(member) __attribute__((annotate("simt.unchecked_variant:" member)))
// Internal: an overload that exists only so that the checker can name the mistake (rule
// simt-index-space) instead of Clang listing candidates.
#define SIMT_INDEX_SPACE_MISMATCH __attribute__((annotate("simt.index_space_mismatch")))
// A simt type that is a plain value (registers, numbers): safe code may __builtin_bit_cast it.
// simt's views and handles are not: their values are simt's to make (rule simt-raw-pointer).
#define SIMT_PLAIN_DATA __attribute__((annotate("simt.plain_data")))
// Internal: a function that hands a thread the element(s) its ThreadIndex owns. Addresses it
// computes are disjoint between threads by the index space's argument (safety-model.md), so
// the race rule need not prove two such accesses apart.
#define SIMT_OWNER_ACCESS __attribute__((annotate("simt.owner_access")))
// Host only: where a global-memory access is (a trailing default argument, or the index type
// of a subscript, which cannot take one), and its record for the race detector
// (simt/device/host_racecheck_global.hpp, a statement with its semicolon). Nothing on the
// device, not even a token.
#define SIMT_GLOBAL_WHERE
#define SIMT_GLOBAL_INDEX size_t
#define SIMT_GLOBAL_PASS(where)
#define SIMT_GLOBAL_NOTE(where, p, count, kind)
#else
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
// [[kernel]], [[simt::kernel]], [[simt::unsafe]] and the launch contract attributes
// ([[simt::block(256)]], [[simt::requires("...")]], ...) mean nothing to a host compiler.
#if defined(__clang__)
#pragma clang diagnostic ignored "-Wunknown-attributes"
#elif defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wattributes"
#endif
#define SIMT_BUILTIN(name)
#define SIMT_REQUIRES_UNSAFE
#define SIMT_UNCHECKED_VARIANT(member)
#define SIMT_PLAIN_DATA
#define SIMT_OWNER_ACCESS
#include <source_location>
#define SIMT_GLOBAL_WHERE , std::source_location where = std::source_location::current()
#define SIMT_GLOBAL_INDEX ::simt::detail::IndexAt
#define SIMT_GLOBAL_PASS(where) , where
// A view's access of `count` elements at `p` (its members data_ and size_ name the view).
#define SIMT_GLOBAL_NOTE(where, p, count, kind)                                                       \
  ::simt::detail::global_note(p, (count) * sizeof(T), ::simt::host::AccessKind::kind, where, data_, \
                              size_ * sizeof(T), sizeof(T));
#endif

namespace simt {
using size_t = ::size_t;

/// Ends the thread abnormally; the launch fails (the host sees an error on synchronize).
[[noreturn]] SIMT_BUILTIN("trap") void trap();

namespace detail {
#if !defined(__SIMTC__)
/// Host only: a subscript's index with where it was written, for the race detector. operator[]
/// cannot take a default argument, but the conversion that makes this from the index can.
struct IndexAt {
  IndexAt(size_t i, std::source_location at = std::source_location::current()) : index(i), where(at) {}
  operator size_t() const { return index; }
  size_t index;
  std::source_location where;
};
#endif
#if defined(__SIMTC__)
/// A failed bounds check: the launch fails, and the host reports the subscript's location,
/// the index, the size and the thread (simtc records them before the thread traps).
[[noreturn]] SIMT_BUILTIN("bounds_fail") void bounds_fail(size_t index, size_t size);
#else
// Defined in simt/device/host_fault.hpp (thread.hpp includes it): the report needs the
// coordinates of the thread the host reference runs.
[[noreturn]] inline void bounds_fail(size_t index, size_t size);
[[noreturn]] inline void bounds_fail(size_t index, size_t size, const std::source_location& where);
#endif
}  // namespace detail

#if !defined(__SIMTC__)
[[noreturn]] inline void trap() {
  std::fprintf(stderr, "simt: trap\n");
  std::abort();
}
#endif
}  // namespace simt
