// simt runtime: modules loaded from PTX, and the kernels (entry points) inside them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "simt/runtime/context.hpp"
#include "simt/runtime/launch.hpp"
#include "simt/runtime/stream.hpp"

struct CUmod_st;   // the driver's CUmodule
struct CUfunc_st;  // the driver's CUfunction

namespace simt {

class Kernel;

/// What the driver reports about a compiled kernel (cuFuncGetAttribute).
struct KernelAttributes {
  int num_registers = 0;                ///< registers per thread
  std::size_t local_bytes = 0;          ///< local (spill/stack) memory per thread
  std::size_t static_shared_bytes = 0;  ///< shared memory per block the kernel declares (its variables)
  int max_threads_per_block = 0;        ///< largest block this kernel can be launched with
  int ptx_version = 0;                  ///< virtual arch of the PTX (.target), major * 10 + minor, e.g. 90
  int binary_version = 0;               ///< arch of the compiled binary, major * 10 + minor, e.g. 90
  std::size_t max_dynamic_shared_bytes = 0;  ///< dynamic shared memory a launch may add (set_max_dynamic_shared raises it)
};

/// A global variable of a loaded module (cuModuleGetGlobal): the device address of its memory
/// and its size.
struct ModuleGlobal {
  std::uint64_t device_ptr = 0;
  std::size_t bytes = 0;
};

/// A module JIT-compiled from PTX by the driver. Copies share the one module; it is unloaded
/// with the last copy and the last Kernel taken from it. Keeps its Context alive.
class Module {
public:
  /// JIT-compiles `ptx` (cuModuleLoadDataEx); `name_for_errors` names the module in messages.
  /// On failure the Error carries the JIT error log and a fix hint.
  static Module load_ptx(const Context& context, std::string_view ptx, std::string_view name_for_errors);

  /// The entry point `entry_name`; throws Error naming the entry and the module if absent.
  /// `shared_in_dynamic`: bytes of the kernel's shared variables that simtc placed in dynamic
  /// shared memory (a kernel with more than the 48 KiB of them that PTX allows statically); the
  /// generated header passes it. The Kernel then counts them as static shared memory and adds
  /// them to every launch's dynamic shared memory, and loading opts the kernel in to them
  /// (throws Error when the device cannot give that much).
  Kernel kernel(const char* entry_name, std::size_t shared_in_dynamic = 0) const;

  /// The global variable `symbol` (a simt::Constant's constant memory, under the symbol the
  /// generated header names); throws Error naming the symbol and the module if absent.
  ModuleGlobal global(const char* symbol) const;
  /// Copies `bytes` from host memory at `data` into the global `symbol` on `stream`
  /// (cuMemcpyHtoDAsync). Ordered with the stream's other work: the launches queued on `stream`
  /// after it read the new bytes, those queued before it the old ones; work on other streams is
  /// not ordered with it (an Event does that). `data` must stay valid and unchanged until the
  /// copy has run. Throws UsageError naming the symbol and both sizes when `bytes` is not the
  /// global's size, before anything is copied.
  void copy_to_global(const Stream& stream, const char* symbol, const void* data, std::size_t bytes) const;
  /// The same without a stream (cuMemcpyHtoD): waits for the context's pending work (kernels
  /// that may still read the old bytes), copies, and returns when the bytes have landed.
  void copy_to_global(const char* symbol, const void* data, std::size_t bytes) const;

  /// The name given to load_ptx.
  const std::string& name() const noexcept;
  /// The JIT's informational log (may be empty).
  const std::string& jit_info_log() const noexcept;
  /// The context the module is loaded in.
  const Context& context() const noexcept;
  /// The driver's CUmodule.
  CUmod_st* native_handle() const noexcept;

private:
  struct State;
  explicit Module(std::shared_ptr<const State> state);
  std::shared_ptr<const State> state_;
};

/// One kernel of a Module. Cheap to copy; keeps its Module (and so its Context) alive.
class Kernel {
public:
  /// The entry point's name.
  const std::string& name() const noexcept;
  /// Registers, local and shared memory, block limit and versions of the compiled kernel.
  KernelAttributes attributes() const;
  /// How many blocks of `block_threads` threads with `dynamic_shared_bytes` fit on one SM.
  int max_active_blocks_per_sm(unsigned block_threads, std::size_t dynamic_shared_bytes) const;
  /// How many clusters of `cluster` blocks of `block_threads` threads with `dynamic_shared_bytes`
  /// each run on the device at once: the size of a persistent grid in clusters (a GPC holds whole
  /// clusters, so this can be below SMs / blocks per cluster). Opts the kernel in to the shared
  /// memory first, as a launch does. cuOccupancyMaxActiveClusters; 0 when none fits.
  int max_active_clusters(unsigned block_threads, std::size_t dynamic_shared_bytes, Dim3 cluster) const;
  /// Opts in to `bytes` of dynamic shared memory per block (beyond the default 48 KiB).
  void set_max_dynamic_shared(std::size_t bytes) const;
  /// Queues the kernel on `stream`. `args` points to `arg_count` pointers, one per kernel
  /// parameter, each to that parameter's value. A grid with a zero extent launches nothing.
  /// Throws LaunchError naming the kernel and the grid/block/shared numbers.
  void launch(const Stream& stream, const LaunchShape& shape, void** args, std::size_t arg_count) const;

  /// Bytes of the kernel's own shared variables that live in dynamic shared memory (see
  /// Module::kernel): part of static_shared_bytes in attributes(), never of a launch's
  /// LaunchShape::shared_bytes, which is what the launch adds.
  std::size_t shared_in_dynamic() const noexcept { return shared_in_dynamic_; }

  /// The context the kernel's module is loaded in.
  const Context& context() const noexcept;
  /// The module the kernel belongs to.
  const Module& module() const noexcept;
  /// The driver's CUfunction.
  CUfunc_st* native_handle() const noexcept;

private:
  friend class Module;
  Kernel(Module module, CUfunc_st* function, std::string name, std::size_t shared_in_dynamic);
  Module module_;
  CUfunc_st* function_ = nullptr;  // owned by the module, which module_ keeps loaded
  std::string name_;
  std::size_t shared_in_dynamic_ = 0;
};

}  // namespace simt
