// simt runtime: a device's primary CUDA context, shared by every handle created from it.
#pragma once

#include <array>
#include <cstddef>
#include <memory>
#include <string>

struct CUctx_st;  // the driver's CUcontext, kept opaque so cuda.h stays out of public headers

namespace simt {

namespace detail {
struct ContextState;
struct ContextAccess;
}  // namespace detail

/// Device properties the runtime and generated launchers check shapes against.
struct DeviceLimits {
  int compute_capability = 0;           ///< major * 10 + minor, e.g. 90 for sm_90
  int sm_count = 0;                     ///< streaming multiprocessors
  int warp_size = 0;                    ///< threads per warp
  int max_threads_per_block = 0;        ///< product of a block's dimensions may not exceed this
  std::array<int, 3> max_block_dim{};   ///< per-dimension block limits (x, y, z)
  std::array<int, 3> max_grid_dim{};    ///< per-dimension grid limits (x, y, z)
  std::size_t max_shared_per_block = 0;        ///< static + dynamic shared memory without opt-in
  std::size_t max_shared_per_block_optin = 0;  ///< with Kernel::set_max_dynamic_shared opt-in
  std::size_t max_shared_per_sm = 0;           ///< shared memory of one multiprocessor
  int max_registers_per_block = 0;             ///< 32-bit registers available to one block
  std::size_t total_memory = 0;                ///< device memory in bytes
};

/// The primary context of one device. Copies share the one retained context; it is released
/// when the last Context, and the last handle created from it, is gone.
class Context {
public:
  /// Retains the primary context of device `device_ordinal`. Throws DriverNotFound, NoDevice,
  /// or UsageError when the ordinal is out of range.
  static Context primary(int device_ordinal = 0);

  /// The device ordinal this context belongs to.
  int device() const noexcept;
  /// The device's marketing name, e.g. "NVIDIA H200".
  std::string device_name() const;
  /// major * 10 + minor, e.g. 90.
  int compute_capability() const;
  /// The device limits, queried once per context and cached.
  DeviceLimits limits() const;
  /// Waits for all work issued on this context (every stream); reports kernel faults.
  void synchronize() const;
  /// Free device memory in bytes (cuMemGetInfo).
  std::size_t free_memory() const;
  /// The driver's CUcontext, for interoperation with other CUDA code.
  CUctx_st* native_handle() const noexcept;

  /// Two Contexts are equal when they refer to the same driver context.
  friend bool operator==(const Context& a, const Context& b) noexcept {
    return a.native_handle() == b.native_handle();
  }

private:
  friend struct detail::ContextAccess;
  explicit Context(std::shared_ptr<detail::ContextState> state);
  std::shared_ptr<detail::ContextState> state_;
};

}  // namespace simt
