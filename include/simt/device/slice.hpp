// Views of global memory that kernels receive as parameters.
//
//   Slice<const T>           read-only, bounds-checked x[i]
//   DisjointSlice<T, Space>  writable; each thread owns the elements its ThreadIndex<Space> names
//
// The launch proves a DisjointSlice overlaps no other argument (the checked launcher), and the
// index spaces (simt/device/thread.hpp) give every element at most one owner, so safe writes
// cannot race. The members marked SIMT_REQUIRES_UNSAFE are Tier 2: callable only inside
// [[simt::unsafe]] { ... }.
//
// On the host, each access through a view (not through data()) is recorded for the race
// detector when it is on (simt/device/host_racecheck_global.hpp), with the file and line of
// the call: reads (operator[], get_unchecked), writes (get_mut, at_mut, get_unchecked_mut).
#pragma once

#include "simt/device/cache.hpp"
#include "simt/device/config.hpp"
#include "simt/device/thread.hpp"
#include "simt/device/vec.hpp"
#if !defined(__SIMTC__)
#include "simt/device/host_fibers.hpp"
#endif

namespace simt {

/// Read-only view of device memory: a bounds-checked `x[i]`. Only `Slice<const T>` exists.
template <class T>
class Slice {
  static_assert(sizeof(T) == 0,
                "simt::Slice<T> is read-only: write simt::Slice<const T> (an output that each thread writes one "
                "element of is simt::DisjointSlice<T>)");
};

template <class T>
class Slice<const T> {
 public:
  using value_type = T;

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  /// The element at `i`; an index at or past size() stops the thread (trap). In a function
  /// marked [[simt::unchecked_indexing]] the check is left out (a wrong index is then
  /// undefined behaviour).
  SIMT_UNCHECKED_VARIANT("get_unchecked")
  const T& operator[](SIMT_GLOBAL_INDEX i) const {
    if (i >= size_) detail::bounds_fail(i, size_ SIMT_GLOBAL_PASS(i.where));
    return get_unchecked(i SIMT_GLOBAL_PASS(i.where));
  }
  /// The element at `i` without a bounds check: undefined behaviour at or past size().
  SIMT_REQUIRES_UNSAFE const T& get_unchecked(size_t i SIMT_GLOBAL_WHERE) const {
    SIMT_GLOBAL_NOTE(where, data_ + i, 1, read)
    return data_[i];
  }
  /// The element at `i` read under a cache policy (simt/device/cache.hpp), bounds-checked as
  /// operator[]: x.load<simt::cache::streaming>(i) is one ld.global.cs. T of 4 or 8 bytes.
  template <cache::load_policy Policy>
  T load(size_t i SIMT_GLOBAL_WHERE) const {
    static_assert(__is_same(Policy, cache::normal) || detail::hinted::fits<T, 1>,
                  "a cache policy other than normal needs elements of 4 or 8 bytes");
    if (i >= size_) detail::bounds_fail(i, size_ SIMT_GLOBAL_PASS(where));
    SIMT_GLOBAL_NOTE(where, data_ + i, 1, read)
    if constexpr (__is_same(Policy, cache::normal)) return data_[i];
    else return detail::hinted::load<T, 1, Policy>(data_ + i).elements[0];
  }
  /// Elements [i, i + N) as one value (N a power of two): one vector load (ld.global.v4.f32
  /// for 4 floats) when element i is N * sizeof(T)-aligned, element loads otherwise. A range
  /// that does not lie inside the slice, i + N > size(), stops the thread as operator[] does
  /// (load_partial reads the last, partial vector). Under a cache policy other than normal,
  /// the vector is at most 16 bytes of 4- or 8-byte elements.
  template <size_t N, cache::load_policy Policy = cache::normal>
  Vec<T, N> load(size_t i SIMT_GLOBAL_WHERE) const {
    if (i >= size_ || i + (N - 1) >= size_) detail::bounds_fail(i >= size_ ? i : i + (N - 1), size_ SIMT_GLOBAL_PASS(where));
    SIMT_GLOBAL_NOTE(where, data_ + i, N, read)
    return vector_at<N, Policy>(i, N);
  }
  /// Elements [i, i + N) as load<N> does, those at or past size() as T{}: the slice's last
  /// vector when size() is no multiple of N. i itself at or past size() stops the thread.
  template <size_t N, cache::load_policy Policy = cache::normal>
  Vec<T, N> load_partial(size_t i SIMT_GLOBAL_WHERE) const {
    if (i >= size_) detail::bounds_fail(i, size_ SIMT_GLOBAL_PASS(where));
    const size_t count = size_ - i < N ? size_ - i : N;
    SIMT_GLOBAL_NOTE(where, data_ + i, count, read)
    return vector_at<N, Policy>(i, count);
  }
  /// The address of the first element (a raw pointer).
  SIMT_REQUIRES_UNSAFE const T* data() const { return data_; }

#if !defined(__SIMTC__)
  // Host reference only: on the device a Slice comes from the launch arguments.
  Slice(const T* data, size_t size) : data_(data), size_(size) {}
  // The memory it views, for the race detector's names of the launch's arguments.
  detail::race::View race_view() const { return {data_, size_ * sizeof(T), sizeof(T)}; }
#endif

