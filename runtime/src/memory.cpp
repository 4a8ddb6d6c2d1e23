// Device and pinned host allocations behind DeviceBuffer<T> and PinnedBuffer<T>.
//
// The synchronous operations wait for the whole context first: our streams are non-blocking,
// so the legacy-stream cuMemcpy*/cuMemsetD8 would not otherwise be ordered after kernels the
// user queued on them, and `out.to_host()` right after a launch would read stale data. The
// uploads and fills also wait after the call, which may return before the device is done.
//
// Stream-ordered allocations (allocate_async) are freed with cuMemFreeAsync on their stream,
// after the work queued there; record_stream() adds the other streams that use the memory.
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "context_state.hpp"
#include "simt/runtime/buffer.hpp"
#include "simt/runtime/copy.hpp"
#include "simt/runtime/error.hpp"
#include "text.hpp"

namespace simt::detail {

struct DeviceMemory::Allocation {
  Context context;
  CUdeviceptr ptr = 0;
  std::size_t bytes = 0;
  std::optional<Stream> free_stream;  // stream-ordered: freed with cuMemFreeAsync on it
  std::optional<MemoryPool> pool;     // the pool it came from, kept alive until the free
  std::vector<Stream> users;          // record_stream(): streams whose work the free waits for
};

namespace {

// Orders what is queued on `free_stream` from now on after the work queued on `user` so far.
// When an event cannot do it, the failure is reported and the host waits for `user` instead.
void order_free_after(const Driver& d, const Stream& user, const Stream& free_stream) noexcept {
  CurrentContext guard(user.context().native_handle(), std::nothrow);
  CUevent event = nullptr;
  const char* call = "cuEventCreate";
  CUresult result = d.cuEventCreate(&event, CU_EVENT_DISABLE_TIMING);
  if (result == CUDA_SUCCESS) {
    call = "cuEventRecord";
    result = d.cuEventRecord(event, user.native_handle());
  }
  if (result == CUDA_SUCCESS) {
    call = "cuStreamWaitEvent";
    result = d.cuStreamWaitEvent != nullptr ? d.cuStreamWaitEvent(free_stream.native_handle(), event, 0)
                                            : CUDA_ERROR_NOT_SUPPORTED;
  }
  if (event != nullptr)
    check_release(d.cuEventDestroy(event), "destroying the event that orders a free (cuEventDestroy)");
  if (result == CUDA_SUCCESS) return;
  check_release(result, [&] {
    return cat("ordering a free after the work of another stream, then waiting for that stream instead (", call, ")");
  });
  check_release(d.cuStreamSynchronize(user.native_handle()),
                "waiting for a stream that uses memory being freed (cuStreamSynchronize)");
}

}  // namespace

void DeviceMemory::Free::operator()(Allocation* allocation) const noexcept {
  if (allocation->ptr != 0) {
    CurrentContext guard(allocation->context.native_handle(), std::nothrow);
    if (const Driver* d = loaded_driver()) {
      auto action = [&](const char* call) {
        return [=] {
          return cat("freeing ", allocation->bytes, " bytes on device ", allocation->context.device(), " (", call, ")");
        };
      };
      if (const std::optional<Stream>& stream = allocation->free_stream) {
        for (const Stream& user : allocation->users)
          if (user.native_handle() != stream->native_handle()) order_free_after(*d, user, *stream);
        // Allocated with cuMemAllocAsync, which the driver had, so cuMemFreeAsync is there too.
        check_release(d->cuMemFreeAsync(allocation->ptr, stream->native_handle()), action("cuMemFreeAsync"));
      } else {
        for (const Stream& user : allocation->users)
          check_release(d->cuStreamSynchronize(user.native_handle()),
                        "waiting for a stream that uses memory being freed (cuStreamSynchronize)");
        check_release(d->cuMemFree(allocation->ptr), action("cuMemFree"));
      }
    }
  }
  delete allocation;  // releases the streams, the pool and the context after the memory
}

DeviceMemory::DeviceMemory(const Context& context, std::size_t bytes)
    : allocation_(new Allocation{context, 0, 0, std::nullopt, std::nullopt, {}}) {
  if (bytes == 0) return;  // a valid, empty buffer: the driver rejects zero-byte allocations
  CurrentContext current(context.native_handle());
  check(driver().cuMemAlloc(&allocation_->ptr, bytes), [&] {
    return "allocating " + std::to_string(bytes) + " bytes on device " + std::to_string(context.device()) +
           " (cuMemAlloc)";
  });
  allocation_->bytes = bytes;
}

DeviceMemory::DeviceMemory(const Stream& stream, std::size_t bytes, const MemoryPool* pool)
    : allocation_(new Allocation{stream.context(), 0, 0, stream, std::nullopt, {}}) {
  const Context& context = stream.context();
  if (pool != nullptr) {
    if (!(pool->context() == context))
      throw UsageError("DeviceBuffer::allocate_async", cat("the pool belongs to device ", pool->context().device(),
                                                           " but the stream to device ", context.device()));
    allocation_->pool = *pool;
  }
  if (bytes == 0) return;
  CurrentContext current(context.native_handle());
  const Driver& d = driver();
  if (pool != nullptr) {
    check(SIMT_CUDA_OPTIONAL(d, cuMemAllocFromPoolAsync)(&allocation_->ptr, bytes, pool->native_handle(),
                                                          stream.native_handle()),
          [&] {
            return cat("allocating ", bytes, " bytes on device ", context.device(),
                       " in stream order from a pool (cuMemAllocFromPoolAsync)");
          });
  } else {
    check(SIMT_CUDA_OPTIONAL(d, cuMemAllocAsync)(&allocation_->ptr, bytes, stream.native_handle()), [&] {
      return cat("allocating ", bytes, " bytes on device ", context.device(), " in stream order (cuMemAllocAsync)");
    });
  }
  allocation_->bytes = bytes;
}

void DeviceMemory::record_stream(const Stream& stream) {
  if (!allocation_) throw UsageError("DeviceBuffer::record_stream", "the buffer was moved from");
  for (const Stream& user : allocation_->users)
    if (user.native_handle() == stream.native_handle()) return;
  allocation_->users.push_back(stream);
}

const Stream* DeviceMemory::free_stream() const noexcept {
  return allocation_ && allocation_->free_stream ? &*allocation_->free_stream : nullptr;
}

std::uint64_t DeviceMemory::device_ptr() const noexcept { return allocation_ ? allocation_->ptr : 0; }
std::size_t DeviceMemory::bytes() const noexcept { return allocation_ ? allocation_->bytes : 0; }

const Context& DeviceMemory::context() const {
  if (!allocation_) throw UsageError("DeviceBuffer::context", "the buffer was moved from");
  return allocation_->context;
}

namespace {

// Needs the context current (the callers hold a CurrentContext).
void wait_for_context(const char* what) {
  check(driver().cuCtxSynchronize(),
        [&] { return std::string("waiting for the context's pending work before ") + what + " (cuCtxSynchronize)"; });
}

}  // namespace

void DeviceMemory::upload(const void* src, std::size_t bytes, const Stream* stream) {
  if (bytes == 0) return;
  CurrentContext current(allocation_->context.native_handle());
  auto action = [&](const char* call) {
    return [=] { return "copying " + std::to_string(bytes) + " bytes to the device (" + call + ")"; };
  };
  if (stream != nullptr) {
    check(driver().cuMemcpyHtoDAsync(allocation_->ptr, src, bytes, stream->native_handle()), action("cuMemcpyHtoDAsync"));
  } else {
    wait_for_context("copying to the device");
    check(driver().cuMemcpyHtoD(allocation_->ptr, src, bytes), action("cuMemcpyHtoD"));
    // From pageable memory cuMemcpyHtoD may return once the data is staged, before the DMA
    // has landed; a kernel queued next on a non-blocking stream would read the old bytes.
    wait_for_context("finishing a copy to the device");
  }
}

void DeviceMemory::download(void* dst, std::size_t bytes, const Stream* stream) const {
  if (bytes == 0) return;
  CurrentContext current(allocation_->context.native_handle());
  auto action = [&](const char* call) {
    return [=] { return "copying " + std::to_string(bytes) + " bytes to the host (" + call + ")"; };
  };
  if (stream != nullptr) {
    check(driver().cuMemcpyDtoHAsync(dst, allocation_->ptr, bytes, stream->native_handle()), action("cuMemcpyDtoHAsync"));
  } else {
    wait_for_context("copying to the host");
    check(driver().cuMemcpyDtoH(dst, allocation_->ptr, bytes), action("cuMemcpyDtoH"));
  }
}

namespace {

// What a fill of `count` words of `width` bytes set to `pattern` is called in messages.
auto fill_action(std::size_t count, unsigned width, std::uint32_t pattern) {
  return [=](const char* call) {
    return [=] {
      if (width == 1) return cat("setting ", count, " bytes to ", pattern, " (", call, ")");
      return cat("setting ", count, " ", width, "-byte words to ", pattern, " (", call, ")");
    };
  };
}

}  // namespace

void fill_async(std::uint64_t address, std::uint32_t pattern, unsigned width, std::size_t count, const Stream& stream) {
  if (count == 0) return;
  CurrentContext current(stream.context().native_handle());
  const Driver& d = driver();
  const auto action = fill_action(count, width, pattern);
  CUstream s = stream.native_handle();
  if (width == 1) check(d.cuMemsetD8Async(address, static_cast<unsigned char>(pattern), count, s), action("cuMemsetD8Async"));
  if (width == 2)
    check(SIMT_CUDA_OPTIONAL(d, cuMemsetD16Async)(address, static_cast<unsigned short>(pattern), count, s),
          action("cuMemsetD16Async"));
  if (width == 4) check(SIMT_CUDA_OPTIONAL(d, cuMemsetD32Async)(address, pattern, count, s), action("cuMemsetD32Async"));
}

void DeviceMemory::fill_pattern(std::uint32_t pattern, unsigned width, const Stream* stream) {
  if (width != 1 && width != 2 && width != 4)
    throw UsageError("DeviceBuffer::fill", cat("elements of ", width, " bytes cannot be filled: cuMemsetD8/D16/D32 "
                                                                      "set 1, 2 or 4 bytes"));
  if (bytes() == 0) return;
  const std::size_t count = allocation_->bytes / width;
  if (stream != nullptr) return fill_async(allocation_->ptr, pattern, width, count, *stream);
  CurrentContext current(allocation_->context.native_handle());
  const Driver& d = driver();
  const auto action = fill_action(count, width, pattern);
  wait_for_context("filling device memory");
  if (width == 1) check(d.cuMemsetD8(allocation_->ptr, static_cast<unsigned char>(pattern), count), action("cuMemsetD8"));
  if (width == 2)
    check(SIMT_CUDA_OPTIONAL(d, cuMemsetD16)(allocation_->ptr, static_cast<unsigned short>(pattern), count),
          action("cuMemsetD16"));
  if (width == 4) check(SIMT_CUDA_OPTIONAL(d, cuMemsetD32)(allocation_->ptr, pattern, count), action("cuMemsetD32"));
  // cuMemsetD* may return before the device is done; a synchronous fill should not.
  wait_for_context("finishing a fill");
}

struct PinnedMemory::Allocation {
  Context context;
  void* ptr = nullptr;
  std::size_t bytes = 0;
};

void PinnedMemory::Free::operator()(Allocation* allocation) const noexcept {
  if (allocation->ptr != nullptr) {
    CurrentContext guard(allocation->context.native_handle(), std::nothrow);
    if (const Driver* d = loaded_driver())
      check_release(d->cuMemFreeHost(allocation->ptr), [&] {
        return "freeing " + std::to_string(allocation->bytes) + " bytes of pinned host memory (cuMemFreeHost)";
      });
  }
  delete allocation;
}

PinnedMemory::PinnedMemory(const Context& context, std::size_t bytes) : allocation_(new Allocation{context, nullptr, 0}) {
  if (bytes == 0) return;
  CurrentContext current(context.native_handle());
  check(driver().cuMemHostAlloc(&allocation_->ptr, bytes, 0),
        [&] { return "allocating " + std::to_string(bytes) + " bytes of pinned host memory (cuMemHostAlloc)"; });
  allocation_->bytes = bytes;
}

void* PinnedMemory::data() const noexcept { return allocation_ ? allocation_->ptr : nullptr; }
std::size_t PinnedMemory::bytes() const noexcept { return allocation_ ? allocation_->bytes : 0; }

std::size_t checked_bytes(const char* what, std::size_t n, std::size_t element_size) {
  if (element_size != 0 && n > std::numeric_limits<std::size_t>::max() / element_size)
    throw UsageError(what, std::to_string(n) + " elements of " + std::to_string(element_size) +
                               " bytes overflow the address space");
  return n * element_size;
}

void check_same_size(const char* what, std::size_t host_elements, std::size_t buffer_elements) {
  if (host_elements != buffer_elements)
    throw UsageError(what, "host span has " + std::to_string(host_elements) + " elements but the buffer has " +
                               std::to_string(buffer_elements) + "; sizes must match exactly");
}

}  // namespace simt::detail
