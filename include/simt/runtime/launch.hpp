// simt runtime: launch shapes. Generated launchers take the 1D/2D/3D configs; the runtime
// launches the LaunchShape they all convert to.
#pragma once

#include <cstddef>
#include <cstdint>
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

/// "grid (x, y, z), block (x, y, z), shared N bytes".
std::string to_string(const LaunchShape& shape);

}  // namespace simt
