// Thread, block and grid coordinates, and the ThreadIndex witness.
#pragma once

#include "simt/device/config.hpp"

namespace simt {

namespace detail {
#if defined(__SIMTC__)
SIMT_BUILTIN("tid.x") uint32_t tid_x();
SIMT_BUILTIN("tid.y") uint32_t tid_y();
SIMT_BUILTIN("tid.z") uint32_t tid_z();
SIMT_BUILTIN("ntid.x") uint32_t ntid_x();
SIMT_BUILTIN("ntid.y") uint32_t ntid_y();
SIMT_BUILTIN("ntid.z") uint32_t ntid_z();
SIMT_BUILTIN("ctaid.x") uint32_t ctaid_x();
SIMT_BUILTIN("ctaid.y") uint32_t ctaid_y();
SIMT_BUILTIN("ctaid.z") uint32_t ctaid_z();
SIMT_BUILTIN("nctaid.x") uint32_t nctaid_x();
SIMT_BUILTIN("nctaid.y") uint32_t nctaid_y();
SIMT_BUILTIN("nctaid.z") uint32_t nctaid_z();
#else
/// The coordinates of the thread the host reference is running (set by simt::host::launch).
struct HostThreadState {
  uint32_t tid[3] = {0, 0, 0}, ntid[3] = {1, 1, 1}, ctaid[3] = {0, 0, 0}, nctaid[3] = {1, 1, 1};
};
inline thread_local HostThreadState host_thread;
inline uint32_t tid_x() { return host_thread.tid[0]; }
inline uint32_t tid_y() { return host_thread.tid[1]; }
inline uint32_t tid_z() { return host_thread.tid[2]; }
inline uint32_t ntid_x() { return host_thread.ntid[0]; }
inline uint32_t ntid_y() { return host_thread.ntid[1]; }
inline uint32_t ntid_z() { return host_thread.ntid[2]; }
inline uint32_t ctaid_x() { return host_thread.ctaid[0]; }
inline uint32_t ctaid_y() { return host_thread.ctaid[1]; }
inline uint32_t ctaid_z() { return host_thread.ctaid[2]; }
inline uint32_t nctaid_x() { return host_thread.nctaid[0]; }
inline uint32_t nctaid_y() { return host_thread.nctaid[1]; }
inline uint32_t nctaid_z() { return host_thread.nctaid[2]; }
#endif
}  // namespace detail

/// Index spaces: how a DisjointSlice<T, Space> hands its elements to the threads of a launch.
/// Each index function of simt::thread returns a ThreadIndex<Space>, and a DisjointSlice takes
/// only an index of its own space, so no two threads can ever own the same element.
namespace space {
/// 1-D: element i belongs to the thread whose blockIdx.x * blockDim.x + threadIdx.x is i.
struct Linear {};
/// 2-D with a compile-time row width W: element row * W + col belongs to the thread at grid
/// column col (x) and row row (y); threads at col >= W own nothing.
template <uint32_t W>
struct Rows {
  static_assert(W > 0, "simt::space::Rows<W>: a row holds at least one element");
};
/// 2-D with the row width the host binds at launch, passed with the slice itself
/// (DisjointSlice<T, RuntimeRows>::row_width()): no thread can choose another width.
struct RuntimeRows {};
/// A small fixed tile per thread: elements [N * i, N * i + N) belong to the thread of 1-D index i.
template <uint32_t N>
struct Tile {
  static_assert(N >= 1 && N <= 256, "simt::space::Tile<N>: a tile holds 1 to 256 elements");
};
}  // namespace space

namespace detail {
struct IndexMint;
/// The value of an index that owns nothing: larger than any slice.
inline constexpr size_t kNoIndex = ~size_t(0);
/// A 2-D index's row or column when it owns nothing: past every 32-bit extent.
inline constexpr uint32_t kNoCoord = ~uint32_t(0);
/// A row width as 32 bits, 0 (no thread owns anything) when it does not fit; launches bind
/// 32-bit widths.
inline uint32_t width32(size_t width) { return (width >> 32) == 0 ? uint32_t(width) : 0; }
template <class Space>
inline constexpr bool is_2d_space = false;
template <uint32_t W>
inline constexpr bool is_2d_space<space::Rows<W>> = true;
template <>
inline constexpr bool is_2d_space<space::RuntimeRows> = true;
}  // namespace detail

/// Proof that the running thread owns an element (or a tile) of an index space. Only the index
/// functions of simt::thread create one; it cannot be copied, moved or assigned, so a thread
/// cannot forge another thread's index or hand its own to anyone.
template <class Space = space::Linear>
class ThreadIndex {
 public:
  ThreadIndex(const ThreadIndex&) = delete;
  ThreadIndex& operator=(const ThreadIndex&) = delete;

