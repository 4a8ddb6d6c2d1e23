// The fake driver's asynchronous work beyond launches (see fake_cuda.cpp): stream-ordered
// allocation and pools, device-to-device, peer, 2-D and 3-D copies, 16- and 32-bit fills,
// stream priorities, events as dependencies, host functions, peers and the current device.
// Work runs when it is queued (or is captured), so the copies really move bytes at once.
#include <algorithm>
#include <cstdint>

#include "fake_cuda_state.hpp"

using fake::g;
using fake::need_context;

namespace {

fake::Stream* stream_of(CUstream stream) {
  auto it = g.streams.find(reinterpret_cast<fake::Stream*>(stream));
  return it == g.streams.end() ? nullptr : it->second.get();
}

// A stream the call may use: one of ours, or the legacy default stream (null).
bool known_stream(CUstream stream) { return stream == nullptr || stream_of(stream) != nullptr; }

CUresult allocate(CUdeviceptr* ptr, std::size_t bytes, fake::Pool* pool) {
  if (CUresult r = need_context(); r != CUDA_SUCCESS) return r;
  if (bytes == 0) return CUDA_ERROR_INVALID_VALUE;
  auto memory = std::make_unique<unsigned char[]>(bytes);
  *ptr = reinterpret_cast<std::uintptr_t>(memory.get());
  g.allocation_sizes[*ptr] = bytes;
  g.allocations[*ptr] = std::move(memory);
  g.pool_allocations[*ptr] = pool;
  return CUDA_SUCCESS;
}

template <class Word>
CUresult set_words(CUdeviceptr dst, Word value, std::size_t count) {
  if (CUresult r = need_context(); r != CUDA_SUCCESS) return r;
  if (dst % sizeof(Word) != 0) return CUDA_ERROR_INVALID_VALUE;
  unsigned char* to = fake::device_range(dst, count * sizeof(Word));
  if (to == nullptr) return CUDA_ERROR_INVALID_VALUE;
  for (std::size_t i = 0; i < count; ++i) std::memcpy(to + i * sizeof(Word), &value, sizeof(Word));
  return CUDA_SUCCESS;
}

CUresult copy_device(CUdeviceptr dst, CUdeviceptr src, std::size_t bytes) {
  if (CUresult r = need_context(); r != CUDA_SUCCESS) return r;
  unsigned char* to = fake::device_range(dst, bytes);
  const unsigned char* from = fake::device_range(src, bytes);
  if (to == nullptr || from == nullptr) return CUDA_ERROR_INVALID_VALUE;
  std::memmove(to, from, bytes);
  return CUDA_SUCCESS;
}

// One row of a 2-D/3-D copy side: a host pointer, or a device range that must be allocated.
unsigned char* row(CUmemorytype type, const void* host, CUdeviceptr device, std::size_t offset, std::size_t bytes) {
  if (type == CU_MEMORYTYPE_HOST) return static_cast<unsigned char*>(const_cast<void*>(host)) + offset;
  if (type == CU_MEMORYTYPE_DEVICE) return fake::device_range(device + offset, bytes);
  return nullptr;
}

CUresult copy_region(const CUDA_MEMCPY3D& c) {
  if (CUresult r = need_context(); r != CUDA_SUCCESS) return r;
  if (c.srcPitch < c.WidthInBytes || c.dstPitch < c.WidthInBytes) return CUDA_ERROR_INVALID_VALUE;
  for (std::size_t z = 0; z < c.Depth; ++z) {
    for (std::size_t y = 0; y < c.Height; ++y) {
      unsigned char* from = row(c.srcMemoryType, c.srcHost, c.srcDevice, (z * c.srcHeight + y) * c.srcPitch, c.WidthInBytes);
      unsigned char* to = row(c.dstMemoryType, c.dstHost, c.dstDevice, (z * c.dstHeight + y) * c.dstPitch, c.WidthInBytes);
      if (from == nullptr || to == nullptr) return CUDA_ERROR_INVALID_VALUE;
      std::memmove(to, from, c.WidthInBytes);
    }
  }
  return CUDA_SUCCESS;
}

}  // namespace

