// Private to the runtime: launches with attributes (cooperative, clusters, priority).
#pragma once

#include "driver_api.hpp"
#include "simt/runtime/module.hpp"

namespace simt::detail {

/// Checks the launch attributes of `stream` against `shape` and the device (a cooperative
/// grid must be co-resident, a cluster must tile the grid and needs compute capability 9.0;
/// LaunchError naming the numbers), then queues the launch with cuLaunchKernelEx. Returns its
/// result; the context is current.
CUresult launch_extended(const Kernel& kernel, const Stream& stream, const LaunchShape& shape, void** args);

}  // namespace simt::detail
