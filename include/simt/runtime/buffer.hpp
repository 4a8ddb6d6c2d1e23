// simt runtime: owning device and pinned host buffers.
#pragma once

#include <cstddef>
#include <bit>
#include <cstdint>
#include <memory>
#include <span>
#include <type_traits>
#include <vector>

#include "simt/runtime/context.hpp"
#include "simt/runtime/memory_pool.hpp"
#include "simt/runtime/stream.hpp"
#include "simt/runtime/view.hpp"

namespace simt {

namespace detail {

/// Untyped owner of one cuMemAlloc allocation; zero bytes allocate nothing. Keeps the Context
/// alive. Synchronous operations first wait for all work on the context, then complete.
class DeviceMemory {
public:
  /// Allocates `bytes` on the context's device.
  DeviceMemory(const Context& context, std::size_t bytes);
  /// Allocates `bytes` in stream order on `stream` (cuMemAllocAsync, or
  /// cuMemAllocFromPoolAsync from `pool` when non-null); freed in stream order on it too.
  DeviceMemory(const Stream& stream, std::size_t bytes, const MemoryPool* pool);
  /// Device address (0 when empty or moved from).
  std::uint64_t device_ptr() const noexcept;
  /// Size in bytes (0 when moved from).
  std::size_t bytes() const noexcept;
  /// The owning context; throws UsageError on a moved-from buffer.
  const Context& context() const;
  /// Copies `bytes` from host `src` to the start; queued on `stream` when it is non-null.
  void upload(const void* src, std::size_t bytes, const Stream* stream);
  /// Copies `bytes` from the start to host `dst`; queued on `stream` when it is non-null.
  void download(void* dst, std::size_t bytes, const Stream* stream) const;
  /// Sets every byte to `value`; queued on `stream` when it is non-null.
  void fill(unsigned char value, const Stream* stream) { fill_pattern(value, 1, stream); }
  /// Sets every `width`-byte word (1, 2 or 4) to the low bytes of `pattern` (cuMemsetD8/16/32);
  /// queued on `stream` when it is non-null.
  void fill_pattern(std::uint32_t pattern, unsigned width, const Stream* stream);
  /// The memory is not freed before the work queued on `stream` until the free is done.
  void record_stream(const Stream& stream);
  /// The stream a stream-ordered allocation is freed on; null for cuMemAlloc memory.
  const Stream* free_stream() const noexcept;
private:
  struct Allocation;
  struct Free {
    void operator()(Allocation* allocation) const noexcept;
  };
  std::unique_ptr<Allocation, Free> allocation_;
};

/// Untyped owner of one cuMemHostAlloc allocation; zero bytes allocate nothing.
class PinnedMemory {
public:
  /// Allocates `bytes` of page-locked host memory through the context.
  PinnedMemory(const Context& context, std::size_t bytes);
  /// Start of the allocation (null when empty or moved from).
  void* data() const noexcept;
  /// Size in bytes (0 when moved from).
  std::size_t bytes() const noexcept;

private:
  struct Allocation;
  struct Free {
    void operator()(Allocation* allocation) const noexcept;
  };
  std::unique_ptr<Allocation, Free> allocation_;
};

/// The bits of a 1-, 2- or 4-byte `value`, as cuMemsetD8/D16/D32 take them.
template <class T>
  requires(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4)
std::uint32_t fill_pattern_of(const T& value) noexcept {
  if constexpr (sizeof(T) == 1) return std::bit_cast<std::uint8_t>(value);
  else if constexpr (sizeof(T) == 2) return std::bit_cast<std::uint16_t>(value);
  else return std::bit_cast<std::uint32_t>(value);
}

/// n * element_size, or UsageError naming `what` when that overflows.
std::size_t checked_bytes(const char* what, std::size_t n, std::size_t element_size);
/// Throws UsageError "<what>: host span has H elements but the buffer has B; ..." when H != B.
void check_same_size(const char* what, std::size_t host_elements, std::size_t buffer_elements);

}  // namespace detail

/// An owning array of `size()` elements of T in device memory. Move-only; a moved-from buffer
/// is empty. Keeps its Context alive. Synchronous copies and fills first wait for all work
/// issued on the context, so results of kernels on any stream are visible; the *_async forms
/// are ordered on the given stream only.
template <class T>
class DeviceBuffer {
  static_assert(std::is_trivially_copyable_v<T>, "DeviceBuffer<T> needs a trivially copyable T");
  static_assert(!std::is_const_v<T> && !std::is_volatile_v<T>, "DeviceBuffer<T> needs an unqualified T");

public:
  /// A buffer holding a copy of `host`.
  static DeviceBuffer from_host(const Context& context, std::span<const T> host) {
    DeviceBuffer buffer = uninitialized(context, host.size());
    buffer.copy_from_host(host);
    return buffer;
  }
  /// A buffer of `n` elements whose bytes are all zero.
  static DeviceBuffer zeroed(const Context& context, std::size_t n) {
    DeviceBuffer buffer = uninitialized(context, n);
    buffer.fill_bytes(0);
    return buffer;
  }
  /// A buffer of `n` elements with unspecified contents.
  static DeviceBuffer uninitialized(const Context& context, std::size_t n) {
    return DeviceBuffer(detail::DeviceMemory(context, detail::checked_bytes("DeviceBuffer", n, sizeof(T))));
  }
  /// A stream-ordered buffer of `n` elements with unspecified contents, from the device's
  /// default memory pool (cuMemAllocAsync): usable by work queued on `stream` from now on,
  /// without a host synchronization. Its destructor frees it in order on `stream`
  /// (cuMemFreeAsync), after the work queued there, and on every stream passed to
  /// record_stream(), so far.
  static DeviceBuffer allocate_async(const Stream& stream, std::size_t n) {
    return DeviceBuffer(detail::DeviceMemory(stream, detail::checked_bytes("DeviceBuffer::allocate_async", n, sizeof(T)), nullptr));
  }
  /// The same, from `pool` (cuMemAllocFromPoolAsync); the buffer keeps the pool alive.
  static DeviceBuffer allocate_async(const Stream& stream, std::size_t n, const MemoryPool& pool) {
    return DeviceBuffer(detail::DeviceMemory(stream, detail::checked_bytes("DeviceBuffer::allocate_async", n, sizeof(T)), &pool));
  }

