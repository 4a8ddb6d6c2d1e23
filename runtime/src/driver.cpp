// Loading the CUDA driver at first use.
//
// Why dlsym on the names cuda.h's macros expand to, rather than cuGetProcAddress: the
// versioned symbol (cuMemAlloc_v2, cuEventElapsedTime_v2, ...) is exactly the ABI the
// prototype in the cuda.h we compile against describes, so `decltype(&cuMemAlloc)` is the
// right pointer type with no hand-kept table of per-entry CUDA versions. cuGetProcAddress
// needs such a version per entry, must itself be found with dlsym first, and would make every
// test double implement it; a plain exported symbol is all a fake driver has to provide.
#include <dlfcn.h>

#include <atomic>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "driver_api.hpp"
#include "simt/runtime/driver.hpp"
#include "simt/runtime/error.hpp"

namespace simt::detail {
namespace {

constexpr const char* kDefaultDriver = "libcuda.so.1";
constexpr const char* kNoDriver = "no CUDA driver";
constexpr const char* kInstallHint = "; install the NVIDIA driver, or run on a machine with a GPU";

// Drivers are never freed and their libraries never closed: handles may be destroyed during
// static destruction, and unloading libcuda under live CUDA objects is not supported anyway.
// A reset for testing only forgets the pointers.
std::mutex g_mutex;
std::atomic<Driver*> g_loaded{nullptr};  // dlopen'd and resolved
std::atomic<Driver*> g_ready{nullptr};   // ... and cuInit succeeded
std::string g_override_path;             // guarded by g_mutex

// Drivers forgotten by reset_driver_for_testing stay reachable here (for leak checkers too).
std::vector<Driver*>& retired_drivers() {
  static auto* retired = new std::vector<Driver*>;
  return *retired;
}

std::string driver_path() {
  if (!g_override_path.empty()) return g_override_path;
  if (const char* env = std::getenv("SIMT_CUDA_DRIVER"); env != nullptr && *env != '\0') return env;
  return kDefaultDriver;
}

template <class Fn>
void resolve(void* library, Fn& slot, const char* symbol, const std::string& path) {
  dlerror();
  void* address = dlsym(library, symbol);
  if (address == nullptr)
    throw DriverNotFound(kNoDriver, path + " lacks the entry point " + symbol +
                                        " (not a CUDA driver, or one older than this runtime needs); update the NVIDIA driver");
  slot = reinterpret_cast<Fn>(address);  // POSIX guarantees data/function pointer round trips
}

// An optional entry point stays null when the library lacks it; the call that needs it says so.
template <class Fn>
void resolve_optional(void* library, Fn& slot, const char* symbol) {
  dlerror();
  slot = reinterpret_cast<Fn>(dlsym(library, symbol));
}

Driver* load(const std::string& path) {
  void* library = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (library == nullptr) {
    const char* why = dlerror();
    throw DriverNotFound(kNoDriver, "could not load " + path + " (" + (why ? why : "unknown dlopen error") + ")" +
                                        kInstallHint);
  }
  auto driver = std::make_unique<Driver>();
  driver->path = path;
  try {
#define SIMT_CUDA_ENTRY(name) resolve(library, driver->name, SIMT_CUDA_SYMBOL(name), path);
#define SIMT_CUDA_OPTIONAL_ENTRY(name) resolve_optional(library, driver->name, SIMT_CUDA_SYMBOL(name));
#include "driver_entry_points.def"
#undef SIMT_CUDA_OPTIONAL_ENTRY
#undef SIMT_CUDA_ENTRY
  } catch (...) {
    dlclose(library);  // nothing of it is in use yet
    throw;
  }
  return driver.release();
}

void initialise(const Driver& d) {
  const CUresult result = d.cuInit(0);
  if (result == CUDA_SUCCESS) return;
  if (result == CUDA_ERROR_STUB_LIBRARY)
    throw DriverNotFound(result, result_name(result), "initialising the CUDA driver (cuInit)",
                         std::string(kNoDriver) + ": " + d.path +
                             " is the CUDA toolkit's stub library, not a driver" + kInstallHint);
  if (result == CUDA_ERROR_NO_DEVICE)
    throw NoDevice(result, result_name(result), "initialising the CUDA driver (cuInit)",
                   "no CUDA device: the driver found no GPU (cuInit: CUDA_ERROR_NO_DEVICE); run on a machine with an "
                   "NVIDIA GPU, or check CUDA_VISIBLE_DEVICES");
  throw_driver_error(result, "initialising the CUDA driver " + d.path + " (cuInit)");
}

}  // namespace

const Driver& driver() {
  if (Driver* ready = g_ready.load(std::memory_order_acquire)) [[likely]]
    return *ready;
  std::lock_guard lock(g_mutex);
  Driver* loaded = g_loaded.load(std::memory_order_relaxed);
  if (loaded == nullptr) {
    loaded = load(driver_path());
    g_loaded.store(loaded, std::memory_order_release);
  }
  if (g_ready.load(std::memory_order_relaxed) == nullptr) {
    initialise(*loaded);  // retried on the next call when it throws
    g_ready.store(loaded, std::memory_order_release);
  }
  return *loaded;
}

void throw_missing_entry(const char* symbol) {
  const Driver* d = loaded_driver();
  throw Error(std::string(symbol) + " is missing from the CUDA driver " + (d != nullptr ? d->path : std::string("(none)")),
              "this feature needs a newer driver than the one loaded; update the NVIDIA driver");
}

const Driver* loaded_driver() noexcept { return g_loaded.load(std::memory_order_acquire); }

void reset_driver_for_testing(std::string_view path) {
  std::lock_guard lock(g_mutex);
  g_ready.store(nullptr, std::memory_order_release);
  if (Driver* old = g_loaded.exchange(nullptr, std::memory_order_acq_rel)) retired_drivers().push_back(old);
  g_override_path = std::string(path);
}

}  // namespace simt::detail

namespace simt {

int device_count() {
  const detail::Driver* d = nullptr;
  try {
    d = &detail::driver();
  } catch (const NoDevice&) {
    return 0;
  }
  int count = 0;
  const CUresult result = d->cuDeviceGetCount(&count);
  if (result == CUDA_ERROR_NO_DEVICE) return 0;
  detail::check(result, "counting CUDA devices (cuDeviceGetCount)");
  return count;
}

int driver_version() {
  int version = 0;
  detail::check(detail::driver().cuDriverGetVersion(&version), "querying the driver version (cuDriverGetVersion)");
  return version;
}

}  // namespace simt