  /// The linear index this thread owns (a tile's first element). An index that is invalid
  /// for the launch (see the index functions) is larger than any slice, so writes through it
  /// do nothing.
  size_t get() const { return value_; }
  /// 2-D spaces: this thread's row (global y) and column (global x); both are invalid (larger
  /// than any extent) when the launch has more than one thread in z.
  size_t row() const
    requires detail::is_2d_space<Space>
  {
    return row_ == detail::kNoCoord || col_ == detail::kNoCoord ? detail::kNoIndex : row_;
  }
  size_t col() const
    requires detail::is_2d_space<Space>
  {
    return col_ == detail::kNoCoord ? detail::kNoIndex : col_;
  }

 private:
  friend struct detail::IndexMint;
  ThreadIndex(size_t value, uint32_t row, uint32_t col) : value_(value), row_(row), col_(col) {}
  size_t value_;
  // 32 bits, so that a slice's row * width + col is one 32 x 32 -> 64-bit multiply.
  uint32_t row_;
  uint32_t col_;
};

namespace detail {
/// The one place ThreadIndex values are made (user code may not name simt::detail: rule
/// simt-thread-index).
struct IndexMint {
  template <class Space>
  static ThreadIndex<Space> make(size_t value) {
    return ThreadIndex<Space>(value, kNoCoord, kNoCoord);
  }
  /// A coordinate that does not fit in 32 bits makes the column invalid, and with it the
  /// index (no slice's get_mut accepts column kNoCoord, whatever the row).
  template <class Space>
  static ThreadIndex<Space> make(size_t value, size_t row, size_t col) {
    const bool fits = row < kNoCoord && col < kNoCoord;
    return ThreadIndex<Space>(value, row < kNoCoord ? uint32_t(row) : kNoCoord, fits ? uint32_t(col) : kNoCoord);
  }
  /// The stored coordinates (kNoCoord when invalid), for the slices' get_mut.
  template <class Space>
  static uint32_t row(const ThreadIndex<Space>& index) {
    return index.row_;
  }
  template <class Space>
  static uint32_t col(const ThreadIndex<Space>& index) {
    return index.col_;
  }
};
inline bool launch_is_1d() {
  return ntid_y() == 1 && ntid_z() == 1 && nctaid_y() == 1 && nctaid_z() == 1;
}
inline bool launch_is_2d() { return ntid_z() == 1 && nctaid_z() == 1; }
inline size_t global_x() { return size_t(ctaid_x()) * ntid_x() + tid_x(); }
inline size_t global_y() { return size_t(ctaid_y()) * ntid_y() + tid_y(); }
}  // namespace detail

namespace thread {
/// threadIdx.x/y/z: this thread's coordinates within its block.
inline uint32_t index_x() { return detail::tid_x(); }
inline uint32_t index_y() { return detail::tid_y(); }
inline uint32_t index_z() { return detail::tid_z(); }

/// blockIdx.x * blockDim.x + threadIdx.x as a ThreadIndex of the 1-D space. Under a launch
/// whose block or grid has more than one thread in y or z, several threads would share one x
/// coordinate; there the index is invalid (every get_mut through it is empty), so no two
/// threads can ever own the same element.
inline ThreadIndex<space::Linear> index_1d() {
  if (!detail::launch_is_1d()) return detail::IndexMint::make<space::Linear>(detail::kNoIndex);
  return detail::IndexMint::make<space::Linear>(detail::global_x());
}

/// (global y, global x) as the element row * W + col of a row-major matrix with W columns.
/// Threads at col >= W own nothing, nor does any thread under a launch with more than one
/// thread in z.
template <uint32_t W>
ThreadIndex<space::Rows<W>> index_2d() {
  if (!detail::launch_is_2d() || detail::global_x() >= W)
    return detail::IndexMint::make<space::Rows<W>>(detail::kNoIndex);
  const size_t row = detail::global_y(), col = detail::global_x();
  return detail::IndexMint::make<space::Rows<W>>(row * W + col, row, col);
}

/// The 1-D index i as the tile of N elements [N * i, N * i + N); invalid like index_1d().
template <uint32_t N>
ThreadIndex<space::Tile<N>> index_tile() {
  if (!detail::launch_is_1d()) return detail::IndexMint::make<space::Tile<N>>(detail::kNoIndex);
  return detail::IndexMint::make<space::Tile<N>>(detail::global_x() * N);
}
}  // namespace thread

namespace block {
/// blockIdx.x/y/z: this block's coordinates within the grid.
inline uint32_t index_x() { return detail::ctaid_x(); }
inline uint32_t index_y() { return detail::ctaid_y(); }
inline uint32_t index_z() { return detail::ctaid_z(); }
/// blockDim.x/y/z: threads per block in each dimension.
inline uint32_t dim_x() { return detail::ntid_x(); }
inline uint32_t dim_y() { return detail::ntid_y(); }
inline uint32_t dim_z() { return detail::ntid_z(); }
}  // namespace block

namespace grid {
/// gridDim.x/y/z: blocks per grid in each dimension.
inline uint32_t dim_x() { return detail::nctaid_x(); }
inline uint32_t dim_y() { return detail::nctaid_y(); }
inline uint32_t dim_z() { return detail::nctaid_z(); }
}  // namespace grid

}  // namespace simt

#if !defined(__SIMTC__)
#include "simt/device/host_fault.hpp"
#endif