 private:
  // Elements [i, i + count) of [i, i + N) (count >= 1, inside the slice), the rest T{}.
  template <size_t N, class Policy>
  Vec<T, N> vector_at(size_t i, size_t count) const {
    static_assert(N > 0 && (N & (N - 1)) == 0, "load<N> reads a power of two of elements");
    static_assert(__is_same(Policy, cache::normal) || detail::hinted::fits<T, N>,
                  "a cache policy other than normal loads at most 16 bytes of 4- or 8-byte elements");
    return detail::hinted::read_vector<T, N, Policy>(data_ + i, count);
  }

  const T* data_;
  size_t size_;
};

template <class T, class Space>
class DisjointSlice;

// Any element of a DisjointSlice, for the patterns no index space spells (a block's row or
// tile, several elements per thread at a stride, a shifted view):
//   T& at_mut(size_t i)            element i for writing (or reading back)
//   const T& operator[](size_t i)  element i for reading
// Both are bounds-checked (an index at or past size() stops the thread), and in safe code the
// rule simt-global-race proves that no other thread of the launch touches the element while
// one writes it, unless a barrier of their block orders the two.
#define SIMT_DISJOINT_SLICE_ANY_ELEMENT                \
  T& at_mut(size_t i SIMT_GLOBAL_WHERE) {              \
    if (i >= size_) detail::bounds_fail(i, size_ SIMT_GLOBAL_PASS(where)); \
    SIMT_GLOBAL_NOTE(where, data_ + i, 1, write)       \
    return data_[i];                                   \
  }                                                    \
  const T& operator[](SIMT_GLOBAL_INDEX i) const {     \
    if (i >= size_) detail::bounds_fail(i, size_ SIMT_GLOBAL_PASS(i.where)); \
    SIMT_GLOBAL_NOTE(i.where, data_ + i, 1, read)      \
    return data_[i];                                   \
  }

/// A possibly empty handle to one element owned by the calling thread. It cannot be copied,
/// so it stays with the thread that asked for it.
template <class T>
class ElementRef {
 public:
  ElementRef(const ElementRef&) = delete;
  ElementRef& operator=(const ElementRef&) = delete;
  explicit operator bool() const { return owned_; }
  /// The element; using an empty handle stops the thread (trap).
  T& operator*() const {
    if (!owned_) trap();
    return *ptr_;
  }
  /// `*ref = v` under a cache policy (simt/device/cache.hpp): o.store<simt::cache::streaming>(v)
  /// is one st.global.cs. T of 4 or 8 bytes.
  template <cache::store_policy Policy>
  void store(const T& v) const {
    static_assert(__is_same(Policy, cache::normal) || detail::hinted::fits<T, 1>,
                  "a cache policy other than normal needs elements of 4 or 8 bytes");
    if (!owned_) trap();
    if constexpr (__is_same(Policy, cache::normal)) *ptr_ = v;
    else detail::hinted::store<T, 1, Policy>(ptr_, Vec<T, 1>{{v}});
  }

