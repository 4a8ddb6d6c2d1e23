// simt runtime: DeviceView, the non-owning (device address, element count) pair kernels take.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace simt {

namespace detail {
/// Throws UsageError naming offset, count and size.
[[noreturn]] void throw_subview_out_of_range(std::size_t offset, std::size_t count, std::size_t size);
}  // namespace detail

/// A non-owning view of `size()` elements of type T at device address `device_ptr()`.
/// DeviceView<const T> converts implicitly from DeviceView<T>; never the reverse.
template <class T>
class DeviceView {
public:
  using element_type = T;

  /// An empty view (null address, no elements).
  constexpr DeviceView() noexcept = default;
  /// Views `count` elements at `device_ptr`; the caller vouches for the range.
  constexpr DeviceView(std::uint64_t device_ptr, std::size_t count) noexcept
      : ptr_(device_ptr), size_(count) {}
  /// Explicitly unsafe: views `count` elements of memory that other code allocated (a
  /// CUdeviceptr from the CUDA runtime or a library, a cuBLAS workspace, a PyTorch tensor's
  /// data_ptr()). simt cannot know the allocation's size, its device or its lifetime: the
  /// caller vouches that `count` elements fit and that the memory outlives every use.
  static constexpr DeviceView adopt_unchecked(std::uint64_t device_ptr, std::size_t count) noexcept {
    return DeviceView(device_ptr, count);
  }
  /// The same for a pointer (cudaMalloc's void*, a tensor's data_ptr<float>()).
  static DeviceView adopt_unchecked(const volatile void* device_ptr, std::size_t count) noexcept {
    return DeviceView(static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(device_ptr)), count);
  }

  /// Adds const: a view of T is usable where a view of const T is expected.
  template <class U>
    requires(std::is_const_v<T> && !std::is_const_v<U> && std::is_same_v<const U, T>)
  constexpr DeviceView(const DeviceView<U>& other) noexcept  // NOLINT(google-explicit-constructor)
      : ptr_(other.device_ptr()), size_(other.size()) {}

  /// Device address of the first element.
  constexpr std::uint64_t device_ptr() const noexcept { return ptr_; }
  /// Number of elements.
  constexpr std::size_t size() const noexcept { return size_; }
  /// Number of bytes, size() * sizeof(T).
  constexpr std::size_t bytes() const noexcept { return size_ * sizeof(T); }
  /// True when the view has no elements.
  constexpr bool empty() const noexcept { return size_ == 0; }

  /// Elements [offset, offset + count); throws UsageError when that leaves the view.
  DeviceView subview(std::size_t offset, std::size_t count) const {
    if (offset > size_ || count > size_ - offset) detail::throw_subview_out_of_range(offset, count, size_);
    return DeviceView(ptr_ + offset * sizeof(T), count);
  }

private:
  std::uint64_t ptr_ = 0;
  std::size_t size_ = 0;
};

}  // namespace simt
