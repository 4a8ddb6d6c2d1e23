// Private to the runtime: the dlopen'd driver's entry points and the error-checking helpers.
// This header and the runtime's .cpp files are the only places that see cuda.h.
#pragma once

#include <cuda.h>

#include "simt/runtime/error.hpp"

#include <concepts>
#include <string>
#include <string_view>

namespace simt::detail {

#define SIMT_CUDA_STRINGIZE_(x) #x
// Expands `x` first, so SIMT_CUDA_SYMBOL(cuMemAlloc) is "cuMemAlloc_v2" under CUDA 13's cuda.h.
#define SIMT_CUDA_SYMBOL(x) SIMT_CUDA_STRINGIZE_(x)

/// The resolved entry points of one loaded driver library. Members are named as cuda.h spells
/// the functions, so `driver().cuMemAlloc(...)` reads like the CUDA API (and expands to the
/// versioned member, just as the call would in plain CUDA code).
struct Driver {
  std::string path;
#define SIMT_CUDA_ENTRY(name) decltype(&::name) name = nullptr;
#include "driver_entry_points.def"
#undef SIMT_CUDA_ENTRY
};

/// Throws Error "<symbol> is missing from the CUDA driver <path>: ...", for an optional entry
/// point the loaded driver lacks.
[[noreturn]] void throw_missing_entry(const char* symbol);

/// `fn` when the driver has it, else throw_missing_entry(symbol).
template <class Fn>
inline Fn require_entry(Fn fn, const char* symbol) {
  if (fn == nullptr) [[unlikely]]
    throw_missing_entry(symbol);
  return fn;
}

/// An optional entry point of driver `d` (see driver_entry_points.def), checked at the call:
/// SIMT_CUDA_OPTIONAL(driver(), cuMemAllocAsync)(&ptr, bytes, stream).
#define SIMT_CUDA_OPTIONAL(d, name) ::simt::detail::require_entry((d).name, SIMT_CUDA_SYMBOL(name))

/// The driver, loaded and cuInit'ed on first use. Throws DriverNotFound or NoDevice.
const Driver& driver();
/// The driver if one was loaded, else null; never throws (for deleters).
const Driver* loaded_driver() noexcept;

/// Where a driver call failed, so the message can carry a fitting fix hint.
enum class Site { generic, module_load, entry_lookup, launch };

/// Extra facts for the message of a failed driver call.
struct Failure {
  Site site = Site::generic;
  int compute_capability = 0;  // of the device, when known (module loads)
  std::string_view entry;      // entry_lookup: the missing entry's name
  std::string_view detail;     // appended to the fix hint (e.g. launch limits)
  std::string_view fix;        // the fix hint when the table of known failures has none
  std::string_view jit_log;    // module_load: cuModuleLoadDataEx's error log
};

/// The CUresult's enum name, e.g. "CUDA_ERROR_INVALID_PTX".
std::string result_name(CUresult result);

/// Throws the Error subclass fitting `result` (LaunchError at Site::launch, NoDevice for
/// CUDA_ERROR_NO_DEVICE) with the message "<action>: <NAME> (<code>): <text>[; fix: ...]".
[[noreturn]] void throw_driver_error(CUresult result, std::string action, const Failure& failure = {});

/// Passes the failed release `result` to the release error handler as an Error whose message
/// is composed like throw_driver_error's.
void report_release_failure(CUresult result, std::string action) noexcept;

/// Passes `error`, a failed release outside the driver (NCCL), to the release error handler.
void report_release_error(const Error& error) noexcept;

/// Throws when `result` is a failure. `action` is a string or a callable returning one; a
/// callable is only invoked on failure, so the success path builds no strings.
template <class Action>
inline void check(CUresult result, Action&& action) {
  if (result == CUDA_SUCCESS) [[likely]]
    return;
  if constexpr (std::invocable<Action>)
    throw_driver_error(result, std::string(action()));
  else
    throw_driver_error(result, std::string(action));
}

/// check() for deleters and other destructors, which must not throw: a failure is reported
/// to the release error handler (simt::set_release_error_handler) instead. A driver already
/// shut down (CUDA_ERROR_DEINITIALIZED: objects of static lifetime destroyed at exit, after the
/// driver's own teardown) has released everything itself: that is no failure.
template <class Action>
inline void check_release(CUresult result, Action&& action) noexcept {
  if (result == CUDA_SUCCESS || result == CUDA_ERROR_DEINITIALIZED) [[likely]]
    return;
  try {
    if constexpr (std::invocable<Action>)
      report_release_failure(result, std::string(action()));
    else
      report_release_failure(result, std::string(action));
  } catch (...) {
    // Out of memory while composing the action: the failure goes unreported.
  }
}

}  // namespace simt::detail
