// Atomics on global and shared memory: simt::AtomicRef<T> (one element), simt::AtomicSlice<T>
// (a kernel parameter every thread may update anywhere, atomically).
//
//   hist[bin].fetch_add(1u);                                    // relaxed, device scope
//   flag.store(1, simt::release, simt::system_scope);
//   int old = lock.compare_exchange(0, 1, simt::acquire, simt::block_scope);
//
// T is a 32- or 64-bit integer, float or double. Orderings: relaxed (the default), acquire,
// release, acq_rel, seq_cst; scopes: block_scope, device_scope (the default), system_scope.
// Both are compile-time tags, so each call is one instruction of the right kind
// (atom.global.add.f32, atom.acq_rel.gpu.add.u32, ld.acquire.sys, ...).
//
// On the host, AtomicSlice's `slice[i]` is recorded as an atomic access of global memory for
// the race detector when it is on (simt/device/host_racecheck_global.hpp).
#pragma once

#include "simt/device/config.hpp"
#if !defined(__SIMTC__)
#include "simt/device/host_fibers.hpp"
#endif

namespace simt {

enum class memory_order : int { relaxed = 0, acquire = 1, release = 2, acq_rel = 3, seq_cst = 4 };
enum class thread_scope : int { block = 0, device = 1, system = 2 };

/// A memory ordering as a type: simt::relaxed, simt::acquire, ...
template <memory_order O>
struct order_tag {
  static constexpr int value = int(O);
};
/// A scope as a type: simt::block_scope, simt::device_scope, simt::system_scope.
template <thread_scope S>
struct scope_tag {
  static constexpr int value = int(S);
};
inline constexpr order_tag<memory_order::relaxed> relaxed{};
inline constexpr order_tag<memory_order::acquire> acquire{};
inline constexpr order_tag<memory_order::release> release{};
inline constexpr order_tag<memory_order::acq_rel> acq_rel{};
inline constexpr order_tag<memory_order::seq_cst> seq_cst{};
inline constexpr scope_tag<thread_scope::block> block_scope{};
inline constexpr scope_tag<thread_scope::device> device_scope{};
inline constexpr scope_tag<thread_scope::system> system_scope{};

namespace detail {
#define SIMT_ATOMIC_WORD_TYPES(X) \
  X(int)                          \
  X(unsigned)                     \
  X(long)                         \
  X(unsigned long)                \
  X(long long)                    \
  X(unsigned long long)           \
  X(float)                        \
  X(double)
#define SIMT_ATOMIC_SIGNED_TYPES(X) X(int) X(long) X(long long)
#define SIMT_ATOMIC_UNSIGNED_TYPES(X) X(unsigned) X(unsigned long) X(unsigned long long)
#define SIMT_ATOMIC_FLOAT_TYPES(X) X(float) X(double)

#if defined(__SIMTC__)
// The builtins: `order` and `scope` must be constants (the tags' values).
#define SIMT_DECLARE_ATOMIC_WORD(T)                                                         \
  SIMT_BUILTIN("atomic.add") T atomic_add(T* p, T v, int order, int scope);               \
  SIMT_BUILTIN("atomic.sub") T atomic_sub(T* p, T v, int order, int scope);               \
  SIMT_BUILTIN("atomic.exch") T atomic_exch(T* p, T v, int order, int scope);             \
  SIMT_BUILTIN("atomic.cas") T atomic_cas(T* p, T expected, T desired, int order, int scope); \
  SIMT_BUILTIN("atomic.load") T atomic_load(const T* p, int order, int scope);            \
  SIMT_BUILTIN("atomic.store") void atomic_store(T* p, T v, int order, int scope);
#define SIMT_DECLARE_ATOMIC_BITS(T)                                          \
  SIMT_BUILTIN("atomic.and") T atomic_and(T* p, T v, int order, int scope); \
  SIMT_BUILTIN("atomic.or") T atomic_or(T* p, T v, int order, int scope);   \
  SIMT_BUILTIN("atomic.xor") T atomic_xor(T* p, T v, int order, int scope);
#define SIMT_DECLARE_ATOMIC_SIGNED(T)                                          \
  SIMT_BUILTIN("atomic.smin") T atomic_min(T* p, T v, int order, int scope); \
  SIMT_BUILTIN("atomic.smax") T atomic_max(T* p, T v, int order, int scope);
#define SIMT_DECLARE_ATOMIC_UNSIGNED(T)                                        \
  SIMT_BUILTIN("atomic.umin") T atomic_min(T* p, T v, int order, int scope); \
  SIMT_BUILTIN("atomic.umax") T atomic_max(T* p, T v, int order, int scope);
#define SIMT_DECLARE_ATOMIC_FLOAT(T)                                           \
  SIMT_BUILTIN("atomic.fmin") T atomic_min(T* p, T v, int order, int scope); \
  SIMT_BUILTIN("atomic.fmax") T atomic_max(T* p, T v, int order, int scope);
SIMT_ATOMIC_WORD_TYPES(SIMT_DECLARE_ATOMIC_WORD)
SIMT_ATOMIC_SIGNED_TYPES(SIMT_DECLARE_ATOMIC_BITS)
SIMT_ATOMIC_UNSIGNED_TYPES(SIMT_DECLARE_ATOMIC_BITS)
SIMT_ATOMIC_SIGNED_TYPES(SIMT_DECLARE_ATOMIC_SIGNED)
SIMT_ATOMIC_UNSIGNED_TYPES(SIMT_DECLARE_ATOMIC_UNSIGNED)
SIMT_ATOMIC_FLOAT_TYPES(SIMT_DECLARE_ATOMIC_FLOAT)
#undef SIMT_DECLARE_ATOMIC_WORD
#undef SIMT_DECLARE_ATOMIC_BITS
#undef SIMT_DECLARE_ATOMIC_SIGNED
#undef SIMT_DECLARE_ATOMIC_UNSIGNED
#undef SIMT_DECLARE_ATOMIC_FLOAT
#else
// The host reference runs one thread at a time (fibers), so plain operations are atomic.
template <class T>
T atomic_add(T* p, T v, int, int) { T old = *p; *p = T(old + v); return old; }
template <class T>
T atomic_sub(T* p, T v, int, int) { T old = *p; *p = T(old - v); return old; }
template <class T>
T atomic_exch(T* p, T v, int, int) { T old = *p; *p = v; return old; }
template <class T>
T atomic_cas(T* p, T expected, T desired, int, int) {
  T old = *p;
  if (old == expected) *p = desired;
  return old;
}
template <class T>
T atomic_load(const T* p, int, int) { return *p; }
template <class T>
void atomic_store(T* p, T v, int, int) { *p = v; }
template <class T>
T atomic_and(T* p, T v, int, int) { T old = *p; *p = T(old & v); return old; }
template <class T>
T atomic_or(T* p, T v, int, int) { T old = *p; *p = T(old | v); return old; }
template <class T>
T atomic_xor(T* p, T v, int, int) { T old = *p; *p = T(old ^ v); return old; }
// fmin/fmax semantics for floats: a NaN operand loses.
template <class T>
T atomic_min(T* p, T v, int, int) { T old = *p; if (v < old || old != old) *p = v; return old; }
template <class T>
T atomic_max(T* p, T v, int, int) { T old = *p; if (old < v || old != old) *p = v; return old; }
#endif
#undef SIMT_ATOMIC_WORD_TYPES
#undef SIMT_ATOMIC_SIGNED_TYPES
#undef SIMT_ATOMIC_UNSIGNED_TYPES
#undef SIMT_ATOMIC_FLOAT_TYPES
}  // namespace detail

/// One element of global or shared memory, updated atomically. Obtained from an AtomicSlice
/// (`slice[i]`) or a shared array (`tile.atomic(i)`), both bounds-checked; safe code cannot
/// make one from a pointer.
template <class T>
class AtomicRef {
 public:
  using value_type = T;

