// Launch contracts: the half that asks the driver. prepare() gathers the device's and the
// compiled kernel's limits and runs the pure checks of contract.cpp; check_launch() runs the
// argument checks before the generated launcher launches.
#include <mutex>
#include <string>

#include "simt/runtime/contract.hpp"
#include "text.hpp"

namespace simt::contract {
namespace {

using detail::cat;

// A kernel's dynamic shared memory limit is one driver attribute shared by all its launches,
// so it only ever goes up: lowering it for one prepared launch would break another prepared
// earlier with a larger request. The limit is read from the driver, never remembered here: a
// module loaded later may get an unloaded one's CUfunction address, and starts at the default.
// The mutex keeps two prepares of one kernel from both reading the old limit and the smaller
// request winning.
std::mutex g_shared_mutex;

void raise_dynamic_shared_limit(const Kernel& kernel, std::size_t bytes) {
  std::lock_guard lock(g_shared_mutex);
  if (bytes <= kernel.attributes().max_dynamic_shared_bytes) return;
  kernel.set_max_dynamic_shared(bytes);
}

}  // namespace

void prepare(const Kernel& kernel, const LaunchContract& contract, const LaunchShape& shape) {
  const DeviceLimits device = kernel.context().limits();
  const KernelAttributes attributes = kernel.attributes();
  const KernelLimits limits{attributes.max_threads_per_block, attributes.static_shared_bytes};
  check_shape(contract, shape, device, limits);
  // Without the opt-in, static plus dynamic shared memory is capped at the default per-block
  // limit (48 KiB), which the driver's limit starts at; check_shape has already made sure the
  // opt-in limit covers the request.
  if (shape.shared_bytes > attributes.max_dynamic_shared_bytes) raise_dynamic_shared_limit(kernel, shape.shared_bytes);
  if (shape.grid.x == 0 || shape.grid.y == 0 || shape.grid.z == 0) return;  // launches nothing
  const unsigned threads = shape.block.x * shape.block.y * shape.block.z;  // <= 1024: checked above
  check_residency(contract, shape, kernel.max_active_blocks_per_sm(threads, shape.shared_bytes), limits);
}

void check_launch(const Kernel& kernel, const LaunchContract& contract, const CUfunc_st* prepared_for,
                  const Stream& stream, std::span<const std::uint64_t> values, std::span<const BufferArg> buffers) {
  if (prepared_for != kernel.native_handle())
    throw ContractError(ContractClause::wrong_kernel, contract.kernel,
                        "the launch was prepared with another loaded copy of this kernel (another module or "
                        "context); prepare it with the one that launches it");
  if (!(stream.context() == kernel.context()))
    throw ContractError(ContractClause::wrong_context, contract.kernel,
                        cat("the stream belongs to the context of device ", stream.context().device(),
                            ", but the kernel's module is loaded in the context of device ", kernel.context().device()));
  // A kernel built for clusters (.reqnctapercluster) runs in them with a plain launch; a stream
  // that asks for another cluster shape would make the driver refuse it.
  const Dim3& asked = stream.launch_attributes().cluster;
  if (contract.cluster.x != 0 && asked.x != 0 && !(asked == contract.cluster))
    throw ContractError(ContractClause::cluster, contract.kernel,
                        cat("the stream launches clusters of (", asked.x, ", ", asked.y, ", ", asked.z,
                            ") blocks, but the kernel was built for the contract's simt::cluster(", contract.cluster.x,
                            ", ", contract.cluster.y, ", ", contract.cluster.z, ")"));
  check_requirements(contract, values);
  check_no_alias(contract, buffers);
}

}  // namespace simt::contract
