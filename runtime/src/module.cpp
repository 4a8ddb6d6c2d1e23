// Modules JIT-compiled from PTX, their kernels, and kernel launches.
#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstring>
#include <string>

#include "context_state.hpp"
#include "fault.hpp"
#include "launch_extended.hpp"
#include "ptx_target.hpp"
#include "simt/runtime/error.hpp"
#include "simt/runtime/module.hpp"
#include "text.hpp"

namespace simt {

using detail::cat;
using detail::check;
using detail::CurrentContext;
using detail::Failure;
using detail::Site;

namespace {

// Enough for ptxas' diagnostics on any realistic kernel; the driver truncates beyond it.
constexpr std::size_t kJitLogBytes = 16 * 1024;

struct ModuleUnload {
  CUcontext context = nullptr;  // kept alive by the Context declared before the module in State
  void operator()(CUmod_st* module) const noexcept {
    CurrentContext guard(context, std::nothrow);
    if (const detail::Driver* d = detail::loaded_driver())
      detail::check_release(d->cuModuleUnload(module), "unloading a module (cuModuleUnload)");
  }
};

std::string quoted(std::string_view s) { return cat("'", s, "'"); }

template <class Array>
std::string dims(const Array& a) {
  return cat("(", a[0], ", ", a[1], ", ", a[2], ")");
}

// One attribute of a loaded kernel (the kernel's context is current).
int function_attribute(CUfunction function, CUfunction_attribute which, const std::string& name) {
  int value = 0;
  check(detail::driver().cuFuncGetAttribute(&value, which, function),
        [&] { return "querying attributes of kernel " + quoted(name) + " (cuFuncGetAttribute)"; });
  return value;
}

}  // namespace

struct Module::State {
  Context context;  // first, so it is destroyed after `module`, whose unload needs it current
  std::shared_ptr<detail::FaultRecord> fault;  // before `module`: released after the unload
  std::unique_ptr<CUmod_st, ModuleUnload> module;
  std::string name;
  std::string info_log;
};

Module::Module(std::shared_ptr<const State> state) : state_(std::move(state)) {}

Module Module::load_ptx(const Context& context, std::string_view ptx, std::string_view name_for_errors) {
  // The driver reads the image up to a NUL. A string_view need not end in one, and peeking
  // past its end to find out would be undefined behaviour, so copy; it is cheap next to the JIT.
  const std::string image(ptx);
  std::string error_log(kJitLogBytes, '\0');
  std::string info_log(kJitLogBytes, '\0');
  CUjit_option options[6] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES, CU_JIT_INFO_LOG_BUFFER,
                             CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES};
  void* values[6] = {error_log.data(), reinterpret_cast<void*>(static_cast<std::uintptr_t>(kJitLogBytes - 1)),
                     info_log.data(), reinterpret_cast<void*>(static_cast<std::uintptr_t>(kJitLogBytes - 1))};
  unsigned count = 4;
  // PTX with DWARF (simtc build -g) is JIT-compiled for the debugger (cuda-gdb needs it, as
  // for nvcc -G); PTX with line directives (-lineinfo) keeps them for profilers and
  // compute-sanitizer.
  if (image.find(".section\t.debug_info") != std::string::npos || image.find(".section .debug_info") != std::string::npos) {
    options[count] = CU_JIT_GENERATE_DEBUG_INFO;
    values[count++] = reinterpret_cast<void*>(std::uintptr_t{1});
  } else if (image.find("\t.loc\t") != std::string::npos) {
    options[count] = CU_JIT_GENERATE_LINE_INFO;
    values[count++] = reinterpret_cast<void*>(std::uintptr_t{1});
  }

