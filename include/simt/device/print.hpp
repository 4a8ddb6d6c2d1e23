// Output from kernels: simt::printf and SIMT_ASSERT (simt::trap() is in config.hpp).
#pragma once

#include "simt/device/config.hpp"
#include "simt/half.hpp"

namespace simt {

#if defined(__SIMTC__)

/// Prints like std::printf from each thread that calls it (CUDA's printf: the driver's
/// vprintf). Output appears on the host's stdout when the launch is synchronized; lines of
/// different threads may come in any order. Arguments follow C's promotions: float, half and
/// bfloat16 are printed as double (%f, %g, %e, %a), integers narrower than int as int, and
/// %s takes a string literal (or another pointer to characters). Returns the number of
/// arguments printed, or a negative value when the driver's buffer is full.
SIMT_BUILTIN("printf") __attribute__((format(printf, 1, 2))) int printf(const char* format, ...);

/// What a failed SIMT_ASSERT calls: reports the condition, file, line and function (CUDA's
/// __assertfail) and stops the thread.
[[noreturn]] SIMT_BUILTIN("assertfail") void assert_fail(const char* condition, const char* file,
                                                        unsigned line, const char* function);

#else

namespace detail {
template <class T>
auto printf_argument(T value) {
  if constexpr (std::is_same_v<T, half> || std::is_same_v<T, bfloat16>)
    return double(float(value));  // as the device promotes them
  else
    return value;
}
}  // namespace detail

/// What a failed SIMT_ASSERT calls: reports on stderr and aborts.
[[noreturn]] inline void assert_fail(const char* condition, const char* file, unsigned line,
                                     const char* function) {
  std::fprintf(stderr, "%s:%u: %s: assertion '%s' failed\n", file, line, function, condition);
  std::abort();
}

/// The host reference's printf: std::printf, with half and bfloat16 printed as double.
template <class... Args>
int printf(const char* format, Args... args) {
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-security"
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
#endif
  return std::printf(format, detail::printf_argument(args)...);
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif
}

#endif

}  // namespace simt

/// Stops the thread when `condition` is false, after reporting the condition, file, line and
/// function: on the GPU through the driver (the launch then fails with an assertion error), on
/// the host on stderr before abort(). Unlike assert(), NDEBUG does not turn it off.
#define SIMT_ASSERT(condition)                                                             \
  ((condition) ? static_cast<void>(0)                                                      \
               : ::simt::assert_fail(#condition, __FILE__, __LINE__, __func__))
