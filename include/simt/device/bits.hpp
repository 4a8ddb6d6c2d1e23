// Bit counts of 32- and 64-bit unsigned integers: simt::popc, clz, ctz, ffs and brev, CUDA's
// __popc, __clz, __ffs and __brev (and their ll forms) with every input defined:
//
//   popc(x)  the set bits                           popc.b32 / popc.b64
//   clz(x)   the zero bits above the highest set one; the width (32 or 64) for 0   clz.b32 / .b64
//   ctz(x)   the zero bits below the lowest set one; the width for 0
//   ffs(x)   1 + the index of the lowest set bit; 0 for 0
//   brev(x)  the bits in reverse order              brev.b32 / brev.b64
//
// The compiler builtins (__builtin_clz, __builtin_ctz) leave 0 undefined, and the host's CPU
// answers differently from the GPU there; kernel code uses these instead (the checker refuses
// those builtins and names these).
#pragma once

#include "simt/device/config.hpp"

namespace simt {

#if defined(__SIMTC__)
namespace detail::bits {
SIMT_BUILTIN("int.popc") uint32_t popc(uint32_t x);
SIMT_BUILTIN("int.popc") uint32_t popc(uint64_t x);
SIMT_BUILTIN("int.clz") uint32_t clz(uint32_t x);
SIMT_BUILTIN("int.clz") uint32_t clz(uint64_t x);
SIMT_BUILTIN("int.ffs") uint32_t ffs(uint32_t x);
SIMT_BUILTIN("int.ffs") uint32_t ffs(uint64_t x);
SIMT_BUILTIN("int.brev") uint32_t brev(uint32_t x);
SIMT_BUILTIN("int.brev") uint64_t brev(uint64_t x);
}  // namespace detail::bits
#else  // the host reference: the same answers, 0 included
namespace detail::bits {
inline uint32_t popc(uint32_t x) { return uint32_t(__builtin_popcount(x)); }
inline uint32_t popc(uint64_t x) { return uint32_t(__builtin_popcountll(x)); }
inline uint32_t clz(uint32_t x) { return x == 0 ? 32u : uint32_t(__builtin_clz(x)); }
inline uint32_t clz(uint64_t x) { return x == 0 ? 64u : uint32_t(__builtin_clzll(x)); }
inline uint32_t ffs(uint32_t x) { return uint32_t(__builtin_ffs(int(x))); }
inline uint32_t ffs(uint64_t x) { return uint32_t(__builtin_ffsll((long long)(x))); }
inline uint32_t brev(uint32_t x) {
  uint32_t r = 0;
  for (int i = 0; i < 32; ++i) r |= ((x >> i) & 1u) << (31 - i);
  return r;
}
inline uint64_t brev(uint64_t x) {
  return uint64_t(brev(uint32_t(x))) << 32 | brev(uint32_t(x >> 32));
}
}  // namespace detail::bits
#endif

/// The set bits of x.
inline uint32_t popc(uint32_t x) { return detail::bits::popc(x); }
inline uint32_t popc(uint64_t x) { return detail::bits::popc(x); }
/// The zero bits above the highest set bit of x: 32 (64) for 0.
inline uint32_t clz(uint32_t x) { return detail::bits::clz(x); }
inline uint32_t clz(uint64_t x) { return detail::bits::clz(x); }
/// 1 + the index of the lowest set bit of x: 0 for 0.
inline uint32_t ffs(uint32_t x) { return detail::bits::ffs(x); }
inline uint32_t ffs(uint64_t x) { return detail::bits::ffs(x); }
/// The zero bits below the lowest set bit of x: 32 (64) for 0.
inline uint32_t ctz(uint32_t x) { return x == 0 ? 32u : detail::bits::ffs(x) - 1; }
inline uint32_t ctz(uint64_t x) { return x == 0 ? 64u : detail::bits::ffs(x) - 1; }
/// The bits of x in reverse order.
inline uint32_t brev(uint32_t x) { return detail::bits::brev(x); }
inline uint64_t brev(uint64_t x) { return detail::bits::brev(x); }

}  // namespace simt
