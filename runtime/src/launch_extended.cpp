// Launches with attributes: cooperative grids, thread block clusters, launch priorities.
#include "launch_extended.hpp"

#include <cstdint>
#include <string>

#include "simt/runtime/error.hpp"
#include "text.hpp"

namespace simt::detail {
namespace {

constexpr unsigned kPortableClusterBlocks = 8;  // the most every cluster-capable GPU takes

std::string launch_action(const Kernel& kernel, const char* how, const LaunchShape& shape) {
  return cat("launching kernel '", kernel.name(), "' ", how, " with ", to_string(shape));
}

void check_cooperative(const Kernel& kernel, const LaunchShape& shape) {
  const std::uint64_t blocks = std::uint64_t{shape.grid.x} * shape.grid.y * shape.grid.z;
  const unsigned threads = shape.block.x * shape.block.y * shape.block.z;
  const int per_sm = kernel.max_active_blocks_per_sm(threads, shape.shared_bytes);
  const int sms = kernel.context().limits().sm_count;
  const std::uint64_t resident = static_cast<std::uint64_t>(per_sm) * static_cast<std::uint64_t>(sms);
  if (blocks > resident)
    throw LaunchError(launch_action(kernel, "cooperatively", shape),
                      cat("its ", blocks, " blocks cannot all be resident at once: the device holds at most ", per_sm,
                          " such blocks per SM x ", sms, " SMs = ", resident,
                          " (occupancy x SM count); use a smaller grid that loops over the work"));
}

void check_cluster(const Kernel& kernel, const LaunchShape& shape, const Dim3& cluster) {
  const std::string action = launch_action(kernel, "in clusters", shape);
  if (cluster.y == 0 || cluster.z == 0)
    throw LaunchError(action, cat("the cluster shape (", cluster.x, ", ", cluster.y, ", ", cluster.z, ") has an empty extent"));
  const unsigned size = cluster.x * cluster.y * cluster.z;
  if (size > kPortableClusterBlocks)
    throw LaunchError(action, cat("a cluster of (", cluster.x, ", ", cluster.y, ", ", cluster.z, ") is ", size,
                                  " blocks, more than the portable limit of ", kPortableClusterBlocks));
  const Dim3& grid = shape.grid;
  if (grid.x % cluster.x != 0 || grid.y % cluster.y != 0 || grid.z % cluster.z != 0)
    throw LaunchError(action, cat("the grid (", grid.x, ", ", grid.y, ", ", grid.z, ") is not a whole number of clusters (",
                                  cluster.x, ", ", cluster.y, ", ", cluster.z, ") in every dimension"));
  const int cc = kernel.context().compute_capability();
  if (cc < 90)
    throw LaunchError(action, cat("thread block clusters need compute capability 9.0; device ", kernel.context().device(),
                                  " has ", cc / 10, ".", cc % 10));
}

}  // namespace

CUresult launch_extended(const Kernel& kernel, const Stream& stream, const LaunchShape& shape, void** args) {
  const LaunchAttributes& attributes = stream.launch_attributes();
  if (attributes.cooperative) check_cooperative(kernel, shape);
  if (attributes.cluster.x != 0) check_cluster(kernel, shape, attributes.cluster);

  CUlaunchAttribute list[3] = {};
  unsigned count = 0;
  if (attributes.cooperative) {
    list[count].id = CU_LAUNCH_ATTRIBUTE_COOPERATIVE;
    list[count++].value.cooperative = 1;
  }
  if (attributes.cluster.x != 0) {
    list[count].id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
    list[count].value.clusterDim.x = attributes.cluster.x;
    list[count].value.clusterDim.y = attributes.cluster.y;
    list[count++].value.clusterDim.z = attributes.cluster.z;
  }
  if (attributes.priority) {
    list[count].id = CU_LAUNCH_ATTRIBUTE_PRIORITY;
    list[count++].value.priority = *attributes.priority;
  }
  CUlaunchConfig config{};
  config.gridDimX = shape.grid.x;
  config.gridDimY = shape.grid.y;
  config.gridDimZ = shape.grid.z;
  config.blockDimX = shape.block.x;
  config.blockDimY = shape.block.y;
  config.blockDimZ = shape.block.z;
  config.sharedMemBytes = static_cast<unsigned>(shape.shared_bytes + kernel.shared_in_dynamic());
  config.hStream = stream.native_handle();
  config.attrs = list;
  config.numAttrs = count;
  return SIMT_CUDA_OPTIONAL(driver(), cuLaunchKernelEx)(&config, kernel.native_handle(), args, nullptr);
}

}  // namespace simt::detail
