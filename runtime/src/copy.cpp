// Stream-ordered copies of views: device to device, peer, 2-D and 3-D regions (fills of views
// are in memory.cpp, with the buffers').
#include <string>

#include "context_state.hpp"
#include "simt/runtime/copy.hpp"
#include "simt/runtime/error.hpp"
#include "text.hpp"

namespace simt::detail {

void check_copy_sizes(const char* what, std::size_t dst_elements, std::size_t src_elements) {
  if (dst_elements != src_elements)
    throw UsageError(what, cat("the destination has ", dst_elements, " elements but the source ", src_elements,
                               "; sizes must match exactly"));
}

void copy_device_async(std::uint64_t dst, std::uint64_t src, std::size_t bytes, const Stream& stream) {
  if (bytes == 0) return;
  CurrentContext current(stream.context().native_handle());
  check(SIMT_CUDA_OPTIONAL(driver(), cuMemcpyDtoDAsync)(dst, src, bytes, stream.native_handle()),
        [&] { return cat("copying ", bytes, " bytes device to device (cuMemcpyDtoDAsync)"); });
}

void copy_peer_async(std::uint64_t dst, const Context& dst_context, std::uint64_t src, const Context& src_context,
                     std::size_t bytes, const Stream& stream) {
  if (bytes == 0) return;
  CurrentContext current(stream.context().native_handle());
  check(SIMT_CUDA_OPTIONAL(driver(), cuMemcpyPeerAsync)(dst, dst_context.native_handle(), src,
                                                          src_context.native_handle(), bytes, stream.native_handle()),
        [&] {
          return cat("copying ", bytes, " bytes from device ", src_context.device(), " to device ", dst_context.device(),
                     " (cuMemcpyPeerAsync)");
        });
}

namespace {

void check_side(const char* what, const char* name, const CopySide& side, std::size_t element_size,
                const Extent3D& extent, bool three_d) {
  const std::size_t pitch = side.pitch_bytes / element_size;
  if (pitch < extent.width)
    throw UsageError(what, cat("the ", name, "'s pitch (", pitch, " elements) is less than the width (", extent.width, ")"));
  if (three_d && side.rows < extent.height)
    throw UsageError(what, cat("the ", name, "'s rows per slice (", side.rows, ") are fewer than the height (",
                               extent.height, ")"));
  // The last element touched, counted in elements; no overflow: each factor is bounded by the
  // memory's size, checked first.
  const std::size_t size = side.size_bytes / element_size;
  const std::size_t rows_before_last = (extent.depth - 1) * (three_d ? side.rows : 0) + (extent.height - 1);
  if (pitch != 0 && rows_before_last > size / pitch)
    throw UsageError(what, cat("the ", name, " has ", size, " elements, fewer than the ", rows_before_last + 1,
                               " rows of ", pitch, " elements the region spans"));
  const std::size_t needed = rows_before_last * pitch + extent.width;
  if (needed > size)
    throw UsageError(what, cat("the ", name, " needs ", needed, " elements (", rows_before_last,
                               " rows of pitch ", pitch, " plus a width of ", extent.width, ") but has ", size));
}

void set_side(CUmemorytype& type, const void*& host, CUdeviceptr& device, const CopySide& side) {
  type = side.host ? CU_MEMORYTYPE_HOST : CU_MEMORYTYPE_DEVICE;
  if (side.host) host = reinterpret_cast<const void*>(static_cast<std::uintptr_t>(side.address));
  else device = side.address;
}

}  // namespace

void copy_region_async(const char* what, const CopySide& dst, const CopySide& src, std::size_t element_size,
                       const Extent3D& extent, bool three_d, const Stream& stream) {
  if (extent.width == 0 || extent.height == 0 || extent.depth == 0) return;
  check_side(what, "destination", dst, element_size, extent, three_d);
  check_side(what, "source", src, element_size, extent, three_d);
  CurrentContext current(stream.context().native_handle());
  const Driver& d = driver();
  auto action = [&](const char* call) {
    return [=] {
      return cat("copying a region of ", extent.width, " x ", extent.height, " x ", extent.depth, " elements of ",
                 element_size, " bytes (", call, ")");
    };
  };
  if (!three_d) {
    CUDA_MEMCPY2D copy{};
    set_side(copy.srcMemoryType, copy.srcHost, copy.srcDevice, src);
    copy.srcPitch = src.pitch_bytes;
    const void* unused = nullptr;
    set_side(copy.dstMemoryType, unused, copy.dstDevice, dst);
    copy.dstHost = const_cast<void*>(unused);
    copy.dstPitch = dst.pitch_bytes;
    copy.WidthInBytes = extent.width * element_size;
    copy.Height = extent.height;
    check(SIMT_CUDA_OPTIONAL(d, cuMemcpy2DAsync)(&copy, stream.native_handle()), action("cuMemcpy2DAsync"));
    return;
  }
  CUDA_MEMCPY3D copy{};
  set_side(copy.srcMemoryType, copy.srcHost, copy.srcDevice, src);
  copy.srcPitch = src.pitch_bytes;
  copy.srcHeight = src.rows;
  const void* unused = nullptr;
  set_side(copy.dstMemoryType, unused, copy.dstDevice, dst);
  copy.dstHost = const_cast<void*>(unused);
  copy.dstPitch = dst.pitch_bytes;
  copy.dstHeight = dst.rows;
  copy.WidthInBytes = extent.width * element_size;
  copy.Height = extent.height;
  copy.Depth = extent.depth;
  check(SIMT_CUDA_OPTIONAL(d, cuMemcpy3DAsync)(&copy, stream.native_handle()), action("cuMemcpy3DAsync"));
}

}  // namespace simt::detail
