// The launch contract on the CPU path: the checks a GPU launch makes, for simt::host launches.
//
// The generated header of a kernel file (simtc build --header) has, besides the GPU launchers,
// `<namespace>::host::<kernel>(spec, args...)`: it runs the kernel on the CPU (simt::host) after
// the checks below, so that a launch the GPU launcher would refuse is refused here too, with the
// same simt::ContractError and the same message. The CPU stands for a GPU of the limits of
// cpu_limits(); it runs kernels of any compute capability. Host builds only.
#pragma once

#include <cstdint>
#include <limits>
#include <span>
#include <string>

#include "simt/host.hpp"
#include "simt/runtime/contract.hpp"

namespace simt::host {

/// The device limits the CPU path checks launches against: those of an sm_90 GPU (1024 threads
/// per block, blocks up to 1024 x 1024 x 64, grids up to 2^31-1 x 65535 x 65535, 48 KiB of
/// shared memory per block, 227 KiB with opt-in), and any compute capability.
inline DeviceLimits cpu_limits() {
  DeviceLimits limits;
  limits.compute_capability = std::numeric_limits<int>::max();
  limits.warp_size = 32;
  limits.max_threads_per_block = 1024;
  limits.max_block_dim = {1024, 1024, 64};
  limits.max_grid_dim = {2147483647, 65535, 65535};
  limits.max_shared_per_block = 48 * 1024;
  limits.max_shared_per_block_optin = 227 * 1024;
  limits.max_shared_per_sm = 228 * 1024;
  return limits;
}

/// A view argument of a CPU launch as the aliasing check sees it: its host bytes.
template <class View>
contract::BufferArg buffer_arg(const char* name, const char* kind, const View& view, bool written) {
  const simt::detail::race::View v = view.race_view();
  return {name, kind, static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(v.data)), v.bytes, written};
}

/// The checks of a GPU launch, for a launch of `spec` on the CPU: the shape against the contract
/// and cpu_limits(), the `requires` relations with `values` as their operands, and that no
/// written buffer overlaps another. Throws simt::ContractError naming the clause and the numbers.
inline void check_launch(const LaunchContract& contract, const LaunchSpec& spec, std::span<const std::uint64_t> values,
                         std::span<const contract::BufferArg> buffers) {
  if (spec.dynamic_shared_bytes > std::numeric_limits<std::uint32_t>::max())
    throw ContractError(ContractClause::device_shared, contract.kernel,
                        std::to_string(spec.dynamic_shared_bytes) +
                            " bytes of dynamic shared memory exceed the device's limit of " +
                            std::to_string(cpu_limits().max_shared_per_block_optin) + " bytes per block");
  const LaunchShape shape{{spec.grid.x, spec.grid.y, spec.grid.z},
                          {spec.block.x, spec.block.y, spec.block.z},
                          static_cast<std::uint32_t>(spec.dynamic_shared_bytes)};
  const DeviceLimits limits = cpu_limits();
  contract::check_shape(contract, shape, limits, contract::KernelLimits{limits.max_threads_per_block, 0});
  contract::check_requirements(contract, values);
  contract::check_no_alias(contract, buffers);
}

}  // namespace simt::host