// ---- Stream-ordered allocation and pools -------------------------------------------------------

#ifndef FAKE_CUDA_LEGACY  // the legacy variant is a driver without this optional entry point
CUresult cuMemAllocAsync(CUdeviceptr* ptr, std::size_t bytes, CUstream stream) {
  FAKE_ENTER(cuMemAllocAsync);
  if (!known_stream(stream)) return CUDA_ERROR_INVALID_HANDLE;
  return allocate(ptr, bytes, &g.default_pools[reinterpret_cast<fake::Context*>(fake::current())->device]);
}
#endif

CUresult cuMemAllocFromPoolAsync(CUdeviceptr* ptr, std::size_t bytes, CUmemoryPool pool, CUstream stream) {
  FAKE_ENTER(cuMemAllocFromPoolAsync);
  if (!known_stream(stream)) return CUDA_ERROR_INVALID_HANDLE;
  auto it = g.pools.find(reinterpret_cast<fake::Pool*>(pool));
  fake::Pool* p = it != g.pools.end() ? it->second.get() : nullptr;
  for (fake::Pool& d : g.default_pools)
    if (reinterpret_cast<fake::Pool*>(pool) == &d) p = &d;
  if (p == nullptr) return CUDA_ERROR_INVALID_VALUE;
  return allocate(ptr, bytes, p);
}

CUresult cuMemFreeAsync(CUdeviceptr ptr, CUstream stream) {
  FAKE_ENTER(cuMemFreeAsync);
  if (CUresult r = need_context(); r != CUDA_SUCCESS) return r;
  if (!known_stream(stream)) return CUDA_ERROR_INVALID_HANDLE;
  if (g.pool_allocations.erase(ptr) == 0) return CUDA_ERROR_INVALID_VALUE;  // not stream-ordered memory
  g.allocations.erase(ptr);
  g.allocation_sizes.erase(ptr);
  return CUDA_SUCCESS;
}

CUresult cuDeviceGetDefaultMemPool(CUmemoryPool* pool, CUdevice device) {
  FAKE_ENTER(cuDeviceGetDefaultMemPool);
  if (device < 0 || device >= g.device_count) return CUDA_ERROR_INVALID_DEVICE;
  g.default_pools[device].device = device;
  g.default_pools[device].is_default = true;
  *pool = reinterpret_cast<CUmemoryPool>(&g.default_pools[device]);
  return CUDA_SUCCESS;
}

CUresult cuMemPoolCreate(CUmemoryPool* pool, const CUmemPoolProps* props) {
  FAKE_ENTER(cuMemPoolCreate);
  if (props->location.type != CU_MEM_LOCATION_TYPE_DEVICE || props->location.id < 0 ||
      props->location.id >= g.device_count || props->allocType != CU_MEM_ALLOCATION_TYPE_PINNED)
    return CUDA_ERROR_INVALID_VALUE;
  auto created = std::make_unique<fake::Pool>();
  created->device = props->location.id;
  *pool = reinterpret_cast<CUmemoryPool>(created.get());
  g.pools[created.get()] = std::move(created);
  return CUDA_SUCCESS;
}

CUresult cuMemPoolDestroy(CUmemoryPool pool) {
  FAKE_ENTER(cuMemPoolDestroy);
  auto* p = reinterpret_cast<fake::Pool*>(pool);
  if (g.pools.erase(p) == 0) return CUDA_ERROR_INVALID_VALUE;
  // Like the driver: allocations still out keep their memory; the pool goes once they are freed.
  for (auto& [ptr, owner] : g.pool_allocations)
    if (owner == p) owner = nullptr;
  return CUDA_SUCCESS;
}

