// Constant memory the host fills: a read-only table at namespace scope (CUDA's __constant__).
//
//   simt::Constant<float, 64> coeffs;      // 64 floats; the host uploads them before a launch
//   simt::Constant<Params> params;         // one struct: params.value()
//
//   [[kernel]] void fir(...) { ... coeffs[t] * x ... }   // bounds-checked read, by value
//
// Every thread of every block reads the same copy, which stays fixed while a kernel runs: the
// host writes it between launches, through the generated header's set_<name>(stream, values)
// (ordered with the launches on that stream). Kernel code can only read it: no member of this
// class writes, it cannot be copied or assigned, and the rule simt-global-variable rejects
// non-const references to it. It is declared only at namespace scope, on its own (not as a
// local, a member, a parameter or an array element). All constant memory of a module, these
// tables and the constexpr ones together, fits in 64 KiB.
//
// On the host (the CPU reference), it is an ordinary array that the generated header's
// host::set_<name>(values) fills.
#pragma once

#include "simt/device/config.hpp"
#include "simt/device/thread.hpp"  // on the host, the definition of detail::bounds_fail

namespace simt {

/// N elements of T (trivially copyable) in constant memory, filled by the host.
template <class T, size_t N = 1>
class Constant {
  static_assert(N > 0, "simt::Constant holds at least one element");
  static_assert(__is_trivially_copyable(T), "simt::Constant holds trivially copyable elements (the host copies their bytes)");

 public:
  using value_type = T;

  Constant() = default;
  Constant(const Constant&) = delete;
  Constant& operator=(const Constant&) = delete;

  static constexpr size_t size() { return N; }
  /// Element `i`, by value; an index at or past size() stops the thread (trap), as a Slice's.
  T operator[](SIMT_GLOBAL_INDEX i) const {
    if (i >= N) detail::bounds_fail(i, N SIMT_GLOBAL_PASS(i.where));
    return data_[static_cast<size_t>(i)];
  }
  /// The one element of a Constant<T> (a parameter block).
  T value() const {
    static_assert(N == 1, "value() reads a simt::Constant of one element; index the others");
    return data_[0];
  }

#if !defined(__SIMTC__)
  // Host reference only: the generated header's host::set_<name>() copies the N values in.
  void host_fill(const T* values) {
    for (size_t i = 0; i < N; ++i) data_[i] = values[i];
  }
#endif

 private:
  T data_[N];
};

}  // namespace simt
