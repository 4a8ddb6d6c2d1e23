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
struct IndexMint;
}  // namespace detail

/// Proof that the running thread owns one element of an index space. Only the index
/// functions below create one; it cannot be copied, moved or assigned, so a thread cannot
/// forge another thread's index or hand its own to anyone.
class ThreadIndex {
 public:
  ThreadIndex(const ThreadIndex&) = delete;
  ThreadIndex& operator=(const ThreadIndex&) = delete;

  /// The linear index this thread owns. An index that is invalid for the launch (see
  /// index_1d) is larger than any slice, so writes through it do nothing.
  size_t get() const { return value_; }

 private:
  friend struct detail::IndexMint;
  explicit ThreadIndex(size_t value) : value_(value) {}
  size_t value_;
};

namespace detail {
struct IndexMint {
  static ThreadIndex make(size_t value) { return ThreadIndex(value); }
};
}  // namespace detail

namespace thread {
/// threadIdx.x/y/z: this thread's coordinates within its block.
inline uint32_t index_x() { return detail::tid_x(); }
inline uint32_t index_y() { return detail::tid_y(); }
inline uint32_t index_z() { return detail::tid_z(); }

/// blockIdx.x * blockDim.x + threadIdx.x as a ThreadIndex. Under a launch whose block or
/// grid has more than one thread in y or z, several threads would share one x coordinate;
/// there the index is invalid (every get_mut through it is empty), so no two threads can
/// ever own the same element.
inline ThreadIndex index_1d() {
  if (detail::ntid_y() != 1 || detail::ntid_z() != 1 || detail::nctaid_y() != 1 ||
      detail::nctaid_z() != 1)
    return detail::IndexMint::make(~size_t(0));
  return detail::IndexMint::make(size_t(detail::ctaid_x()) * detail::ntid_x() + detail::tid_x());
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
