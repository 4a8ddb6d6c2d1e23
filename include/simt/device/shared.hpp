// Shared memory: block-wide arrays declared in kernels, and the launch's dynamic shared memory.
//
//   simt::SharedArray<float, 256> partial;            // one copy per block, uninitialised
//   simt::SharedTile<float, 32, 33> tile;              // 32 x 33, row-major
//   auto scratch = simt::dynamic_shared<float>();      // sized by the launch's shared bytes
//
// On the host, each access is recorded for the race detector when it is on
// (simt/device/host_racecheck.hpp). Reads are bounds-checked and safe. A thread writes its own slot through the index only it
// holds (`get_mut(simt::thread::index_in_block())`) or any element through `at_mut`
// (bounds-checked); the rule simt-shared-race proves that no two threads touch the same bytes
// between the same two barriers, one of them writing. Atomics (`atomic(i)`) are safe. Taking
// the raw address (`data`) or skipping checks (`get_unchecked*`) is Tier 2 and needs
// [[simt::unsafe]].
#pragma once

#include "simt/device/atomic.hpp"
#include "simt/device/config.hpp"
#include "simt/device/thread.hpp"
#include "simt/device/vec.hpp"

#if defined(__SIMTC__)
// Marks a class whose locals are shared memory: irgen gives each declaration one shared
// variable per block instead of a per-thread slot.
#define SIMT_SHARED_STORAGE __attribute__((annotate("simt.shared_storage")))
// Host only: where an access is (a trailing default argument), and its record for the race
// detector (simt/device/host_racecheck.hpp, a statement with its semicolon). Nothing on the
// device, not even a token.
#define SIMT_SHARED_WHERE
#define SIMT_SHARED_PASS_WHERE
#define SIMT_SHARED_NO_WHERE
#define SIMT_SHARED_NOTE(p, bytes, kind)
#define SIMT_SHARED_NOTE_IF(cond, p, bytes, kind)
#else
#include <source_location>

#include "simt/device/host_fibers.hpp"
#define SIMT_SHARED_STORAGE
#define SIMT_SHARED_WHERE , std::source_location where = std::source_location::current()
#define SIMT_SHARED_PASS_WHERE , where
#define SIMT_SHARED_NO_WHERE , std::source_location()
#define SIMT_SHARED_NOTE(p, bytes, kind) \
  ::simt::detail::race_note(p, bytes, ::simt::host::AccessKind::kind, where.file_name(), where.line());
#define SIMT_SHARED_NOTE_IF(cond, p, bytes, kind) \
  if (cond) SIMT_SHARED_NOTE(p, bytes, kind)
#endif

namespace simt {

/// Proof of the calling thread's index in its block (x fastest: x + dim.x * (y + dim.y * z)).
/// Like ThreadIndex it cannot be copied, so a thread holds only its own.
class LocalIndex;
namespace thread {
LocalIndex index_in_block();
}  // namespace thread

class LocalIndex {
 public:
  LocalIndex(const LocalIndex&) = delete;
  LocalIndex& operator=(const LocalIndex&) = delete;
  size_t get() const { return value_; }

 private:
  friend LocalIndex thread::index_in_block();
  explicit LocalIndex(size_t value) : value_(value) {}
  size_t value_;
};

namespace thread {
/// The calling thread's index in its block, as the witness that owns its shared-memory slot.
inline LocalIndex index_in_block() {
  return LocalIndex(size_t(detail::tid_x()) +
                    size_t(detail::ntid_x()) * (detail::tid_y() + size_t(detail::ntid_y()) * detail::tid_z()));
}
}  // namespace thread

/// A possibly empty handle to the shared-memory element a thread owns.
template <class T>
class SlotRef {
 public:
  SlotRef(const SlotRef&) = delete;
  SlotRef& operator=(const SlotRef&) = delete;
  explicit operator bool() const { return ok_; }
  /// The element; using an empty handle stops the thread (trap).
  T& operator*() const {
    if (!ok_) trap();
    return *ptr_;
  }

  /// Internal: made by the shared-memory classes.
  struct Key {
   private:
    Key() = default;
    template <class, size_t, size_t>
    friend class SharedArray;
    template <class, size_t, size_t, size_t>
    friend class SharedTile;
    template <class>
    friend class SharedSpan;
  };
  // A flag rather than a null pointer: address 0 is valid shared memory, so a null test would
  // cost a compare that the bounds check already answers.
  SlotRef(Key, T* ptr, bool ok) : ptr_(ptr), ok_(ok) {}