  if (const std::string_view target = detail::ptx_target(image); detail::arch_specific(target))
    if (std::string why = detail::target_mismatch(target, context.compute_capability()); !why.empty())
      throw UsageError(cat("loading module ", quoted(name_for_errors)), why);
  CurrentContext current(context.native_handle());
  CUmodule module = nullptr;
  const CUresult result = detail::driver().cuModuleLoadDataEx(&module, image.c_str(), count, options, values);
  error_log.resize(strnlen(error_log.data(), error_log.size()));
  info_log.resize(strnlen(info_log.data(), info_log.size()));
  if (result != CUDA_SUCCESS) {
    Failure failure;
    failure.site = Site::module_load;
    failure.jit_log = error_log;
    try {
      failure.compute_capability = context.compute_capability();
    } catch (const Error&) {
      // The arch hint just gets vaguer; the load failure is what matters.
    }
    detail::throw_driver_error(result, "loading module " + quoted(name_for_errors) + " (cuModuleLoadDataEx)", failure);
  }
  std::unique_ptr<CUmod_st, ModuleUnload> owned(module, ModuleUnload{context.native_handle()});
  std::shared_ptr<detail::FaultRecord> fault = detail::attach_fault_record(context.native_handle(), module, image, name_for_errors);
  return Module(std::make_shared<const State>(
      State{context, std::move(fault), std::move(owned), std::string(name_for_errors), std::move(info_log)}));
}

Kernel Module::kernel(const char* entry_name, std::size_t shared_in_dynamic) const {
  if (entry_name == nullptr) throw UsageError("Module::kernel", "the entry name is null");
  CurrentContext current(state_->context.native_handle());
  CUfunction function = nullptr;
  const CUresult result = detail::driver().cuModuleGetFunction(&function, state_->module.get(), entry_name);
  if (result != CUDA_SUCCESS) {
    Failure failure;
    failure.site = Site::entry_lookup;
    failure.entry = entry_name;
    detail::throw_driver_error(
        result, cat("looking up kernel ", quoted(entry_name), " in module ", quoted(state_->name), " (cuModuleGetFunction)"),
        failure);
  }
  Kernel kernel(*this, function, entry_name, shared_in_dynamic);
  if (shared_in_dynamic > 0) {
    const DeviceLimits limits = state_->context.limits();
    if (shared_in_dynamic > limits.max_shared_per_block_optin)
      throw UsageError("Module::kernel",
                       cat("kernel ", quoted(entry_name), " has ", shared_in_dynamic,
                           " bytes of shared variables, more than the ", limits.max_shared_per_block_optin,
                           " bytes per block device ", state_->context.device(), " allows"));
    // Opts in to the kernel's own bytes, unless an earlier copy of it already opted in to more.
    if (std::size_t(function_attribute(function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, entry_name)) <
        shared_in_dynamic)
      kernel.set_max_dynamic_shared(0);
  }
  return kernel;
}

ModuleGlobal Module::global(const char* symbol) const {
  if (symbol == nullptr) throw UsageError("Module::global", "the symbol is null");
  CurrentContext current(state_->context.native_handle());
  CUdeviceptr address = 0;
  std::size_t bytes = 0;
  check(detail::driver().cuModuleGetGlobal(&address, &bytes, state_->module.get(), symbol), [&] {
    return cat("looking up global ", quoted(symbol), " in module ", quoted(state_->name), " (cuModuleGetGlobal)");
  });
  return {address, bytes};
}

namespace {

// The global `symbol` of `module`, checked to have `bytes` bytes.
ModuleGlobal global_of_size(const Module& module, const char* symbol, std::size_t bytes) {
  const ModuleGlobal global = module.global(symbol);
  if (global.bytes != bytes)
    throw UsageError(cat("copying to global ", quoted(symbol), " of module ", quoted(module.name())),
                     cat(bytes, " bytes given, the global has ", global.bytes));
  return global;
}

}  // namespace

void Module::copy_to_global(const Stream& stream, const char* symbol, const void* data, std::size_t bytes) const {
  const ModuleGlobal global = global_of_size(*this, symbol, bytes);
  CurrentContext current(state_->context.native_handle());
  check(detail::driver().cuMemcpyHtoDAsync(global.device_ptr, data, bytes, stream.native_handle()), [&] {
    return cat("copying ", bytes, " bytes to global ", quoted(symbol), " (cuMemcpyHtoDAsync)");
  });
}

void Module::copy_to_global(const char* symbol, const void* data, std::size_t bytes) const {
  const ModuleGlobal global = global_of_size(*this, symbol, bytes);
  CurrentContext current(state_->context.native_handle());
  const detail::Driver& d = detail::driver();
  check(d.cuCtxSynchronize(), [&] {
    return cat("waiting for the context's pending work before copying to global ", quoted(symbol), " (cuCtxSynchronize)");
  });
  check(d.cuMemcpyHtoD(global.device_ptr, data, bytes),
        [&] { return cat("copying ", bytes, " bytes to global ", quoted(symbol), " (cuMemcpyHtoD)"); });
  // From pageable memory cuMemcpyHtoD may return once the bytes are staged (DeviceMemory::upload).
  check(d.cuCtxSynchronize(),
        [&] { return cat("finishing the copy to global ", quoted(symbol), " (cuCtxSynchronize)"); });
}