  // Read-modify-write operations return the value before the update.
  template <class O = order_tag<memory_order::relaxed>, class S = scope_tag<thread_scope::device>>
  T fetch_add(T v, O = {}, S = {}) const { return detail::atomic_add(ptr_, v, O::value, S::value); }
  template <class O = order_tag<memory_order::relaxed>, class S = scope_tag<thread_scope::device>>
  T fetch_sub(T v, O = {}, S = {}) const { return detail::atomic_sub(ptr_, v, O::value, S::value); }
  /// Minimum / maximum (integers by their signedness; floats as fmin/fmax: a NaN operand loses).
  template <class O = order_tag<memory_order::relaxed>, class S = scope_tag<thread_scope::device>>
  T fetch_min(T v, O = {}, S = {}) const { return detail::atomic_min(ptr_, v, O::value, S::value); }
  template <class O = order_tag<memory_order::relaxed>, class S = scope_tag<thread_scope::device>>
  T fetch_max(T v, O = {}, S = {}) const { return detail::atomic_max(ptr_, v, O::value, S::value); }
  /// Integers only.
  template <class O = order_tag<memory_order::relaxed>, class S = scope_tag<thread_scope::device>>
  T fetch_and(T v, O = {}, S = {}) const { return detail::atomic_and(ptr_, v, O::value, S::value); }
  template <class O = order_tag<memory_order::relaxed>, class S = scope_tag<thread_scope::device>>
  T fetch_or(T v, O = {}, S = {}) const { return detail::atomic_or(ptr_, v, O::value, S::value); }
  template <class O = order_tag<memory_order::relaxed>, class S = scope_tag<thread_scope::device>>
  T fetch_xor(T v, O = {}, S = {}) const { return detail::atomic_xor(ptr_, v, O::value, S::value); }
  template <class O = order_tag<memory_order::relaxed>, class S = scope_tag<thread_scope::device>>
  T exchange(T v, O = {}, S = {}) const { return detail::atomic_exch(ptr_, v, O::value, S::value); }
  /// Stores `desired` when the element equals `expected` (bitwise for floats); returns the
  /// value it held, which equals `expected` exactly when the store happened (atomicCAS).
  template <class O = order_tag<memory_order::relaxed>, class S = scope_tag<thread_scope::device>>
  T compare_exchange(T expected, T desired, O = {}, S = {}) const {
    return detail::atomic_cas(ptr_, expected, desired, O::value, S::value);
  }
  /// Atomic load and store (a load's release half and a store's acquire half do not exist and
  /// are dropped: acq_rel loads acquire, acq_rel stores release).
  template <class O = order_tag<memory_order::relaxed>, class S = scope_tag<thread_scope::device>>
  T load(O = {}, S = {}) const { return detail::atomic_load(ptr_, O::value, S::value); }
  template <class O = order_tag<memory_order::relaxed>, class S = scope_tag<thread_scope::device>>
  void store(T v, O = {}, S = {}) const { detail::atomic_store(ptr_, v, O::value, S::value); }