  /// A host copy of the whole buffer.
  std::vector<T> to_host() const {
    std::vector<T> host(size());
    copy_to_host(host);
    return host;
  }
  /// Copies the whole buffer into `host`, which must have exactly size() elements.
  void copy_to_host(std::span<T> host) const {
    detail::check_same_size("DeviceBuffer::copy_to_host", host.size(), size());
    memory_.download(host.data(), host.size_bytes(), nullptr);
  }
  /// Overwrites the whole buffer from `host`, which must have exactly size() elements.
  void copy_from_host(std::span<const T> host) {
    detail::check_same_size("DeviceBuffer::copy_from_host", host.size(), size());
    memory_.upload(host.data(), host.size_bytes(), nullptr);
  }
  /// Queues a copy into `host` on `stream`; `host` must stay alive until the stream reaches it.
  void copy_to_host_async(std::span<T> host, const Stream& stream) const {
    detail::check_same_size("DeviceBuffer::copy_to_host_async", host.size(), size());
    memory_.download(host.data(), host.size_bytes(), &stream);
  }
  /// Queues a copy from `host` on `stream`; `host` must stay alive until the stream reaches it.
  void copy_from_host_async(std::span<const T> host, const Stream& stream) {
    detail::check_same_size("DeviceBuffer::copy_from_host_async", host.size(), size());
    memory_.upload(host.data(), host.size_bytes(), &stream);
  }
  /// Sets every byte to `value` (cuMemsetD8), e.g. 0xFF to poison an output buffer.
  void fill_bytes(unsigned char value) { memory_.fill(value, nullptr); }
  /// Queues fill_bytes on `stream`.
  void fill_bytes_async(unsigned char value, const Stream& stream) { memory_.fill(value, &stream); }

