// Running kernels on the CPU: the host reference.
//
// A kernel file is C++ that also compiles with a host compiler; this header launches such a
// kernel over a grid on the CPU, one thread after another, so its results can serve as the
// reference for the GPU (the differential tests) or as a fallback where there is no GPU.
// Host builds only.
#pragma once

#if defined(__SIMTC__)
#error "simt/host.hpp is for host code; kernel files include <simt/kernel.hpp>"
#endif

#include <cstdint>
#include <vector>

#include "simt/kernel.hpp"

namespace simt::host {

/// A grid or block extent (x, y, z).
struct Extent {
  std::uint32_t x = 1, y = 1, z = 1;
};

/// Runs `kernel(args...)` once per thread of `grid` x `block`, with simt::thread,
/// simt::block and simt::grid reporting that thread's coordinates. Threads run one after
/// another, so kernels that synchronise threads of a block are not supported here.
template <class Kernel, class... Args>
void launch(Extent grid, Extent block, Kernel&& kernel, Args&&... args) {
  auto& state = simt::detail::host_thread;
  const simt::detail::HostThreadState saved = state;
  state.ntid[0] = block.x, state.ntid[1] = block.y, state.ntid[2] = block.z;
  state.nctaid[0] = grid.x, state.nctaid[1] = grid.y, state.nctaid[2] = grid.z;
  for (std::uint32_t bz = 0; bz < grid.z; ++bz)
    for (std::uint32_t by = 0; by < grid.y; ++by)
      for (std::uint32_t bx = 0; bx < grid.x; ++bx)
        for (std::uint32_t tz = 0; tz < block.z; ++tz)
          for (std::uint32_t ty = 0; ty < block.y; ++ty)
            for (std::uint32_t tx = 0; tx < block.x; ++tx) {
              state.ctaid[0] = bx, state.ctaid[1] = by, state.ctaid[2] = bz;
              state.tid[0] = tx, state.tid[1] = ty, state.tid[2] = tz;
              kernel(args...);
            }
  state = saved;
}

/// A one-dimensional launch of `grid` blocks of `block` threads.
template <class Kernel, class... Args>
void launch_1d(std::uint32_t grid, std::uint32_t block, Kernel&& kernel, Args&&... args) {
  launch(Extent{grid, 1, 1}, Extent{block, 1, 1}, kernel, args...);
}

/// Views of host vectors with the kernel parameter types.
template <class T>
Slice<const T> slice(const std::vector<T>& v) {
  return Slice<const T>(v.data(), v.size());
}
template <class T>
DisjointSlice<T> disjoint(std::vector<T>& v) {
  return DisjointSlice<T>(v.data(), v.size());
}

}  // namespace simt::host