 private:
  T* ptr_;
  bool ok_;
};

namespace detail {
#if !defined(__SIMTC__)
template <class T>
T* host_shared(const std::source_location& where, size_t count, size_t align) {
  return static_cast<T*>(fiber::shared_storage(where.file_name(), where.line(), where.column(),
                                               count * sizeof(T), align));
}
#endif
[[noreturn]] inline void shared_bounds_fail(size_t index, size_t size) { bounds_fail(index, size); }
}  // namespace detail

/// N elements of T in shared memory, aligned to Align bytes (at least alignof(T)).
template <class T, size_t N, size_t Align = alignof(T)>
class SIMT_SHARED_STORAGE SharedArray {
  static_assert(N > 0, "simt::SharedArray holds at least one element");
  static_assert(Align >= alignof(T) && (Align & (Align - 1)) == 0,
                "simt::SharedArray: Align is a power of two, at least alignof(T)");

 public:
  using value_type = T;

#if defined(__SIMTC__)
  SharedArray() = default;
#else
  explicit SharedArray(std::source_location where = std::source_location::current())
      : data_(detail::host_shared<T>(where, N, Align)) {}
#endif
  SharedArray(const SharedArray&) = delete;
  SharedArray& operator=(const SharedArray&) = delete;

  static constexpr size_t size() { return N; }

  /// Element `i` (bounds-checked: an index at or past N stops the thread).
  SIMT_UNCHECKED_VARIANT("get_unchecked")
  const T& operator[](size_t i) const {
    if (i >= N) detail::shared_bounds_fail(i, N);
    return get_unchecked(i SIMT_SHARED_NO_WHERE);
  }
  /// The slot of the calling thread: element index.get(), or empty past the end.
  SlotRef<T> get_mut(const LocalIndex& index SIMT_SHARED_WHERE) {
    size_t i = index.get();
    SIMT_SHARED_NOTE_IF(i < N, data_ + i, sizeof(T), write)
    return SlotRef<T>(typename SlotRef<T>::Key(), data_ + (i < N ? i : 0), i < N);
  }
  /// Element `i` for an atomic update (bounds-checked).
  AtomicRef<T> atomic(size_t i SIMT_SHARED_WHERE) {
    if (i >= N) detail::shared_bounds_fail(i, N);
    SIMT_SHARED_NOTE(data_ + i, sizeof(T), atomic)
    return AtomicRef<T>(typename AtomicRef<T>::Key(), data_ + i);
  }
  /// Any element, for writing (bounds-checked: an index at or past N stops the thread). In safe
  /// code simt-shared-race proves that no other thread reads or writes it between the same
  /// two barriers.
  T& at_mut(size_t i SIMT_SHARED_WHERE) {
    if (i >= N) detail::shared_bounds_fail(i, N);
    SIMT_SHARED_NOTE(data_ + i, sizeof(T), write)
    return data_[i];
  }
  SIMT_REQUIRES_UNSAFE const T& get_unchecked(size_t i SIMT_SHARED_WHERE) const {
    SIMT_SHARED_NOTE(data_ + i, sizeof(T), read)
    return *(data_ + i);
  }
  SIMT_REQUIRES_UNSAFE T& get_unchecked_mut(size_t i SIMT_SHARED_WHERE) {
    SIMT_SHARED_NOTE(data_ + i, sizeof(T), write)
    return *(data_ + i);
  }
  /// The address of element 0 (for cp.async and ldmatrix).
  SIMT_REQUIRES_UNSAFE T* data() { return data_; }
  SIMT_REQUIRES_UNSAFE const T* data() const { return data_; }

 private:
#if defined(__SIMTC__)
  alignas(Align) T data_[N];
#else
  T* data_;
#endif
};

/// A Rows x Cols row-major matrix of T in shared memory (pad Cols by one word to keep a
/// column walk free of bank conflicts: SharedTile<float, 32, 33>).
template <class T, size_t Rows, size_t Cols, size_t Align = alignof(T)>
class SIMT_SHARED_STORAGE SharedTile {
  static_assert(Rows > 0 && Cols > 0, "simt::SharedTile holds at least one element");
  static_assert(Align >= alignof(T) && (Align & (Align - 1)) == 0,
                "simt::SharedTile: Align is a power of two, at least alignof(T)");