 private:
  template <class, class>
  friend class DisjointSlice;
  // The flag, not a null pointer, says whether the handle is empty: the compiler cannot know
  // that a slice's non-null base plus an in-range index is never null, but it folds a test of
  // the same flag that guarded the index.
  ElementRef(T* ptr, bool owned) : ptr_(ptr), owned_(owned) {}
  T* ptr_;
  bool owned_;
};

/// The up to N consecutive elements a thread owns in a DisjointSlice<T, space::Tile<N>>: N,
/// or fewer at the end of the slice, or none. Cannot be copied, like ElementRef.
template <class T, uint32_t N>
class TileRef {
 public:
  TileRef(const TileRef&) = delete;
  TileRef& operator=(const TileRef&) = delete;
  explicit operator bool() const { return count_ != 0; }
  /// How many elements of the tile lie inside the slice (0 to N).
  size_t size() const { return count_; }
  /// Element k of the tile; k at or past size() stops the thread (trap).
  T& operator[](size_t k) const {
    if (k >= count_) trap();
    return first_[k];
  }
  /// The tile as one value, its elements past size() as T{}: one vector load when the tile is
  /// full and its first element N * sizeof(T)-aligned, element loads otherwise (N a power of two).
  /// A cache policy (simt/device/cache.hpp; not read_only: the slice is written) needs 4- or
  /// 8-byte elements, 16 bytes at most.
  template <cache::load_policy Policy = cache::normal>
  Vec<T, N> load() const {
    static_assert(!__is_same(Policy, cache::read_only),
                  "cache::read_only reads only read-only slices (simt::Slice<const T>)");
    static_assert(__is_same(Policy, cache::normal) || detail::hinted::fits<T, N>,
                  "a cache policy other than normal moves at most 16 bytes of 4- or 8-byte elements");
    return detail::hinted::read_vector<T, N, Policy>(first_, count_);
  }
  /// Stores v's first size() elements into the tile: one vector store when the tile is full and
  /// aligned (as for load), element stores otherwise; under a cache policy as load.
  template <cache::store_policy Policy = cache::normal>
  void store(const Vec<T, N>& v) const {
    static_assert(__is_same(Policy, cache::normal) || detail::hinted::fits<T, N>,
                  "a cache policy other than normal moves at most 16 bytes of 4- or 8-byte elements");
    detail::hinted::write_vector<T, N, Policy>(first_, count_, v);
  }

 private:
  template <class, class>
  friend class DisjointSlice;
  TileRef(T* first, size_t count) : first_(first), count_(count) {}
  T* first_;
  size_t count_;
};

namespace detail {
template <class Space>
struct TileOf {
  static constexpr uint32_t size = 0;
};
template <uint32_t N>
struct TileOf<space::Tile<N>> {
  static constexpr uint32_t size = N;
};
}  // namespace detail

/// Writable view of device memory in which each thread owns the elements its
/// ThreadIndex<Space> names (Space: space::Linear, space::Rows<W> or space::Tile<N>; see the
/// specialisation below for space::RuntimeRows).
template <class T, class Space = space::Linear>
class DisjointSlice {
 public:
  using value_type = T;
  using index_space = Space;

  size_t size() const { return size_; }

