// Asynchronous copies from global to shared memory (cp.async, sm_80): a thread starts copies of
// 4, 8 or 16 bytes, groups them (commit), and later waits for all but the newest N groups
// (wait<N>), so that loading the next tile overlaps computing on this one. copy() is safe
// code: simt-shared-race treats each copy as a write that may land at any moment until the
// thread's wait that completes it, and so in every barrier interval it can still be in flight
// in (docs/rules/simt-shared-race.md). copy_raw() takes raw addresses and stays Tier 2. Both
// check their bounds and alignment (a violation stops the thread).
//
//   simt::async::copy<16>(tile, 4 * t, a, row_start + 4 * t);   // 4 floats
//   simt::async::commit();
//   simt::async::wait<0>();
//   simt::sync_threads();                                         // then other threads read them
#pragma once

#include "simt/device/config.hpp"
#include "simt/device/shared.hpp"
#include "simt/device/slice.hpp"

#if !defined(__SIMTC__)
#include <cstring>
#endif

namespace simt::async {

namespace detail {
#if defined(__SIMTC__)
SIMT_BUILTIN("async.copy.4") void copy4(void* dst, const void* src, uint32_t src_bytes);
SIMT_BUILTIN("async.copy.8") void copy8(void* dst, const void* src, uint32_t src_bytes);
SIMT_BUILTIN("async.copy.16") void copy16(void* dst, const void* src, uint32_t src_bytes);
SIMT_BUILTIN("async.copy.16.cg") void copy16_cg(void* dst, const void* src, uint32_t src_bytes);
SIMT_BUILTIN("async.commit") void commit();
SIMT_BUILTIN("async.wait") void wait(uint32_t pending);
SIMT_BUILTIN("async.wait_all") void wait_all();
#endif

template <unsigned Bytes>
inline void check_aligned(const void* p) {
  if ((reinterpret_cast<uintptr_t>(p) & (Bytes - 1)) != 0) trap();
}
}  // namespace detail

/// Starts copying `src_bytes` (at most Bytes) bytes from `src` (global memory) to `dst` (shared
/// memory) and fills the rest of the Bytes with zeros. Bytes is 4, 8 or 16; both addresses are
/// aligned to Bytes. With CacheGlobal (16 bytes only) the data bypasses L1 (cp.async.cg).
template <unsigned Bytes, bool CacheGlobal = false>
SIMT_REQUIRES_UNSAFE void copy_raw(void* dst, const void* src, uint32_t src_bytes = Bytes) {
  static_assert(Bytes == 4 || Bytes == 8 || Bytes == 16, "cp.async copies 4, 8 or 16 bytes");
  static_assert(!CacheGlobal || Bytes == 16, "cp.async.cg copies 16 bytes");
  if (src_bytes > Bytes) trap();
  detail::check_aligned<Bytes>(dst);
  detail::check_aligned<Bytes>(src);
#if defined(__SIMTC__)
  if constexpr (CacheGlobal) detail::copy16_cg(dst, src, src_bytes);
  else if constexpr (Bytes == 16) detail::copy16(dst, src, src_bytes);
  else if constexpr (Bytes == 8) detail::copy8(dst, src, src_bytes);
  else detail::copy4(dst, src, src_bytes);
#else
  // The host reference copies at once: by the time wait() returns the data is there either way.
  // For the race detector the copy writes its Bytes when it starts.
  simt::detail::race_note(dst, Bytes, host::AccessKind::write);
  std::memcpy(dst, src, src_bytes);
  std::memset(static_cast<unsigned char*>(dst) + src_bytes, 0, Bytes - src_bytes);
#endif
}

namespace detail {
// Bytes / sizeof(T) elements of `src` from `src_index` into `dst`; past the end of `src` zeros.
template <unsigned Bytes, bool CacheGlobal, class T>
void copy_elements(T* dst, const Slice<const T>& src, size_t src_index SIMT_GLOBAL_WHERE) {
  static_assert(Bytes % sizeof(T) == 0, "the copy holds whole elements");
  constexpr size_t n = Bytes / sizeof(T);
  const size_t valid = src_index < src.size() ? (src.size() - src_index < n ? src.size() - src_index : n) : 0;
  if (valid == 0) {  // nothing to read: zero the chunk (no address to copy from)
#if !defined(__SIMTC__)
    simt::detail::race_note(dst, Bytes, host::AccessKind::write);
#endif
    for (size_t k = 0; k < n; ++k) dst[k] = T();
    return;
  }
#if !defined(__SIMTC__)
  // The source is global memory, read when the copy starts (the race detector).
  simt::detail::global_note(src.data() + src_index, valid * sizeof(T), host::AccessKind::read, where, src.data(),
                            src.size() * sizeof(T), sizeof(T));
#endif
  copy_raw<Bytes, CacheGlobal>(dst, src.data() + src_index, uint32_t(valid * sizeof(T)));
}
}  // namespace detail

/// Copies Bytes / sizeof(T) elements src[src_index ...] into dst[dst_index ...], zeros past the
/// end of `src`. The destination range must lie in `dst` and both element addresses be aligned
/// to Bytes (else the thread stops).
template <unsigned Bytes, bool CacheGlobal = false, class T, size_t N, size_t A>
void copy(SharedArray<T, N, A>& dst, size_t dst_index, const Slice<const T>& src,
                               size_t src_index SIMT_GLOBAL_WHERE) {
  if (dst_index > N || N - dst_index < Bytes / sizeof(T)) trap();
  detail::copy_elements<Bytes, CacheGlobal>(dst.data() + dst_index, src, src_index SIMT_GLOBAL_PASS(where));
}
/// The same into row `row`, columns col ... of a shared tile.
template <unsigned Bytes, bool CacheGlobal = false, class T, size_t R, size_t C, size_t A>
void copy(SharedTile<T, R, C, A>& dst, size_t row, size_t col, const Slice<const T>& src,
                               size_t src_index SIMT_GLOBAL_WHERE) {
  if (row >= R || col > C || C - col < Bytes / sizeof(T)) trap();
  detail::copy_elements<Bytes, CacheGlobal>(dst.data() + row * C + col, src, src_index SIMT_GLOBAL_PASS(where));
}

#if defined(__SIMTC__)
/// Closes the group of copies this thread started since the last commit (cp.async.commit_group).
inline void commit() { detail::commit(); }
/// Waits until at most `Pending` of this thread's committed groups are still in flight
/// (cp.async.wait_group). Other threads' copies need a barrier after this to be visible.
template <unsigned Pending>
void wait() {
  detail::wait(Pending);
}
/// Waits for all of this thread's copies (cp.async.wait_all).
inline void wait_all() { detail::wait_all(); }
#else
inline void commit() {}
template <unsigned Pending>
void wait() {}
inline void wait_all() {}
#endif

}  // namespace simt::async
