// Contexts beyond one device's: every device's, the thread's current one (interop with the CUDA
// runtime), stream priorities and peer access.
#include <string>

#include "context_state.hpp"
#include "simt/runtime/context.hpp"
#include "simt/runtime/driver.hpp"
#include "simt/runtime/error.hpp"
#include "text.hpp"

namespace simt {

using detail::cat;
using detail::check;
using detail::CurrentContext;

int Context::device_count() { return simt::device_count(); }

std::vector<Context> Context::all() {
  std::vector<Context> contexts;
  const int count = simt::device_count();
  contexts.reserve(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) contexts.push_back(primary(i));
  return contexts;
}

Context Context::current() {
  const detail::Driver& d = detail::driver();
  CUcontext context = nullptr;
  check(d.cuCtxGetCurrent(&context), "asking for the current CUDA context (cuCtxGetCurrent)");
  if (context == nullptr)
    throw UsageError("Context::current", "no CUDA context is current on this thread; let the CUDA runtime create "
                                         "one first (cudaSetDevice, cudaFree(0)), or use Context::primary(device)");
  CUdevice device = 0;
  check(SIMT_CUDA_OPTIONAL(d, cuCtxGetDevice)(&device), "asking for the current context's device (cuCtxGetDevice)");
  int count = 0;
  check(d.cuDeviceGetCount(&count), "counting CUDA devices (cuDeviceGetCount)");
  for (int ordinal = 0; ordinal < count; ++ordinal) {
    CUdevice candidate = 0;
    check(d.cuDeviceGet(&candidate, ordinal), [&] { return cat("getting CUDA device ", ordinal, " (cuDeviceGet)"); });
    if (candidate != device) continue;
    Context primary_context = primary(ordinal);
    if (primary_context.native_handle() != context)
      throw UsageError("Context::current", cat("the current context of device ", ordinal,
                                               " is not its primary context (one made with cuCtxCreate); simt works "
                                               "in primary contexts, the ones the CUDA runtime uses"));
    return primary_context;
  }
  throw UsageError("Context::current", cat("the current context's device (", device, ") is not among the ", count,
                                           " devices the driver reports"));
}

Context::StreamPriorities Context::stream_priorities() const {
  CurrentContext current(native_handle());
  StreamPriorities range;
  check(SIMT_CUDA_OPTIONAL(detail::driver(), cuCtxGetStreamPriorityRange)(&range.least, &range.greatest), [&] {
    return cat("querying the stream priorities of device ", device(), " (cuCtxGetStreamPriorityRange)");
  });
  return range;
}

bool Context::can_access_peer(const Context& peer) const {
  if (peer.device() == device()) return false;
  int can = 0;
  check(SIMT_CUDA_OPTIONAL(detail::driver(), cuDeviceCanAccessPeer)(
            &can, detail::ContextAccess::state(*this).device, detail::ContextAccess::state(peer).device),
        [&] { return cat("asking whether device ", device(), " can access device ", peer.device(), " (cuDeviceCanAccessPeer)"); });
  return can != 0;
}

void Context::enable_peer_access(const Context& peer) const {
  if (peer.device() == device())
    throw UsageError("Context::enable_peer_access", cat("device ", device(), " cannot be its own peer"));
  if (!can_access_peer(peer))
    throw UsageError("Context::enable_peer_access",
                     cat("device ", device(), " cannot access the memory of device ", peer.device(),
                         " directly (cuDeviceCanAccessPeer); copies between their buffers (simt::copy_async) still work"));
  CurrentContext current(native_handle());
  const CUresult result = SIMT_CUDA_OPTIONAL(detail::driver(), cuCtxEnablePeerAccess)(peer.native_handle(), 0);
  if (result == CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED) return;
  check(result, [&] {
    return cat("letting device ", device(), " access the memory of device ", peer.device(), " (cuCtxEnablePeerAccess)");
  });
}

}  // namespace simt