  /// The element owned by `index`, or an empty handle when it is out of range.
  SIMT_OWNER_ACCESS ElementRef<T> get_mut(const ThreadIndex<Space>& index SIMT_GLOBAL_WHERE)
    requires(detail::TileOf<Space>::size == 0)
  {
    size_t i = index.get();
    bool owned = i < size_;
    SIMT_GLOBAL_NOTE(where, data_ + i, owned ? 1 : 0, write)
    return ElementRef<T>(data_ + (owned ? i : 0), owned);
  }
  /// The tile owned by `index`: its elements inside the slice, maybe none.
  SIMT_OWNER_ACCESS TileRef<T, detail::TileOf<Space>::size> get_mut(const ThreadIndex<Space>& index SIMT_GLOBAL_WHERE)
    requires(detail::TileOf<Space>::size != 0)
  {
    size_t first = index.get();
    size_t count = first < size_ ? size_ - first : 0;
    if (count > detail::TileOf<Space>::size) count = detail::TileOf<Space>::size;
    SIMT_GLOBAL_NOTE(where, data_ + first, count, write)
    return TileRef<T, detail::TileOf<Space>::size>(data_ + (count != 0 ? first : 0), count);
  }
#if defined(__SIMTC__)
  /// An index of another space: rejected by the checker (simt-index-space), which names both.
  template <class Other>
  SIMT_INDEX_SPACE_MISMATCH ElementRef<T> get_mut(const ThreadIndex<Other>&) {
    trap();
  }
#else
  template <class Other>
  ElementRef<T> get_mut(const ThreadIndex<Other>&) {
    static_assert(sizeof(Other) == 0, "a DisjointSlice takes only an index of its own space "
                                      "(index_1d() for Linear, index_2d<W>() for Rows<W>, index_tile<N>() for Tile<N>)");
  }
#endif

  /// Element i: at_mut(i) and operator[](i) (see SIMT_DISJOINT_SLICE_ANY_ELEMENT).
  SIMT_DISJOINT_SLICE_ANY_ELEMENT
  /// Elements [i, i + N) from v, the vector form of at_mut(i): one vector store when all N are
  /// inside the slice and the address is aligned to the vector (N * sizeof(T)), element stores
  /// of those inside otherwise (N a power of two). An i at or past size() stops the thread;
  /// simt-global-race proves that no other thread touches the elements written. A cache policy
  /// as TileRef::store's.
  template <size_t N, cache::store_policy Policy = cache::normal>
  void store(size_t i, const Vec<T, N>& v SIMT_GLOBAL_WHERE) {
    static_assert(__is_same(Policy, cache::normal) || detail::hinted::fits<T, N>,
                  "a cache policy other than normal moves at most 16 bytes of 4- or 8-byte elements");
    if (i >= size_) detail::bounds_fail(i, size_ SIMT_GLOBAL_PASS(where));
    const size_t count = size_ - i < N ? size_ - i : N;
    SIMT_GLOBAL_NOTE(where, data_ + i, count, write)
    detail::hinted::write_vector<T, N, Policy>(data_ + i, count, v);
  }
  /// Element `i`, whichever thread owns it, without a bounds check: the caller guarantees that
  /// no other thread writes or reads it concurrently and that i < size().
  SIMT_REQUIRES_UNSAFE T& get_unchecked_mut(size_t i SIMT_GLOBAL_WHERE) {
    SIMT_GLOBAL_NOTE(where, data_ + i, 1, write)
    return data_[i];
  }
  /// Elements [i, i + N) as one vector store when the address is aligned to the vector (else
  /// one store per element), whichever thread owns them, without a bounds check: the caller
  /// guarantees that no other thread accesses them concurrently and that i + N <= size().
  template <size_t N>
  SIMT_REQUIRES_UNSAFE void store_unchecked(size_t i, const Vec<T, N>& v SIMT_GLOBAL_WHERE) {
    SIMT_GLOBAL_NOTE(where, data_ + i, N, write)
    detail::hinted::write_vector<T, N, cache::normal>(data_ + i, N, v);
  }
  /// The address of the first element (a raw pointer).
  SIMT_REQUIRES_UNSAFE T* data() { return data_; }

#if !defined(__SIMTC__)
  DisjointSlice(T* data, size_t size) : data_(data), size_(size) {}
  detail::race::View race_view() const { return {data_, size_ * sizeof(T), sizeof(T)}; }
#endif

 private:
  T* data_;
  size_t size_;
};

/// A row-major matrix whose row width the host passes with the buffer at launch: each thread
/// owns the element at its (row, col) = (global y, global x) when col < row_width().
template <class T>
class DisjointSlice<T, space::RuntimeRows> {
 public:
  using value_type = T;
  using index_space = space::RuntimeRows;

