// Views of global memory that kernels receive as parameters.
#pragma once

#include "simt/device/config.hpp"
#include "simt/device/thread.hpp"

namespace simt {

/// Read-only view of device memory: a bounds-checked `x[i]`. Only `Slice<const T>` exists.
template <class T>
class Slice;

template <class T>
class Slice<const T> {
 public:
  using value_type = T;

  size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  /// The element at `i`; an index at or past size() stops the thread (trap).
  const T& operator[](size_t i) const {
    if (i >= size_) detail::bounds_fail(i, size_);
    return data_[i];
  }

#if !defined(__SIMTC__)
  // Host reference only: on the device a Slice comes from the launch arguments.
  Slice(const T* data, size_t size) : data_(data), size_(size) {}
#endif

 private:
  const T* data_;
  size_t size_;
};

/// A possibly empty handle to one element owned by the calling thread.
template <class T>
class ElementRef {
 public:
  explicit operator bool() const { return ptr_ != nullptr; }
  /// The element; using an empty handle stops the thread (trap).
  T& operator*() const {
    if (ptr_ == nullptr) trap();
    return *ptr_;
  }

 private:
  template <class>
  friend class DisjointSlice;
  explicit ElementRef(T* ptr) : ptr_(ptr) {}
  T* ptr_;
};

/// Writable view of device memory in which each thread owns the element at its ThreadIndex.
/// The launch proves the slice overlaps no other argument, so these writes cannot race.
template <class T>
class DisjointSlice {
 public:
  using value_type = T;

  size_t size() const { return size_; }
  /// The element owned by `index`, or an empty handle when it is out of range.
  ElementRef<T> get_mut(const ThreadIndex& index) {
    size_t i = index.get();
    return ElementRef<T>(i < size_ ? data_ + i : nullptr);
  }

#if !defined(__SIMTC__)
  DisjointSlice(T* data, size_t size) : data_(data), size_(size) {}
#endif

 private:
  T* data_;
  size_t size_;
};

}  // namespace simt
