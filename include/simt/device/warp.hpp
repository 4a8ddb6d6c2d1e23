// Warp-level operations: lane and warp ids, shuffles, votes, match, redux.sync and reductions.
//
// Every operation takes the member mask of the lanes that take part, as CUDA's *_sync
// intrinsics do: each lane in `mask` must reach the same operation with the same mask (lanes
// that have exited count as absent), and a lane outside `mask` must not call it. simt::warp::
// full_mask names all 32 lanes. These operations are convergent: the compiler never moves
// them across control flow.
#pragma once

#include "simt/device/bits.hpp"
#include "simt/device/config.hpp"
#include "simt/device/thread.hpp"

#if !defined(__SIMTC__)
#include "simt/device/host_fibers.hpp"
#endif

namespace simt::warp {

/// Lanes per warp.
inline constexpr uint32_t size = 32;
/// All 32 lanes.
inline constexpr uint32_t full_mask = 0xffffffffu;

// The types the shuffles and reductions take (and simt::half / simt::bfloat16 through float).
#define SIMT_WARP_WORD_TYPES(X) \
  X(int)                        \
  X(unsigned)                   \
  X(long)                       \
  X(unsigned long)              \
  X(long long)                  \
  X(unsigned long long)         \
  X(float)                      \
  X(double)
#define SIMT_WARP_INT_TYPES(X) \
  X(int)                       \
  X(unsigned)                  \
  X(long)                      \
  X(unsigned long)             \
  X(long long)                 \
  X(unsigned long long)

#if defined(__SIMTC__)
namespace detail {
SIMT_BUILTIN("laneid") uint32_t laneid();
}  // namespace detail

/// This thread's lane in its warp (%laneid: the index in the block modulo 32).
inline uint32_t lane_id() { return detail::laneid(); }
/// The lanes of this warp that execute this call together (activemask; under divergence, the
/// lanes on the same path). Convergent, but no substitute for a known mask.
SIMT_BUILTIN("warp.activemask") uint32_t active_mask();
/// __syncwarp(mask): the lanes of `mask` wait for each other, and their memory accesses before
/// it are visible to each other after it.
SIMT_BUILTIN("warp.sync") void sync(uint32_t mask = full_mask);

// Shuffles: the value held by another lane of the same `width`-lane segment (width: a power of
// two up to 32). shuffle: lane src_lane % width of the segment; shuffle_up / shuffle_down: the
// lane `delta` below / above (a lane whose source falls outside its segment keeps its own
// value); shuffle_xor: lane (this lane ^ lane_mask) (a source in a later segment: own value).
#define SIMT_DECLARE_SHUFFLES(T)                                                                   \
  SIMT_BUILTIN("warp.shfl.idx") T shuffle(uint32_t mask, T value, int32_t src_lane, int32_t width = 32); \
  SIMT_BUILTIN("warp.shfl.up") T shuffle_up(uint32_t mask, T value, uint32_t delta, int32_t width = 32); \
  SIMT_BUILTIN("warp.shfl.down") T shuffle_down(uint32_t mask, T value, uint32_t delta, int32_t width = 32); \
  SIMT_BUILTIN("warp.shfl.xor") T shuffle_xor(uint32_t mask, T value, int32_t lane_mask, int32_t width = 32);
SIMT_WARP_WORD_TYPES(SIMT_DECLARE_SHUFFLES)
#undef SIMT_DECLARE_SHUFFLES

/// Whether `predicate` holds in any / every lane of `mask`; the lanes where it holds.
SIMT_BUILTIN("warp.vote.any") bool any(uint32_t mask, bool predicate);
SIMT_BUILTIN("warp.vote.all") bool all(uint32_t mask, bool predicate);
SIMT_BUILTIN("warp.vote.ballot") uint32_t ballot(uint32_t mask, bool predicate);

// match_any: the lanes of `mask` whose value equals this lane's; match_all: `mask` when every
// lane of it holds the same value, else 0 (match.sync, sm_70).
#define SIMT_DECLARE_MATCH(T)                                        \
  SIMT_BUILTIN("warp.match.any") uint32_t match_any(uint32_t mask, T value); \
  SIMT_BUILTIN("warp.match.all") uint32_t match_all(uint32_t mask, T value);
SIMT_WARP_INT_TYPES(SIMT_DECLARE_MATCH)
#undef SIMT_DECLARE_MATCH

// redux.sync (sm_80): one instruction that combines a 32-bit integer over the lanes of `mask`
// (any subset of the warp); every lane gets the result.
SIMT_BUILTIN("warp.redux.add") uint32_t redux_add(uint32_t mask, uint32_t value);
SIMT_BUILTIN("warp.redux.add") int32_t redux_add(uint32_t mask, int32_t value);
SIMT_BUILTIN("warp.redux.umin") uint32_t redux_min(uint32_t mask, uint32_t value);
SIMT_BUILTIN("warp.redux.smin") int32_t redux_min(uint32_t mask, int32_t value);
SIMT_BUILTIN("warp.redux.umax") uint32_t redux_max(uint32_t mask, uint32_t value);
SIMT_BUILTIN("warp.redux.smax") int32_t redux_max(uint32_t mask, int32_t value);
SIMT_BUILTIN("warp.redux.and") uint32_t redux_and(uint32_t mask, uint32_t value);
SIMT_BUILTIN("warp.redux.and") int32_t redux_and(uint32_t mask, int32_t value);
SIMT_BUILTIN("warp.redux.or") uint32_t redux_or(uint32_t mask, uint32_t value);
SIMT_BUILTIN("warp.redux.or") int32_t redux_or(uint32_t mask, int32_t value);
SIMT_BUILTIN("warp.redux.xor") uint32_t redux_xor(uint32_t mask, uint32_t value);
SIMT_BUILTIN("warp.redux.xor") int32_t redux_xor(uint32_t mask, int32_t value);

#else  // the host reference: the lanes are the fibers of one warp

namespace detail {

enum class Shuffle { Idx, Up, Down, Xor };

// PTX's shfl.sync: segmask = 32 - width, c = segmask << 8 | (up ? 0 : 31).
template <class T>
T shuffle_impl(Shuffle kind, uint32_t mask, T value, int32_t b, int32_t width) {
  T all[32];
  for (T& v : all) v = value;
  simt::detail::fiber::gather(mask, &value, all, sizeof(T), "simt::warp::shuffle");
  const int32_t lane = int32_t(simt::detail::fiber::lane_id());
  const int32_t segmask = (32 - width) & 31, cval = kind == Shuffle::Up ? 0 : 31;
  const int32_t max_lane = (lane & segmask) | (cval & ~segmask), min_lane = lane & segmask;
  int32_t j = lane;
  bool ok = false;
  switch (kind) {
    case Shuffle::Up: j = lane - int32_t(b & 31); ok = j >= max_lane; break;
    case Shuffle::Down: j = lane + int32_t(b & 31); ok = j <= max_lane; break;
    case Shuffle::Xor: j = lane ^ (b & 31); ok = j <= max_lane; break;
    case Shuffle::Idx: j = min_lane | (b & 31 & ~segmask); ok = j <= max_lane; break;
  }
  return all[ok ? j : lane];
}

struct Lanes {
  bool values[32];
  uint32_t present;
};
inline Lanes gather_bools(uint32_t mask, bool predicate, const char* what) {
  Lanes l{};
  l.present = simt::detail::fiber::gather(mask, &predicate, l.values, sizeof(bool), what);
  return l;
}

template <class T>
uint32_t match(uint32_t mask, T value, bool all_equal) {
  T all[32];
  for (T& v : all) v = value;
  const uint32_t present = simt::detail::fiber::gather(mask, &value, all, sizeof(T), "simt::warp::match");
  uint32_t same = 0;
  for (uint32_t q = 0; q < 32; ++q)
    if ((present >> q & 1) && all[q] == value) same |= 1u << q;
  if (!all_equal) return same;
  return same == present ? mask : 0;
}

template <class T, class Op>
T redux(uint32_t mask, T value, Op op) {
  T all[32];
  const uint32_t present = simt::detail::fiber::gather(mask, &value, all, sizeof(T), "simt::warp::redux");
  bool first = true;
  T acc = value;
  for (uint32_t q = 0; q < 32; ++q)
    if (present >> q & 1) {
      acc = first ? all[q] : op(acc, all[q]);
      first = false;
    }
  return acc;
}
}  // namespace detail

inline uint32_t lane_id() { return simt::detail::fiber::lane_id(); }
inline uint32_t active_mask() {
  // The lanes of this warp still running (the host runs no divergent paths side by side).
  simt::detail::fiber::Block* b = simt::detail::fiber::current_block;
  if (b == nullptr || b->current == nullptr) return 1;
  return simt::detail::fiber::live_lanes(*b, b->current->linear / 32);
}
inline void sync(uint32_t mask = full_mask) {
  char token = 0, all[32];
  simt::detail::fiber::gather(mask, &token, all, 1, "simt::warp::sync");
}

#define SIMT_DEFINE_SHUFFLES(T)                                                                     \
  inline T shuffle(uint32_t mask, T value, int32_t src_lane, int32_t width = 32) {                 \
    return detail::shuffle_impl(detail::Shuffle::Idx, mask, value, src_lane, width);                   \
  }                                                                                                 \
  inline T shuffle_up(uint32_t mask, T value, uint32_t delta, int32_t width = 32) {                \
    return detail::shuffle_impl(detail::Shuffle::Up, mask, value, int32_t(delta), width);              \
  }                                                                                                 \
  inline T shuffle_down(uint32_t mask, T value, uint32_t delta, int32_t width = 32) {              \
    return detail::shuffle_impl(detail::Shuffle::Down, mask, value, int32_t(delta), width);            \
  }                                                                                                 \
  inline T shuffle_xor(uint32_t mask, T value, int32_t lane_mask, int32_t width = 32) {            \
    return detail::shuffle_impl(detail::Shuffle::Xor, mask, value, lane_mask, width);                  \
  }
SIMT_WARP_WORD_TYPES(SIMT_DEFINE_SHUFFLES)
#undef SIMT_DEFINE_SHUFFLES

inline bool any(uint32_t mask, bool predicate) {
  detail::Lanes l = detail::gather_bools(mask, predicate, "simt::warp::any");
  for (uint32_t q = 0; q < 32; ++q)
    if ((l.present >> q & 1) && l.values[q]) return true;
  return false;
}
inline bool all(uint32_t mask, bool predicate) {
  detail::Lanes l = detail::gather_bools(mask, predicate, "simt::warp::all");
  for (uint32_t q = 0; q < 32; ++q)
    if ((l.present >> q & 1) && !l.values[q]) return false;
  return true;
}
inline uint32_t ballot(uint32_t mask, bool predicate) {
  detail::Lanes l = detail::gather_bools(mask, predicate, "simt::warp::ballot");
  uint32_t bits = 0;
  for (uint32_t q = 0; q < 32; ++q)
    if ((l.present >> q & 1) && l.values[q]) bits |= 1u << q;
  return bits;
}

#define SIMT_DEFINE_MATCH(T)                                                              \
  inline uint32_t match_any(uint32_t mask, T value) { return detail::match(mask, value, false); } \
  inline uint32_t match_all(uint32_t mask, T value) { return detail::match(mask, value, true); }
SIMT_WARP_INT_TYPES(SIMT_DEFINE_MATCH)
#undef SIMT_DEFINE_MATCH

#define SIMT_DEFINE_REDUX(name, expr)                                                \
  inline uint32_t name(uint32_t mask, uint32_t value) {                              \
    return detail::redux(mask, value, [](uint32_t a, uint32_t b) { return expr; });  \
  }                                                                                  \
  inline int32_t name(uint32_t mask, int32_t value) {                                \
    return detail::redux(mask, value, [](int32_t a, int32_t b) { return expr; });    \
  }
SIMT_DEFINE_REDUX(redux_add, decltype(a)(uint32_t(a) + uint32_t(b)))
SIMT_DEFINE_REDUX(redux_min, a < b ? a : b)
SIMT_DEFINE_REDUX(redux_max, a < b ? b : a)
SIMT_DEFINE_REDUX(redux_and, a & b)
SIMT_DEFINE_REDUX(redux_or, a | b)
SIMT_DEFINE_REDUX(redux_xor, a ^ b)
#undef SIMT_DEFINE_REDUX
#endif

/// This thread's warp in its block: the block-linear thread index (x fastest) divided by 32.
inline uint32_t warp_id() {
  return (simt::detail::tid_x() + simt::detail::ntid_x() *
                                      (simt::detail::tid_y() + simt::detail::ntid_y() * simt::detail::tid_z())) /
         32;
}
/// Warps in this block (the last one may be partial).
inline uint32_t warps_per_block() {
  return (simt::detail::ntid_x() * simt::detail::ntid_y() * simt::detail::ntid_z() + 31) / 32;
}
/// The lanes of this thread's warp that exist in the block: full_mask except in a last, partial
/// warp (the mask its warp operations take).
inline uint32_t block_warp_mask() {
  const uint32_t threads = simt::detail::ntid_x() * simt::detail::ntid_y() * simt::detail::ntid_z();
  const uint32_t first = warp_id() * 32;
  return threads - first >= 32 ? full_mask : (1u << (threads - first)) - 1;
}

// Reductions over the lanes of `mask`; every lane of it gets the result. 32-bit integer sums,
// minima and maxima are one redux.sync (sm_80); other types take shuffles: five butterfly steps
// for the full warp, a tree over lanes 0..n-1 when the mask is such a prefix (the last warp of
// a block), and otherwise one shuffle per lane of the mask, in lane order.
namespace detail {
template <class T, class Op>
T reduce(uint32_t mask, T value, Op op) {
  if (mask == full_mask) {
    for (int32_t offset = 16; offset > 0; offset >>= 1) value = op(value, simt::warp::shuffle_xor(mask, value, offset));
    return value;
  }
  if ((mask & (mask + 1)) == 0) {  // lanes 0 .. n-1
    const uint32_t n = simt::popc(mask), lane = simt::warp::lane_id();
    for (uint32_t offset = 16; offset > 0; offset >>= 1) {
      if (offset >= n) continue;  // the same for every lane of the mask
      const bool has = lane + offset < n;
      T other = simt::warp::shuffle(mask, value, int32_t(has ? lane + offset : lane));
      if (has) value = op(value, other);
    }
    return simt::warp::shuffle(mask, value, 0);
  }
  T acc = simt::warp::shuffle(mask, value, int32_t(simt::ctz(mask)));
  for (uint32_t rest = mask & (mask - 1); rest != 0; rest &= rest - 1)
    acc = op(acc, simt::warp::shuffle(mask, value, int32_t(simt::ctz(rest))));
  return acc;
}
}  // namespace detail

#define SIMT_DEFINE_REDUCE(T)                                                                       \
  inline T reduce_add(uint32_t mask, T value) {                                                    \
    return detail::reduce(mask, value, [](T a, T b) { return static_cast<T>(a + b); });                          \
  }                                                                                                 \
  inline T reduce_min(uint32_t mask, T value) {                                                    \
    return detail::reduce(mask, value, [](T a, T b) { return b < a ? b : a; });                     \
  }                                                                                                 \
  inline T reduce_max(uint32_t mask, T value) {                                                    \
    return detail::reduce(mask, value, [](T a, T b) { return a < b ? b : a; });                     \
  }
SIMT_DEFINE_REDUCE(long)
SIMT_DEFINE_REDUCE(unsigned long)
SIMT_DEFINE_REDUCE(long long)
SIMT_DEFINE_REDUCE(unsigned long long)
SIMT_DEFINE_REDUCE(float)
SIMT_DEFINE_REDUCE(double)
#undef SIMT_DEFINE_REDUCE
inline int reduce_add(uint32_t mask, int value) { return redux_add(mask, int32_t(value)); }
inline unsigned reduce_add(uint32_t mask, unsigned value) { return redux_add(mask, uint32_t(value)); }
inline int reduce_min(uint32_t mask, int value) { return redux_min(mask, int32_t(value)); }
inline unsigned reduce_min(uint32_t mask, unsigned value) { return redux_min(mask, uint32_t(value)); }
inline int reduce_max(uint32_t mask, int value) { return redux_max(mask, int32_t(value)); }
inline unsigned reduce_max(uint32_t mask, unsigned value) { return redux_max(mask, uint32_t(value)); }

#undef SIMT_WARP_WORD_TYPES
#undef SIMT_WARP_INT_TYPES

}  // namespace simt::warp