  /// Sets every element to `value` (cuMemsetD8/D16/D32 by sizeof(T)); for element types of
  /// 1, 2 or 4 bytes, e.g. fill(1.0f) or fill(std::uint16_t{7}).
  void fill(const T& value)
    requires(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4)
  {
    memory_.fill_pattern(detail::fill_pattern_of(value), sizeof(T), nullptr);
  }
  /// Queues fill(value) on `stream`.
  void fill_async(const T& value, const Stream& stream)
    requires(sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4)
  {
    memory_.fill_pattern(detail::fill_pattern_of(value), sizeof(T), &stream);
  }

  /// Declares that work queued on `stream` uses the buffer: its destructor then frees it only
  /// after the work queued there by the time of the free, so dropping the buffer while kernels
  /// on other streams still read it is no use-after-free. A stream-ordered buffer orders its
  /// cuMemFreeAsync after an event recorded on `stream`; a cuMemAlloc buffer synchronizes
  /// `stream` before cuMemFree. The buffer keeps `stream` alive.
  void record_stream(const Stream& stream) { memory_.record_stream(stream); }
  /// The stream a stream-ordered buffer is freed on (allocate_async); null otherwise.
  const Stream* free_stream() const noexcept { return memory_.free_stream(); }

  /// Number of elements.
  std::size_t size() const noexcept { return memory_.bytes() / sizeof(T); }
  /// Number of bytes.
  std::size_t bytes() const noexcept { return memory_.bytes(); }
  /// True when the buffer has no elements.
  bool empty() const noexcept { return memory_.bytes() == 0; }
  /// Device address of the first element (0 for an empty buffer).
  std::uint64_t device_ptr() const noexcept { return memory_.device_ptr(); }
  /// The context the buffer lives in.
  const Context& context() const { return memory_.context(); }

  /// A mutable view of the whole buffer.
  DeviceView<T> view() noexcept { return DeviceView<T>(device_ptr(), size()); }
  /// A read-only view of the whole buffer.
  DeviceView<const T> view() const noexcept { return DeviceView<const T>(device_ptr(), size()); }
  /// Only a non-const buffer yields a mutable view.
  operator DeviceView<T>() noexcept { return view(); }  // NOLINT(google-explicit-constructor)
  /// Any buffer yields a read-only view.
  operator DeviceView<const T>() const noexcept { return view(); }  // NOLINT(google-explicit-constructor)

private:
  explicit DeviceBuffer(detail::DeviceMemory memory) : memory_(std::move(memory)) {}
  detail::DeviceMemory memory_;
};

/// Page-locked host memory (cuMemHostAlloc) for fast and truly asynchronous copies.
/// Contents start unspecified. Move-only; keeps its Context alive.
template <class T>
class PinnedBuffer {
  static_assert(std::is_trivially_copyable_v<T>, "PinnedBuffer<T> needs a trivially copyable T");

public:
  /// Allocates `n` elements of page-locked host memory.
  PinnedBuffer(const Context& context, std::size_t n)
      : memory_(context, detail::checked_bytes("PinnedBuffer", n, sizeof(T))) {}

  /// The elements as a span.
  std::span<T> span() noexcept { return {data(), size()}; }
  /// The elements as a read-only span.
  std::span<const T> span() const noexcept { return {data(), size()}; }
  /// Pointer to the first element (null when empty).
  T* data() noexcept { return static_cast<T*>(memory_.data()); }
  /// Read-only pointer to the first element (null when empty).
  const T* data() const noexcept { return static_cast<const T*>(memory_.data()); }
  /// Number of elements.
  std::size_t size() const noexcept { return memory_.bytes() / sizeof(T); }

private:
  detail::PinnedMemory memory_;
};

}  // namespace simt
