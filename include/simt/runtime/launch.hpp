// simt runtime: launch shapes. Generated launchers take the 1D/2D/3D configs; the runtime
// launches the LaunchShape they all convert to.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace simt {

/// Three extents, each defaulting to 1.
struct Dim3 {
  std::uint32_t x = 1, y = 1, z = 1;
  friend bool operator==(const Dim3&, const Dim3&) = default;
};

/// Two extents, each defaulting to 1.
struct Dim2 {
  std::uint32_t x = 1, y = 1;
  friend bool operator==(const Dim2&, const Dim2&) = default;
};

/// What cuLaunchKernel takes: grid and block extents and the dynamic shared memory size.
struct LaunchShape {
  Dim3 grid;                       ///< blocks per grid
  Dim3 block;                      ///< threads per block
  std::uint32_t shared_bytes = 0;  ///< dynamic shared memory per block
  friend bool operator==(const LaunchShape&, const LaunchShape&) = default;
};

/// A one-dimensional launch: `grid` blocks of `block` threads.
struct LaunchConfig1D {
  std::uint32_t grid = 1;          ///< blocks
  std::uint32_t block = 1;         ///< threads per block
  std::uint32_t shared_bytes = 0;  ///< dynamic shared memory per block

  /// Enough blocks of `block` threads to cover `n` elements (ceil(n / block); 0 when n == 0).
  /// Throws UsageError when block == 0 or the grid would exceed 2^31 - 1 blocks.
  static LaunchConfig1D cover(std::size_t n, std::uint32_t block);
  /// The equivalent LaunchShape.
  LaunchShape shape() const noexcept { return {{grid, 1, 1}, {block, 1, 1}, shared_bytes}; }
  /// Lets the config be passed wherever a LaunchShape is expected.
  operator LaunchShape() const noexcept { return shape(); }  // NOLINT(google-explicit-constructor)
};

/// A two-dimensional launch.
struct LaunchConfig2D {
  Dim2 grid;                       ///< blocks per grid
  Dim2 block;                      ///< threads per block
  std::uint32_t shared_bytes = 0;  ///< dynamic shared memory per block

  /// The equivalent LaunchShape.
  LaunchShape shape() const noexcept { return {{grid.x, grid.y, 1}, {block.x, block.y, 1}, shared_bytes}; }
  /// Lets the config be passed wherever a LaunchShape is expected.
  operator LaunchShape() const noexcept { return shape(); }  // NOLINT(google-explicit-constructor)
};

/// A three-dimensional launch.
struct LaunchConfig3D {
  Dim3 grid;                       ///< blocks per grid
  Dim3 block;                      ///< threads per block
  std::uint32_t shared_bytes = 0;  ///< dynamic shared memory per block

  /// The equivalent LaunchShape.
  LaunchShape shape() const noexcept { return {grid, block, shared_bytes}; }
  /// Lets the config be passed wherever a LaunchShape is expected.
  operator LaunchShape() const noexcept { return shape(); }  // NOLINT(google-explicit-constructor)
};

/// How a kernel is launched beyond its shape (cuLaunchKernelEx's launch attributes). Attach them
/// to a stream handle (Stream::with_launch_attributes); launches on it then use them.
struct LaunchAttributes {
  /// All blocks resident at once, so they may wait on each other (a grid-wide barrier); the
  /// launch is checked against occupancy x SM count first (CU_LAUNCH_ATTRIBUTE_COOPERATIVE).
  bool cooperative = false;
  /// Thread block cluster shape, in blocks; cluster.x == 0: no clusters. Each grid extent must
  /// be a multiple of it; needs compute capability 9.0 (CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION).
  Dim3 cluster{0, 0, 0};
  /// The launch's priority, overriding the stream's (CU_LAUNCH_ATTRIBUTE_PRIORITY).
  std::optional<int> priority;

  /// True when no attribute is set: a plain cuLaunchKernel.
  bool empty() const noexcept { return !cooperative && cluster.x == 0 && !priority; }
  friend bool operator==(const LaunchAttributes&, const LaunchAttributes&) = default;
};

/// A cooperative launch.
inline LaunchAttributes cooperative_launch() {
  LaunchAttributes attributes;
  attributes.cooperative = true;
  return attributes;
}
/// A launch in thread block clusters of x * y * z blocks.
inline LaunchAttributes cluster_launch(std::uint32_t x, std::uint32_t y = 1, std::uint32_t z = 1) {
  LaunchAttributes attributes;
  attributes.cluster = {x, y, z};
  return attributes;
}

/// "grid (x, y, z), block (x, y, z), shared N bytes".
std::string to_string(const LaunchShape& shape);

}  // namespace simt
