// Memory pools for stream-ordered allocation.
#include <string>

#include "context_state.hpp"
#include "simt/runtime/memory_pool.hpp"
#include "text.hpp"

namespace simt {

using detail::cat;
using detail::check;
using detail::CurrentContext;

MemoryPool::MemoryPool(Context context, std::shared_ptr<CUmemPoolHandle_st> handle)
    : context_(std::move(context)), handle_(std::move(handle)) {}

MemoryPool MemoryPool::device_default(const Context& context) {
  CUmemoryPool pool = nullptr;
  check(SIMT_CUDA_OPTIONAL(detail::driver(), cuDeviceGetDefaultMemPool)(&pool, detail::ContextAccess::state(context).device),
        [&] { return cat("getting the default memory pool of device ", context.device(), " (cuDeviceGetDefaultMemPool)"); });
  return MemoryPool(context, std::shared_ptr<CUmemPoolHandle_st>(pool, [](CUmemPoolHandle_st*) {}));
}

namespace {

std::shared_ptr<CUmemPoolHandle_st> create_pool(const Context& context) {
  CUmemPoolProps props{};
  props.allocType = CU_MEM_ALLOCATION_TYPE_PINNED;
  props.handleTypes = CU_MEM_HANDLE_TYPE_NONE;
  props.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
  props.location.id = detail::ContextAccess::state(context).device;
  CUmemoryPool pool = nullptr;
  check(SIMT_CUDA_OPTIONAL(detail::driver(), cuMemPoolCreate)(&pool, &props),
        [&] { return cat("creating a memory pool on device ", context.device(), " (cuMemPoolCreate)"); });
  return detail::owned_by_context(context, pool, &detail::Driver::cuMemPoolDestroy,
                                  "destroying a memory pool (cuMemPoolDestroy)");
}

}  // namespace

MemoryPool::MemoryPool(const Context& context) : context_(context), handle_(create_pool(context)) {}

void MemoryPool::set_release_threshold(std::uint64_t bytes) const {
  cuuint64_t value = bytes;
  check(SIMT_CUDA_OPTIONAL(detail::driver(), cuMemPoolSetAttribute)(handle_.get(), CU_MEMPOOL_ATTR_RELEASE_THRESHOLD, &value),
        [&] {
          return cat("setting the release threshold of a memory pool of device ", context_.device(), " to ", bytes,
                     " bytes (cuMemPoolSetAttribute)");
        });
}

void MemoryPool::trim_to(std::size_t bytes_to_keep) const {
  check(SIMT_CUDA_OPTIONAL(detail::driver(), cuMemPoolTrimTo)(handle_.get(), bytes_to_keep), [&] {
    return cat("trimming a memory pool of device ", context_.device(), " to ", bytes_to_keep, " bytes (cuMemPoolTrimTo)");
  });
}

}  // namespace simt