CUresult cuMemPoolSetAttribute(CUmemoryPool pool, CUmemPool_attribute attribute, void* value) {
  FAKE_ENTER(cuMemPoolSetAttribute);
  if (attribute != CU_MEMPOOL_ATTR_RELEASE_THRESHOLD) return CUDA_ERROR_INVALID_VALUE;
  reinterpret_cast<fake::Pool*>(pool)->release_threshold = *static_cast<cuuint64_t*>(value);
  return CUDA_SUCCESS;
}

CUresult cuMemPoolTrimTo(CUmemoryPool, std::size_t) {
  FAKE_ENTER(cuMemPoolTrimTo);
  return CUDA_SUCCESS;
}

// ---- Copies and fills ----------------------------------------------------------------------------

CUresult cuMemcpyDtoDAsync(CUdeviceptr dst, CUdeviceptr src, std::size_t bytes, CUstream stream) {
  FAKE_ENTER(cuMemcpyDtoDAsync);
  return fake::stream_op(stream, [=] { return copy_device(dst, src, bytes); });
}

CUresult cuMemcpyPeerAsync(CUdeviceptr dst, CUcontext dst_context, CUdeviceptr src, CUcontext src_context,
                           std::size_t bytes, CUstream stream) {
  FAKE_ENTER(cuMemcpyPeerAsync);
  if (dst_context == nullptr || src_context == nullptr) return CUDA_ERROR_INVALID_CONTEXT;
  return fake::stream_op(stream, [=] { return copy_device(dst, src, bytes); });
}

CUresult cuMemcpy2DAsync(const CUDA_MEMCPY2D* copy, CUstream stream) {
  FAKE_ENTER(cuMemcpy2DAsync);
  CUDA_MEMCPY3D c{};
  c.srcMemoryType = copy->srcMemoryType, c.srcHost = copy->srcHost, c.srcDevice = copy->srcDevice;
  c.srcPitch = copy->srcPitch;
  c.dstMemoryType = copy->dstMemoryType, c.dstHost = copy->dstHost, c.dstDevice = copy->dstDevice;
  c.dstPitch = copy->dstPitch;
  c.WidthInBytes = copy->WidthInBytes, c.Height = copy->Height, c.Depth = 1;
  return fake::stream_op(stream, [=] { return copy_region(c); });
}

CUresult cuMemcpy3DAsync(const CUDA_MEMCPY3D* copy, CUstream stream) {
  FAKE_ENTER(cuMemcpy3DAsync);
  const CUDA_MEMCPY3D c = *copy;
  if (c.srcHeight < c.Height || c.dstHeight < c.Height) return CUDA_ERROR_INVALID_VALUE;
  return fake::stream_op(stream, [=] { return copy_region(c); });
}

CUresult cuMemsetD16(CUdeviceptr dst, unsigned short value, std::size_t count) {
  FAKE_ENTER(cuMemsetD16);
  return set_words(dst, value, count);
}

CUresult cuMemsetD32(CUdeviceptr dst, unsigned int value, std::size_t count) {
  FAKE_ENTER(cuMemsetD32);
  return set_words(dst, value, count);
}

CUresult cuMemsetD16Async(CUdeviceptr dst, unsigned short value, std::size_t count, CUstream stream) {
  FAKE_ENTER(cuMemsetD16Async);
  return fake::stream_op(stream, [=] { return set_words(dst, value, count); });
}

CUresult cuMemsetD32Async(CUdeviceptr dst, unsigned int value, std::size_t count, CUstream stream) {
  FAKE_ENTER(cuMemsetD32Async);
  return fake::stream_op(stream, [=] { return set_words(dst, value, count); });
}

// ---- Streams, events, host functions -------------------------------------------------------------

CUresult cuCtxGetStreamPriorityRange(int* least, int* greatest) {
  FAKE_ENTER(cuCtxGetStreamPriorityRange);
  if (CUresult r = need_context(); r != CUDA_SUCCESS) return r;
  *least = 0;
  *greatest = -5;  // like Hopper
  return CUDA_SUCCESS;
}