 public:
  using value_type = T;

#if defined(__SIMTC__)
  SharedTile() = default;
#else
  explicit SharedTile(std::source_location where = std::source_location::current())
      : data_(detail::host_shared<T>(where, Rows * Cols, Align)) {}
#endif
  SharedTile(const SharedTile&) = delete;
  SharedTile& operator=(const SharedTile&) = delete;

  static constexpr size_t rows() { return Rows; }
  static constexpr size_t cols() { return Cols; }
  static constexpr size_t size() { return Rows * Cols; }

  /// Element (row, col), bounds-checked in each dimension.
  SIMT_UNCHECKED_VARIANT("get_unchecked")
  const T& operator()(size_t row, size_t col SIMT_SHARED_WHERE) const {
    check(row, col);
    return get_unchecked(row, col SIMT_SHARED_PASS_WHERE);
  }
  /// The slot of the calling thread: element index.get() in row-major order, or empty.
  SlotRef<T> get_mut(const LocalIndex& index SIMT_SHARED_WHERE) {
    size_t i = index.get();
    SIMT_SHARED_NOTE_IF(i < Rows * Cols, data_ + i, sizeof(T), write)
    return SlotRef<T>(typename SlotRef<T>::Key(), data_ + (i < Rows * Cols ? i : 0), i < Rows * Cols);
  }
  AtomicRef<T> atomic(size_t row, size_t col SIMT_SHARED_WHERE) {
    check(row, col);
    SIMT_SHARED_NOTE(data_ + row * Cols + col, sizeof(T), atomic)
    return AtomicRef<T>(typename AtomicRef<T>::Key(), data_ + row * Cols + col);
  }
  /// Elements (row, col) .. (row, col + N - 1) in one access: bounds-checked, and col a multiple
  /// of N (otherwise the thread stops), so the access is aligned to N elements (the tile's Align
  /// must allow it, and Cols be a multiple of N).
  template <size_t N>
  Vec<T, N> load(size_t row, size_t col SIMT_SHARED_WHERE) const {
    static_assert(Align % (N * sizeof(T)) == 0, "simt::SharedTile::load<N>: the tile's Align must be a multiple of N elements");
    static_assert(Cols % N == 0, "simt::SharedTile::load<N>: Cols must be a multiple of N");
    check(row, col);
    if (col % N != 0 || col + N > Cols) detail::shared_bounds_fail(col, Cols);
    SIMT_SHARED_NOTE(data_ + row * Cols + col, N * sizeof(T), read)
    return *reinterpret_cast<const Vec<T, N>*>(data_ + row * Cols + col);
  }
  /// Writes v into elements (row, col) .. (row, col + N - 1) in one access, under load<N>'s
  /// conditions; for simt-shared-race, a write of those N elements (see at_mut).
  template <size_t N>
  void store(size_t row, size_t col, const Vec<T, N>& v SIMT_SHARED_WHERE) {
    static_assert(Align % (N * sizeof(T)) == 0, "simt::SharedTile::store<N>: the tile's Align must be a multiple of N elements");
    static_assert(Cols % N == 0, "simt::SharedTile::store<N>: Cols must be a multiple of N");
    check(row, col);
    if (col % N != 0 || col + N > Cols) detail::shared_bounds_fail(col, Cols);
    store_unchecked<N>(row, col, v SIMT_SHARED_PASS_WHERE);
  }
  /// Any element, for writing (bounds-checked in each dimension); see SharedArray::at_mut.
  T& at_mut(size_t row, size_t col SIMT_SHARED_WHERE) {
    check(row, col);
    SIMT_SHARED_NOTE(data_ + row * Cols + col, sizeof(T), write)
    return *(data_ + row * Cols + col);
  }
  /// Element (row, col) without bounds checks: undefined behaviour outside the tile.
  SIMT_REQUIRES_UNSAFE const T& get_unchecked(size_t row, size_t col SIMT_SHARED_WHERE) const {
    SIMT_SHARED_NOTE(data_ + row * Cols + col, sizeof(T), read)
    return *(data_ + row * Cols + col);
  }
  SIMT_REQUIRES_UNSAFE T& get_unchecked_mut(size_t row, size_t col SIMT_SHARED_WHERE) {
    SIMT_SHARED_NOTE(data_ + row * Cols + col, sizeof(T), write)
    return *(data_ + row * Cols + col);
  }
  /// store<N> without its checks: one N-element access at (row, col), which the caller keeps
  /// inside the tile and aligned to N elements (undefined behaviour otherwise), in a layout
  /// simt-shared-race need not follow (a swizzled staging tile, say).
  template <size_t N>
  SIMT_REQUIRES_UNSAFE void store_unchecked(size_t row, size_t col, const Vec<T, N>& v SIMT_SHARED_WHERE) {
    static_assert(Align % (N * sizeof(T)) == 0,
                  "simt::SharedTile::store_unchecked<N>: the tile's Align must be a multiple of N elements");
    static_assert(Cols % N == 0, "simt::SharedTile::store_unchecked<N>: Cols must be a multiple of N");
    SIMT_SHARED_NOTE(data_ + row * Cols + col, N * sizeof(T), write)
    *reinterpret_cast<Vec<T, N>*>(data_ + row * Cols + col) = v;
  }
  SIMT_REQUIRES_UNSAFE T* data() { return data_; }
  SIMT_REQUIRES_UNSAFE const T* data() const { return data_; }

