// simt runtime: a device's primary CUDA context, shared by every handle created from it.
#pragma once

#include <array>
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

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

  /// The primary context of device `device_ordinal`, as primary() does.
  static Context device(int device_ordinal) { return primary(device_ordinal); }
  /// The number of devices (simt::device_count()).
  static int device_count();
  /// The primary context of every device, in ordinal order (empty without devices).
  static std::vector<Context> all();
  /// The calling thread's current context, as the CUDA runtime (cudart, cuBLAS, PyTorch) left
  /// it: it must be a device's primary context, which is the one cudart uses. Throws
  /// UsageError when no context is current or it is not a primary context.
  static Context current();

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
  /// The stream priorities the device supports: lower numbers run first, so `greatest` is
  /// numerically the smallest (cuCtxGetStreamPriorityRange), e.g. {0, -5}.
  struct StreamPriorities {
    int least = 0;     ///< the default priority
    int greatest = 0;  ///< the most urgent
  };
  StreamPriorities stream_priorities() const;

  /// True when kernels and copies of this context may access `peer`'s memory directly
  /// (cuDeviceCanAccessPeer); false for the same device.
  bool can_access_peer(const Context& peer) const;
  /// Lets this context access `peer`'s memory (cuCtxEnablePeerAccess); enabling it twice is
  /// fine. Throws UsageError when the devices cannot (can_access_peer) or they are the same.
  void enable_peer_access(const Context& peer) const;

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