const std::string& Module::name() const noexcept { return state_->name; }
const std::string& Module::jit_info_log() const noexcept { return state_->info_log; }
const Context& Module::context() const noexcept { return state_->context; }
CUmod_st* Module::native_handle() const noexcept { return state_->module.get(); }

Kernel::Kernel(Module module, CUfunc_st* function, std::string name, std::size_t shared_in_dynamic)
    : module_(std::move(module)), function_(function), name_(std::move(name)), shared_in_dynamic_(shared_in_dynamic) {}

const std::string& Kernel::name() const noexcept { return name_; }
const Context& Kernel::context() const noexcept { return module_.context(); }
const Module& Kernel::module() const noexcept { return module_; }
CUfunc_st* Kernel::native_handle() const noexcept { return function_; }

KernelAttributes Kernel::attributes() const {
  CurrentContext current(context().native_handle());
  auto get = [&](CUfunction_attribute which) { return function_attribute(function_, which, name_); };
  KernelAttributes a;
  a.num_registers = get(CU_FUNC_ATTRIBUTE_NUM_REGS);
  a.local_bytes = static_cast<std::size_t>(get(CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES));
  a.static_shared_bytes = static_cast<std::size_t>(get(CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES));
  a.max_threads_per_block = get(CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK);
  a.ptx_version = get(CU_FUNC_ATTRIBUTE_PTX_VERSION);
  a.binary_version = get(CU_FUNC_ATTRIBUTE_BINARY_VERSION);
  a.max_dynamic_shared_bytes = static_cast<std::size_t>(get(CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES));
  // The kernel's variables in dynamic shared memory are its own, not what a launch adds.
  a.static_shared_bytes += shared_in_dynamic_;
  a.max_dynamic_shared_bytes -= std::min(a.max_dynamic_shared_bytes, shared_in_dynamic_);
  return a;
}

int Kernel::max_active_blocks_per_sm(unsigned block_threads, std::size_t dynamic_shared_bytes) const {
  if (block_threads == 0 || block_threads > INT_MAX)
    throw UsageError("Kernel::max_active_blocks_per_sm",
                     "kernel " + quoted(name_) + ": a block of " + std::to_string(block_threads) + " threads is not valid");
  CurrentContext current(context().native_handle());
  int blocks = 0;
  check(detail::driver().cuOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, function_, static_cast<int>(block_threads),
                                                                     dynamic_shared_bytes + shared_in_dynamic_),
        [&] {
          return "computing the occupancy of kernel " + quoted(name_) + " for blocks of " +
                 std::to_string(block_threads) + " threads and " + std::to_string(dynamic_shared_bytes) +
                 " bytes of dynamic shared memory (cuOccupancyMaxActiveBlocksPerMultiprocessor)";
        });
  return blocks;
}

int Kernel::max_active_clusters(unsigned block_threads, std::size_t dynamic_shared_bytes, Dim3 cluster) const {
  const std::uint64_t blocks = std::uint64_t(cluster.x) * cluster.y * cluster.z;
  if (block_threads == 0 || block_threads > INT_MAX || blocks == 0 || blocks > 32)
    throw UsageError("Kernel::max_active_clusters",
                     "kernel " + quoted(name_) + ": blocks of " + std::to_string(block_threads) + " threads in clusters of " +
                         std::to_string(cluster.x) + " x " + std::to_string(cluster.y) + " x " +
                         std::to_string(cluster.z) + " blocks is not a valid shape");
  set_max_dynamic_shared(dynamic_shared_bytes);
  CurrentContext current(context().native_handle());
  CUlaunchAttribute attribute{};
  attribute.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
  attribute.value.clusterDim.x = cluster.x;
  attribute.value.clusterDim.y = cluster.y;
  attribute.value.clusterDim.z = cluster.z;
  CUlaunchConfig config{};
  config.gridDimX = cluster.x;
  config.gridDimY = cluster.y;
  config.gridDimZ = cluster.z;
  config.blockDimX = block_threads;
  config.blockDimY = config.blockDimZ = 1;
  config.sharedMemBytes = static_cast<unsigned>(dynamic_shared_bytes + shared_in_dynamic_);
  config.attrs = &attribute;
  config.numAttrs = 1;
  int clusters = 0;
  check(SIMT_CUDA_OPTIONAL(detail::driver(), cuOccupancyMaxActiveClusters)(&clusters, function_, &config), [&] {
    return "computing how many clusters of " + std::to_string(blocks) + " blocks of kernel " + quoted(name_) +
           " run at once (cuOccupancyMaxActiveClusters)";
  });
  return clusters;
}