 private:
  static void check(size_t row, size_t col) {
    if (row >= Rows) detail::shared_bounds_fail(row, Rows);
    if (col >= Cols) detail::shared_bounds_fail(col, Cols);
  }
#if defined(__SIMTC__)
  alignas(Align) T data_[Rows * Cols];
#else
  T* data_;
#endif
};

template <class T>
class SharedSpan;
template <class T>
SharedSpan<T> dynamic_shared();

/// A view of shared memory whose size is known at run time: the launch's dynamic shared
/// memory as elements of T (see dynamic_shared).
template <class T>
class SharedSpan {
 public:
  using value_type = T;

  size_t size() const { return size_; }
  const T& operator[](size_t i) const {
    if (i >= size_) detail::shared_bounds_fail(i, size_);
#if !defined(__SIMTC__)
    detail::race_note(data_ + i, sizeof(T), host::AccessKind::read);
#endif
    return *(data_ + i);
  }
  SlotRef<T> get_mut(const LocalIndex& index SIMT_SHARED_WHERE) {
    size_t i = index.get();
    SIMT_SHARED_NOTE_IF(i < size_, data_ + i, sizeof(T), write)
    return SlotRef<T>(typename SlotRef<T>::Key(), data_ + (i < size_ ? i : 0), i < size_);
  }
  AtomicRef<T> atomic(size_t i SIMT_SHARED_WHERE) {
    if (i >= size_) detail::shared_bounds_fail(i, size_);
    SIMT_SHARED_NOTE(data_ + i, sizeof(T), atomic)
    return AtomicRef<T>(typename AtomicRef<T>::Key(), data_ + i);
  }
  /// Any element, for writing (bounds-checked); see SharedArray::at_mut.
  T& at_mut(size_t i SIMT_SHARED_WHERE) {
    if (i >= size_) detail::shared_bounds_fail(i, size_);
    SIMT_SHARED_NOTE(data_ + i, sizeof(T), write)
    return *(data_ + i);
  }
  SIMT_REQUIRES_UNSAFE T* data() { return data_; }

 private:
  template <class U>
  friend SharedSpan<U> dynamic_shared();
  SharedSpan(T* data, size_t size) : data_(data), size_(size) {}

  T* data_;
  size_t size_;
};

namespace detail {
#if defined(__SIMTC__)
/// The first byte of the launch's dynamic shared memory (16-byte aligned).
__attribute__((annotate("simt.dynamic_shared_base"))) unsigned char* dynamic_shared_base();
/// Its size in bytes (%dynamic_smem_size).
SIMT_BUILTIN("shared.dynamic_size") uint32_t dynamic_shared_bytes();
#else
inline unsigned char* dynamic_shared_base() {
  size_t bytes = 0;
  return fiber::dynamic_shared(&bytes);
}
inline uint32_t dynamic_shared_bytes() {
  size_t bytes = 0;
  fiber::dynamic_shared(&bytes);
  return uint32_t(bytes);
}
#endif
}  // namespace detail

/// The dynamic shared memory of this launch (the shared bytes of its launch configuration) as
/// elements of T: size() = bytes / sizeof(T). Every call names the same memory.
template <class T>
SharedSpan<T> dynamic_shared() {
  static_assert(alignof(T) <= 16, "dynamic shared memory is 16-byte aligned");
  return SharedSpan<T>(reinterpret_cast<T*>(detail::dynamic_shared_base()),
                       detail::dynamic_shared_bytes() / sizeof(T));
}

}  // namespace simt