  /// Internal: the shared-memory classes and AtomicSlice make these.
  struct Key {
   private:
    Key() = default;
    template <class>
    friend class AtomicSlice;
    template <class, size_t, size_t>
    friend class SharedArray;
    template <class, size_t, size_t, size_t>
    friend class SharedTile;
    template <class>
    friend class SharedSpan;
  };
  AtomicRef(Key, T* ptr) : ptr_(ptr) {}

 private:
  T* ptr_;
};

/// A kernel parameter whose elements every thread may update, atomically: a histogram, a
/// counter, a work queue. The launcher takes a (non-const) DeviceBuffer<T> or DeviceView<T>
/// for it. Elements are read and written only through atomics, so threads cannot race.
template <class T>
class AtomicSlice {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8, "simt::AtomicSlice holds 32- or 64-bit elements");

 public:
  using value_type = T;

  size_t size() const { return size_; }
  /// Element `i`; an index at or past size() stops the thread (trap).
  AtomicRef<T> operator[](SIMT_GLOBAL_INDEX i) const {
    if (i >= size_) detail::bounds_fail(i, size_);
    SIMT_GLOBAL_NOTE(i.where, data_ + i, 1, atomic)
    return AtomicRef<T>(typename AtomicRef<T>::Key(), data_ + i);
  }

#if !defined(__SIMTC__)
  AtomicSlice(T* data, size_t size) : data_(data), size_(size) {}
  detail::race::View race_view() const { return {data_, size_ * sizeof(T), sizeof(T)}; }
#endif

 private:
  T* data_;
  size_t size_;
};

}  // namespace simt