void Kernel::set_max_dynamic_shared(std::size_t bytes) const {
  bytes += shared_in_dynamic_;
  if (bytes > INT_MAX)
    throw UsageError("Kernel::set_max_dynamic_shared", std::to_string(bytes) + " bytes is beyond any device's limit");
  CurrentContext current(context().native_handle());
  const CUresult result = detail::driver().cuFuncSetAttribute(
      function_, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, static_cast<int>(bytes));
  if (result != CUDA_SUCCESS) {
    Failure failure;
    failure.fix = "the kernel's static plus dynamic shared memory may not exceed the device's opt-in limit "
                  "(DeviceLimits::max_shared_per_block_optin)";
    detail::throw_driver_error(
        result, cat("allowing kernel ", quoted(name_), " ", bytes, " bytes of dynamic shared memory (cuFuncSetAttribute)"),
        failure);
  }
}

namespace {

// Names every limit the driver may have checked, so the user need not look them up.
std::string launch_limits(const Kernel& kernel) {
  std::string out;
  try {
    const KernelAttributes a = kernel.attributes();
    out += " (kernel " + quoted(kernel.name()) + " allows at most " + std::to_string(a.max_threads_per_block) +
           " threads per block";
    const DeviceLimits l = kernel.context().limits();
    out += "; the device allows blocks up to " + dims(l.max_block_dim) + " with at most " +
           std::to_string(l.max_threads_per_block) + " threads, grids up to " + dims(l.max_grid_dim) + ", and " +
           std::to_string(l.max_shared_per_block) + " bytes of shared memory per block (" +
           std::to_string(l.max_shared_per_block_optin) + " after set_max_dynamic_shared))";
  } catch (const Error&) {
    if (!out.empty()) out += ")";
  }
  return out;
}

}  // namespace

void Kernel::launch(const Stream& stream, const LaunchShape& shape, void** args, std::size_t arg_count) const {
  if (args == nullptr && arg_count != 0)
    throw UsageError("Kernel::launch", "kernel " + quoted(name_) + ": args is null but arg_count is " +
                                           std::to_string(arg_count));
  if (stream.context() != context())
    throw UsageError("Kernel::launch", "kernel " + quoted(name_) + " is loaded on device " +
                                           std::to_string(context().device()) + " but the stream belongs to device " +
                                           std::to_string(stream.context().device()));
  if (shape.grid.x == 0 || shape.grid.y == 0 || shape.grid.z == 0) return;  // nothing to cover, e.g. cover(0, b)

  CurrentContext current(context().native_handle());
  const bool extended = !stream.launch_attributes().empty();
  const CUresult result =
      extended ? detail::launch_extended(*this, stream, shape, args)
               : detail::driver().cuLaunchKernel(function_, shape.grid.x, shape.grid.y, shape.grid.z, shape.block.x,
                                                 shape.block.y, shape.block.z,
                                                 static_cast<unsigned>(shape.shared_bytes + shared_in_dynamic_),
                                                 stream.native_handle(), args, nullptr);
  if (result == CUDA_SUCCESS) [[likely]]
    return;
  const std::string limits = result == CUDA_ERROR_INVALID_VALUE ? launch_limits(*this) : std::string();
  Failure failure;
  failure.site = Site::launch;
  failure.detail = limits;
  detail::throw_driver_error(result,
                             cat("launching kernel ", quoted(name_), " with ", to_string(shape),
                                 extended ? " (cuLaunchKernelEx)" : " (cuLaunchKernel)"),
                             failure);
}

}  // namespace simt
