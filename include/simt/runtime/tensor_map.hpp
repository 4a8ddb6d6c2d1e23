// simt runtime: TMA tensor maps (the driver's CUtensorMap), encoded on the host over device
// memory and passed by value to kernels that take a simt::TensorMap<T, Box...> parameter.
//
//   simt::DeviceBuffer<float> a(ctx, rows * cols);
//   auto map = simt::TensorMap<float, 64, 32>::tiled(a.view(), {cols, rows});   // boxes of 32 x 64
//   kernels.tile_kernel(stream, config, map, ...);
//
// The box is part of the type, so the kernel's shared destination was sized for it at compile
// time; the host checks the rest against the buffer before any driver call, with errors that name
// the numbers: the address (16-byte aligned), each extent (1 to 2^32), the row strides
// (multiples of 16 bytes, each row at least as long as the rows inside it) and the bytes the
// tensor spans (within the view).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>

#include "simt/half.hpp"
#include "simt/runtime/view.hpp"

namespace simt {

/// How TMA swizzles a box in shared memory (CU_TENSOR_MAP_SWIZZLE_*): the box's innermost
/// extent must then be at most 32, 64 or 128 bytes. wgmma's shared-memory layouts use them.
enum class TensorSwizzle { none, bytes32, bytes64, bytes128 };

/// The element types TMA knows (CUtensorMapDataType), named by width and kind.
enum class TensorElement { u8, u16, u32, i32, u64, i64, f16, f32, f64, bf16 };

namespace detail {

/// What TensorMap::tiled() asks the driver for; `strides` has rank - 1 entries, in bytes.
struct TensorMapRequest {
  TensorElement element;
  std::size_t element_bytes;
  std::uint64_t address;
  std::uint64_t view_bytes;
  std::span<const std::uint64_t> dims;
  std::span<const std::uint64_t> strides;
  std::span<const std::uint32_t> box;
  TensorSwizzle swizzle;
};

/// Checks `request` (UsageError naming the numbers) and encodes it with cuTensorMapEncodeTiled
/// into the 128 bytes at `out`.
void encode_tensor_map_tiled(const TensorMapRequest& request, unsigned char* out);

template <class T>
constexpr TensorElement tensor_element() {
  if constexpr (std::is_same_v<T, float>) return TensorElement::f32;
  else if constexpr (std::is_same_v<T, double>) return TensorElement::f64;
  else if constexpr (std::is_same_v<T, simt::half>) return TensorElement::f16;
  else if constexpr (std::is_same_v<T, simt::bfloat16>) return TensorElement::bf16;
  else {
    static_assert(std::is_integral_v<T> && !std::is_same_v<T, bool>,
                  "a TensorMap holds integers, float, double, simt::half or simt::bfloat16");
    // TMA copies bits: signed 8- and 16-bit elements travel as their unsigned twins.
    if constexpr (sizeof(T) == 1) return TensorElement::u8;
    else if constexpr (sizeof(T) == 2) return TensorElement::u16;
    else if constexpr (sizeof(T) == 4) return std::is_signed_v<T> ? TensorElement::i32 : TensorElement::u32;
    else return std::is_signed_v<T> ? TensorElement::i64 : TensorElement::u64;
  }
}

}  // namespace detail

/// A tiled TMA tensor map over device memory holding a tensor of T, whose copies move boxes of
/// Box... elements (innermost dimension first, like the dims). 128 bytes, 64-byte aligned: the
/// launcher copies it into the kernel's parameter space. Does not own the memory: the buffer
/// must outlive the launches that use the map.
template <class T, unsigned... Box>
class alignas(64) TensorMap {
  static_assert(sizeof...(Box) >= 1 && sizeof...(Box) <= 5, "a TensorMap's box has 1 to 5 dimensions");

 public:
  static constexpr std::size_t rank = sizeof...(Box);
  static constexpr std::array<std::uint32_t, rank> box{Box...};
  static constexpr std::uint32_t box_bytes = (Box * ...) * std::uint32_t(sizeof(T));

  /// A map over the row-major tensor in `view` with extents `dims` (innermost first), rows
  /// packed (the stride of dimension i is the product of the extents inside it).
  static TensorMap tiled(DeviceView<const T> view, const std::array<std::uint64_t, rank>& dims,
                         TensorSwizzle swizzle = TensorSwizzle::none) {
    std::array<std::uint64_t, rank - 1> strides{};
    std::uint64_t stride = sizeof(T);
    for (std::size_t i = 0; i + 1 < rank; ++i) strides[i] = stride *= dims[i];
    return tiled(view, dims, strides, swizzle);
  }
  /// The same with explicit strides in bytes: strides[i] is the distance between consecutive
  /// indices of dimension i + 1 (padded rows: a multiple of 16 bytes).
  static TensorMap tiled(DeviceView<const T> view, const std::array<std::uint64_t, rank>& dims,
                         const std::array<std::uint64_t, rank - 1>& strides, TensorSwizzle swizzle) {
    TensorMap map;
    map.address_ = view.device_ptr();
    map.bytes_ = view.bytes();
    const detail::TensorMapRequest request{detail::tensor_element<T>(), sizeof(T),
                                           view.device_ptr(), view.bytes(), dims, strides, box, swizzle};
    detail::encode_tensor_map_tiled(request, map.descriptor_);
    return map;
  }

  /// The encoded CUtensorMap, 128 bytes (the launcher passes this address to cuLaunchKernel).
  const void* descriptor() const noexcept { return descriptor_; }
  /// The device address and byte length of the view the map was encoded over (for the launch's
  /// aliasing check).
  std::uint64_t device_ptr() const noexcept { return address_; }
  std::uint64_t bytes() const noexcept { return bytes_; }

 private:
  TensorMap() = default;
  unsigned char descriptor_[128] = {};
  std::uint64_t address_ = 0;
  std::uint64_t bytes_ = 0;
};

}  // namespace simt