CUresult cuStreamCreateWithPriority(CUstream* stream, unsigned int flags, int priority) {
  FAKE_ENTER(cuStreamCreateWithPriority);
  if (CUresult r = need_context(); r != CUDA_SUCCESS) return r;
  if (flags != CU_STREAM_NON_BLOCKING) return CUDA_ERROR_INVALID_VALUE;
  auto created = std::make_unique<fake::Stream>();
  created->context = fake::current();
  created->priority = std::clamp(priority, -5, 0);
  *stream = reinterpret_cast<CUstream>(created.get());
  g.streams[created.get()] = std::move(created);
  return CUDA_SUCCESS;
}

CUresult cuStreamGetPriority(CUstream stream, int* priority) {
  FAKE_ENTER(cuStreamGetPriority);
  fake::Stream* s = stream_of(stream);
  if (s == nullptr) return CUDA_ERROR_INVALID_HANDLE;
  *priority = s->priority;
  return CUDA_SUCCESS;
}

CUresult cuStreamGetCtx(CUstream stream, CUcontext* context) {
  FAKE_ENTER(cuStreamGetCtx);
  fake::Stream* s = stream_of(stream);
  if (s == nullptr) return CUDA_ERROR_INVALID_HANDLE;
  *context = s->context;
  return CUDA_SUCCESS;
}

CUresult cuStreamQuery(CUstream stream) {
  FAKE_ENTER(cuStreamQuery);
  return known_stream(stream) ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
}

CUresult cuStreamWaitEvent(CUstream stream, CUevent event, unsigned int flags) {
  FAKE_ENTER(cuStreamWaitEvent);
  if (!known_stream(stream) || g.events.count(reinterpret_cast<fake::Event*>(event)) == 0 || flags != 0)
    return CUDA_ERROR_INVALID_HANDLE;
  return CUDA_SUCCESS;
}

CUresult cuEventQuery(CUevent event) {
  FAKE_ENTER(cuEventQuery);
  return g.events.count(reinterpret_cast<fake::Event*>(event)) == 1 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
}

CUresult cuLaunchHostFunc(CUstream stream, CUhostFn function, void* data) {
  FAKE_ENTER(cuLaunchHostFunc);
  if (!known_stream(stream) || function == nullptr) return CUDA_ERROR_INVALID_VALUE;
  return fake::stream_op(stream, [=] {
    function(data);
    return CUDA_SUCCESS;
  });
}

// ---- Contexts and peers --------------------------------------------------------------------------

CUresult cuCtxGetDevice(CUdevice* device) {
  FAKE_ENTER(cuCtxGetDevice);
  if (CUresult r = need_context(); r != CUDA_SUCCESS) return r;
  *device = reinterpret_cast<fake::Context*>(fake::current())->device;
  return CUDA_SUCCESS;
}

CUresult cuDeviceCanAccessPeer(int* can, CUdevice device, CUdevice peer) {
  FAKE_ENTER(cuDeviceCanAccessPeer);
  if (device < 0 || device >= g.device_count || peer < 0 || peer >= g.device_count) return CUDA_ERROR_INVALID_DEVICE;
  *can = device != peer && g.peer_access_possible ? 1 : 0;
  return CUDA_SUCCESS;
}

CUresult cuCtxEnablePeerAccess(CUcontext peer, unsigned int flags) {
  FAKE_ENTER(cuCtxEnablePeerAccess);
  if (CUresult r = need_context(); r != CUDA_SUCCESS) return r;
  if (flags != 0 || peer == nullptr || !g.peer_access_possible) return CUDA_ERROR_INVALID_VALUE;
  const std::pair<CUcontext, CUcontext> pair{fake::current(), peer};
  if (std::find(g.peer_access.begin(), g.peer_access.end(), pair) != g.peer_access.end())
    return CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED;
  g.peer_access.push_back(pair);
  return CUDA_SUCCESS;
}
