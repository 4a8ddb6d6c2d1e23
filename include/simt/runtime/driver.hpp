// simt runtime: process-wide facts about the CUDA driver, which is loaded with dlopen on first use.
#pragma once

#include <string_view>

namespace simt {

/// Number of CUDA devices; 0 when the driver reports none. Loads and initialises the driver
/// on first use (libcuda.so.1, or the path in $SIMT_CUDA_DRIVER); throws DriverNotFound.
int device_count();

/// The driver's CUDA version, e.g. 13000 for CUDA 13.0 (cuDriverGetVersion).
int driver_version();

namespace detail {
/// Testing only: forget the loaded driver so the next call loads it again, from `path`, or
/// from $SIMT_CUDA_DRIVER / libcuda.so.1 when `path` is empty. All handles must be gone.
void reset_driver_for_testing(std::string_view path = {});
}  // namespace detail

}  // namespace simt