  size_t size() const { return size_; }
  /// The row width (elements per row) the host bound at launch.
  size_t row_width() const { return width_; }

  /// The element at the index's (row, col) in this slice's own row width, or an empty handle
  /// when col >= row_width(), the element lies past the end or the row width does not fit in
  /// 32 bits (launches bind 32-bit widths). Computed from this slice's
  /// width, not the width of the slice the index came from, so it is one element per thread
  /// whatever slice the index was taken from.
  SIMT_OWNER_ACCESS ElementRef<T> get_mut(const ThreadIndex<space::RuntimeRows>& index SIMT_GLOBAL_WHERE) {
    // Row and column fit in 32 bits (column kNoCoord, never below a 32-bit width, when the
    // index is invalid), so row * width + col cannot wrap in 64 bits.
    const uint32_t row = detail::IndexMint::row(index), col = detail::IndexMint::col(index), width = detail::width32(width_);
    const size_t i = size_t(row) * width + col;
    const bool owned = col < width && i < size_;
    SIMT_GLOBAL_NOTE(where, data_ + i, owned ? 1 : 0, write)
    return ElementRef<T>(data_ + (owned ? i : 0), owned);
  }
#if defined(__SIMTC__)
  template <class Other>
  SIMT_INDEX_SPACE_MISMATCH ElementRef<T> get_mut(const ThreadIndex<Other>&) {
    trap();
  }
#else
  template <class Other>
  ElementRef<T> get_mut(const ThreadIndex<Other>&) {
    static_assert(sizeof(Other) == 0, "a DisjointSlice<T, RuntimeRows> takes only an index from "
                                      "simt::thread::index_2d_runtime()");
  }
#endif

  /// Element i: at_mut(i) and operator[](i), as in DisjointSlice above.
  SIMT_DISJOINT_SLICE_ANY_ELEMENT
  /// Element (row, col) in the row width the host bound, bounds-checked like at_mut(i) and
  /// col < row_width().
  T& at_mut(size_t row, size_t col SIMT_GLOBAL_WHERE) {
    if (col >= width_) detail::bounds_fail(col, width_);
    if (row >= size_ / (width_ != 0 ? width_ : 1)) detail::bounds_fail(row, size_ / (width_ != 0 ? width_ : 1));
    SIMT_GLOBAL_NOTE(where, data_ + row * width_ + col, 1, write)
    return data_[row * width_ + col];
  }
  SIMT_REQUIRES_UNSAFE T& get_unchecked_mut(size_t i SIMT_GLOBAL_WHERE) {
    SIMT_GLOBAL_NOTE(where, data_ + i, 1, write)
    return data_[i];
  }
  SIMT_REQUIRES_UNSAFE T* data() { return data_; }

#if !defined(__SIMTC__)
  DisjointSlice(T* data, size_t size, size_t row_width) : data_(data), size_(size), width_(row_width) {}
  detail::race::View race_view() const { return {data_, size_ * sizeof(T), sizeof(T)}; }
#endif

 private:
  T* data_;
  size_t size_;
  size_t width_;
};

namespace thread {
/// (global y, global x) as a 2-D index in the row width `slice` was launched with;
/// get() is row * row_width() + col, or invalid when col >= row_width() or the launch has
/// more than one thread in z.
template <class T>
ThreadIndex<space::RuntimeRows> index_2d_runtime(const DisjointSlice<T, space::RuntimeRows>& slice) {
  // Under a launch with threads in z, the column (and so the index) is invalid: threads of
  // different z would share (row, col). The row stays as it is, one 32-bit value.
  const size_t row = detail::global_y(), col = detail::launch_is_2d() ? detail::global_x() : detail::kNoIndex;
  const uint32_t width = detail::width32(slice.row_width());
  const bool owns = col < width && row < detail::kNoCoord;
  return detail::IndexMint::make<space::RuntimeRows>(owns ? row * width + col : detail::kNoIndex, row, col);
}
}  // namespace thread

}  // namespace simt
