// Running kernels on the CPU: the host reference.
//
// A kernel file is C++ that also compiles with a host compiler; this header launches such a
// kernel over a grid on the CPU, so its results can serve as the reference for the GPU (the
// differential tests) or as a fallback where there is no GPU. Blocks run one after another;
// the threads of a block run as fibers (simt/device/host_fibers.hpp), so barriers, warp
// operations and shared memory behave as on the GPU. Host builds only.
#pragma once

#if defined(__SIMTC__)
#error "simt/host.hpp is for host code; kernel files include <simt/kernel.hpp>"
#endif

#include <cstddef>
#include <cstdint>
#include <vector>

#include "simt/kernel.hpp"

namespace simt::host {

/// A grid or block extent (x, y, z).
struct Extent {
  std::uint32_t x = 1, y = 1, z = 1;
};

/// A launch configuration: grid and block extents and the bytes of dynamic shared memory
/// (what simt::dynamic_shared<T>() sees).
struct LaunchSpec {
  Extent grid;
  Extent block;
  std::size_t dynamic_shared_bytes = 0;
};

/// Runs `kernel(args...)` once per thread of the launch, with simt::thread, simt::block and
/// simt::grid reporting that thread's coordinates.
template <class Kernel, class... Args>
void launch(const LaunchSpec& spec, Kernel&& kernel, Args&&... args) {
  auto body = [&] { kernel(args...); };
  using Body = decltype(body);
  const std::uint32_t grid[3] = {spec.grid.x, spec.grid.y, spec.grid.z};
  const std::uint32_t block[3] = {spec.block.x, spec.block.y, spec.block.z};
  simt::detail::fiber::run_grid(grid, block, spec.dynamic_shared_bytes,
                                [](void* b) { (*static_cast<Body*>(b))(); }, &body);
}

/// Runs `kernel(args...)` once per thread of `grid` x `block` (no dynamic shared memory).
template <class Kernel, class... Args>
void launch(Extent grid, Extent block, Kernel&& kernel, Args&&... args) {
  launch(LaunchSpec{grid, block, 0}, kernel, args...);
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
/// A DisjointSlice of another index space: disjoint<simt::space::Rows<64>>(v),
/// disjoint<simt::space::Tile<4>>(v).
template <class Space, class T>
DisjointSlice<T, Space> disjoint(std::vector<T>& v) {
  return DisjointSlice<T, Space>(v.data(), v.size());
}
/// A row-major matrix with `row_width` elements per row (simt::space::RuntimeRows).
template <class T>
DisjointSlice<T, space::RuntimeRows> disjoint_rows(std::vector<T>& v, std::size_t row_width) {
  return DisjointSlice<T, space::RuntimeRows>(v.data(), v.size(), row_width);
}

/// An AtomicSlice over a host vector (for kernels that update it atomically).
template <class T>
AtomicSlice<T> atomic(std::vector<T>& v) {
  return AtomicSlice<T>(v.data(), v.size());
}

}  // namespace simt::host
