// Device and pinned host allocations behind DeviceBuffer<T> and PinnedBuffer<T>.
//
// The synchronous operations wait for the whole context first: our streams are non-blocking,
// so the legacy-stream cuMemcpy*/cuMemsetD8 would not otherwise be ordered after kernels the
// user queued on them, and `out.to_host()` right after a launch would read stale data. The
// uploads and fills also wait after the call, which may return before the device is done.
#include <limits>
#include <string>

#include "context_state.hpp"
#include "simt/runtime/buffer.hpp"
#include "simt/runtime/error.hpp"

namespace simt::detail {

struct DeviceMemory::Allocation {
  Context context;
  CUdeviceptr ptr = 0;
  std::size_t bytes = 0;
};

void DeviceMemory::Free::operator()(Allocation* allocation) const noexcept {
  if (allocation->ptr != 0) {
    CurrentContext guard(allocation->context.native_handle(), std::nothrow);
    if (const Driver* d = loaded_driver())
      check_release(d->cuMemFree(allocation->ptr), [&] {
        return "freeing " + std::to_string(allocation->bytes) + " bytes on device " +
               std::to_string(allocation->context.device()) + " (cuMemFree)";
      });
  }
  delete allocation;  // releases the context after the memory
}

DeviceMemory::DeviceMemory(const Context& context, std::size_t bytes)
    : allocation_(new Allocation{context, 0, 0}) {
  if (bytes == 0) return;  // a valid, empty buffer: the driver rejects zero-byte allocations
  CurrentContext current(context.native_handle());
  check(driver().cuMemAlloc(&allocation_->ptr, bytes), [&] {
    return "allocating " + std::to_string(bytes) + " bytes on device " + std::to_string(context.device()) +
           " (cuMemAlloc)";
  });
  allocation_->bytes = bytes;
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

void DeviceMemory::fill(unsigned char value, const Stream* stream) {
  if (bytes() == 0) return;
  CurrentContext current(allocation_->context.native_handle());
  auto action = [&](const char* call) {
    return [=, this] {
      return "setting " + std::to_string(allocation_->bytes) + " bytes to " + std::to_string(value) + " (" + call + ")";
    };
  };
  if (stream != nullptr) {
    check(driver().cuMemsetD8Async(allocation_->ptr, value, allocation_->bytes, stream->native_handle()),
          action("cuMemsetD8Async"));
  } else {
    wait_for_context("filling device memory");
    check(driver().cuMemsetD8(allocation_->ptr, value, allocation_->bytes), action("cuMemsetD8"));
    // cuMemsetD8 may return before the device is done; a synchronous fill should not.
    wait_for_context("finishing a fill");
  }
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
