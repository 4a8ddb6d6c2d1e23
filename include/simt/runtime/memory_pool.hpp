// simt runtime: memory pools, the source of stream-ordered allocations (DeviceBuffer::allocate_async).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "simt/runtime/context.hpp"

struct CUmemPoolHandle_st;  // the driver's CUmemoryPool

namespace simt {

/// A pool of device memory that stream-ordered allocations come from (cuMemAllocFromPoolAsync).
/// Freed memory goes back to the pool and is reused by later allocations on the same stream
/// at no cost; the pool keeps up to its release threshold reserved across synchronizations.
/// Copies share the one pool; an owned pool is destroyed with the last copy and the last
/// buffer allocated from it. Keeps its Context alive.
class MemoryPool {
public:
  /// The device's default pool (cuDeviceGetDefaultMemPool), which DeviceBuffer::allocate_async
  /// without a pool uses. Not owned: it lives as long as the device.
  static MemoryPool device_default(const Context& context);
  /// Creates a pool of device memory on `context`'s device (cuMemPoolCreate).
  explicit MemoryPool(const Context& context);

  /// Bytes the pool keeps reserved when the device synchronizes instead of returning them to
  /// the system (CU_MEMPOOL_ATTR_RELEASE_THRESHOLD; the driver's default is 0). UINT64_MAX
  /// keeps everything, which makes steady-state allocation free of driver round trips.
  void set_release_threshold(std::uint64_t bytes) const;
  /// Returns unused memory to the system until the pool holds at most `bytes_to_keep`
  /// (cuMemPoolTrimTo).
  void trim_to(std::size_t bytes_to_keep) const;

  /// The context (device) the pool allocates on.
  const Context& context() const noexcept { return context_; }
  /// The driver's CUmemoryPool.
  CUmemPoolHandle_st* native_handle() const noexcept { return handle_.get(); }

private:
  MemoryPool(Context context, std::shared_ptr<CUmemPoolHandle_st> handle);
  Context context_;
  std::shared_ptr<CUmemPoolHandle_st> handle_;
};

}  // namespace simt
