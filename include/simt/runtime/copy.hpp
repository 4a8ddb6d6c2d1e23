// simt runtime: stream-ordered copies and fills beyond whole buffers: device to device, between
// devices, 2-D and 3-D regions, fills of 8-, 16- and 32-bit values.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>

#include "simt/runtime/buffer.hpp"
#include "simt/runtime/context.hpp"
#include "simt/runtime/stream.hpp"
#include "simt/runtime/view.hpp"

namespace simt {

/// A 2-D region's storage: rows of `pitch` elements, one after the other, in `view`.
template <class T>
struct Pitched2D {
  DeviceView<T> view;     ///< the memory, row 0 first
  std::size_t pitch = 0;  ///< elements from the start of one row to the next (>= the copy's width)
};

/// The same in host memory.
template <class T>
struct HostPitched2D {
  std::span<T> span;      ///< the memory, row 0 first
  std::size_t pitch = 0;  ///< elements from the start of one row to the next
};

/// A 3-D region's storage: slices of `rows` rows of `pitch` elements.
template <class T>
struct Pitched3D {
  DeviceView<T> view;     ///< the memory, slice 0 row 0 first
  std::size_t pitch = 0;  ///< elements from one row to the next (>= the copy's width)
  std::size_t rows = 0;   ///< rows from one slice to the next (>= the copy's height)
};

/// Width (elements), height (rows) and depth (slices) of a copied region.
struct Extent3D {
  std::size_t width = 0, height = 1, depth = 1;
};

namespace detail {

/// One side of a 2-D or 3-D copy, untyped: byte address, byte pitch, rows per slice, bytes.
struct CopySide {
  std::uint64_t address = 0;  // device address, or host pointer when `host`
  bool host = false;
  std::size_t pitch_bytes = 0;
  std::size_t rows = 0;       // rows per slice (3-D)
  std::size_t size_bytes = 0;  // the whole memory, for the bounds check
};

void copy_device_async(std::uint64_t dst, std::uint64_t src, std::size_t bytes, const Stream& stream);
void copy_peer_async(std::uint64_t dst, const Context& dst_context, std::uint64_t src, const Context& src_context,
                     std::size_t bytes, const Stream& stream);
/// Checks both sides' bounds (UsageError naming `what`, the side and the numbers), then queues
/// cuMemcpy2DAsync (depth 1, `three_d` false) or cuMemcpy3DAsync.
void copy_region_async(const char* what, const CopySide& dst, const CopySide& src, std::size_t element_size,
                       const Extent3D& extent, bool three_d, const Stream& stream);
void fill_async(std::uint64_t address, std::uint32_t pattern, unsigned width, std::size_t count, const Stream& stream);
/// Throws UsageError "<what>: the destination has D elements but the source S; ..." when D != S.
void check_copy_sizes(const char* what, std::size_t dst_elements, std::size_t src_elements);

template <class T>
CopySide side(DeviceView<T> view, std::size_t pitch, std::size_t rows = 0) {
  return {view.device_ptr(), false, pitch * sizeof(T), rows, view.bytes()};
}
template <class T>
CopySide side(std::span<T> span, std::size_t pitch) {
  return {static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(span.data())), true, pitch * sizeof(T), 0,
          span.size_bytes()};
}

}  // namespace detail

/// Queues a copy of `src` into `dst` on `stream` (cuMemcpyDtoDAsync); the sizes must match.
/// Both views are in `stream`'s device, or in a peer whose access was enabled.
template <class T>
void copy_async(DeviceView<T> dst, std::type_identity_t<DeviceView<const T>> src, const Stream& stream) {
  static_assert(!std::is_const_v<T>, "copy_async writes its destination: it needs a DeviceView of non-const T");
  detail::check_copy_sizes("copy_async", dst.size(), src.size());
  detail::copy_device_async(dst.device_ptr(), src.device_ptr(), src.bytes(), stream);
}

/// Queues a copy of buffer `src` into buffer `dst` on `stream`; the sizes must match. Buffers
/// of different devices are copied peer to peer (cuMemcpyPeerAsync), with or without peer
/// access; `stream` may belong to either device.
template <class T>
void copy_async(DeviceBuffer<T>& dst, const DeviceBuffer<T>& src, const Stream& stream) {
  detail::check_copy_sizes("copy_async", dst.size(), src.size());
  if (dst.context() == src.context())
    detail::copy_device_async(dst.device_ptr(), src.device_ptr(), src.bytes(), stream);
  else
    detail::copy_peer_async(dst.device_ptr(), dst.context(), src.device_ptr(), src.context(), src.bytes(), stream);
}

/// Queues a copy of a `width` x `height` region (cuMemcpy2DAsync), device to device.
template <class T>
void copy_2d_async(Pitched2D<T> dst, std::type_identity_t<Pitched2D<const T>> src, std::size_t width, std::size_t height, const Stream& stream) {
  detail::copy_region_async("copy_2d_async", detail::side(dst.view, dst.pitch), detail::side(src.view, src.pitch),
                            sizeof(T), {width, height, 1}, false, stream);
}
/// The same, host to device; the host memory must stay alive until the stream reaches the copy.
template <class T>
void copy_2d_async(Pitched2D<T> dst, std::type_identity_t<HostPitched2D<const T>> src, std::size_t width, std::size_t height,
                   const Stream& stream) {
  detail::copy_region_async("copy_2d_async", detail::side(dst.view, dst.pitch), detail::side(src.span, src.pitch),
                            sizeof(T), {width, height, 1}, false, stream);
}
/// The same, device to host.
template <class T>
void copy_2d_async(HostPitched2D<T> dst, std::type_identity_t<Pitched2D<const T>> src, std::size_t width, std::size_t height,
                   const Stream& stream) {
  detail::copy_region_async("copy_2d_async", detail::side(dst.span, dst.pitch), detail::side(src.view, src.pitch),
                            sizeof(T), {width, height, 1}, false, stream);
}

/// Queues a copy of a 3-D region (cuMemcpy3DAsync), device to device.
template <class T>
void copy_3d_async(Pitched3D<T> dst, std::type_identity_t<Pitched3D<const T>> src, const Extent3D& extent, const Stream& stream) {
  detail::copy_region_async("copy_3d_async", detail::side(dst.view, dst.pitch, dst.rows),
                            detail::side(src.view, src.pitch, src.rows), sizeof(T), extent, true, stream);
}

/// Queues setting every element of `view` to `value` (cuMemsetD8/D16/D32Async by sizeof(T)).
template <class T>
  requires(!std::is_const_v<T> && (sizeof(T) == 1 || sizeof(T) == 2 || sizeof(T) == 4))
void fill_async(DeviceView<T> view, const T& value, const Stream& stream) {
  detail::fill_async(view.device_ptr(), detail::fill_pattern_of(value), sizeof(T), view.size(), stream);
}

}  // namespace simt
