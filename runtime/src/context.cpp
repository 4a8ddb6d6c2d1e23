// Primary contexts. We use the device's primary context only, the one the CUDA runtime API
// shares, so generated code interoperates with libraries built on cudart in the same process.
#include <array>
#include <string>

#include "context_state.hpp"
#include "fault.hpp"
#include "simt/runtime/context.hpp"
#include "simt/runtime/error.hpp"

namespace simt {
namespace detail {

void PrimaryContextRelease::operator()(CUctx_st* context) const noexcept {
  forget_faults(context);
  if (const Driver* d = loaded_driver())
    check_release(d->cuDevicePrimaryCtxRelease(device), [&] {
      return "releasing the primary context of device " + std::to_string(device) + " (cuDevicePrimaryCtxRelease)";
    });
}

CUresult CurrentContext::enter(CUcontext context, const char*& call) noexcept {
  driver_ = loaded_driver();
  call = "cuCtxGetCurrent";
  if (driver_ == nullptr) return CUDA_ERROR_NOT_INITIALIZED;
  CUcontext current = nullptr;
  if (CUresult r = driver_->cuCtxGetCurrent(&current); r != CUDA_SUCCESS) return r;
  if (current == context) return CUDA_SUCCESS;
  if (current == nullptr) {
    call = "cuCtxSetCurrent";
    return driver_->cuCtxSetCurrent(context);
  }
  call = "cuCtxPushCurrent";
  CUresult r = driver_->cuCtxPushCurrent(context);
  pushed_ = r == CUDA_SUCCESS;
  return r;
}

namespace {
std::string entering(const char* call) { return std::string("making the CUDA context current (") + call + ")"; }
}  // namespace

CurrentContext::CurrentContext(CUcontext context) {
  const char* call = nullptr;
  const CUresult result = enter(context, call);
  check(result, [&] { return entering(call); });
}

CurrentContext::CurrentContext(CUcontext context, std::nothrow_t) noexcept {
  const char* call = nullptr;
  const CUresult result = enter(context, call);
  if (driver_ != nullptr) check_release(result, [&] { return entering(call); });  // no driver: nothing to release
}

CurrentContext::~CurrentContext() {
  if (pushed_) {
    CUcontext popped = nullptr;
    check_release(driver_->cuCtxPopCurrent(&popped), "restoring the previous CUDA context (cuCtxPopCurrent)");
  }
}

}  // namespace detail

using detail::check;
using detail::ContextState;

Context::Context(std::shared_ptr<ContextState> state) : state_(std::move(state)) {}

Context Context::primary(int device_ordinal) {
  const detail::Driver& d = detail::driver();
  int count = 0;
  check(d.cuDeviceGetCount(&count), "counting CUDA devices (cuDeviceGetCount)");
  if (count == 0)
    throw NoDevice("no CUDA device",
                   "the driver reports 0 devices; run on a machine with an NVIDIA GPU, or check CUDA_VISIBLE_DEVICES");
  if (device_ordinal < 0 || device_ordinal >= count)
    throw UsageError("Context::primary", "device ordinal " + std::to_string(device_ordinal) +
                                             " is out of range: the driver reports " + std::to_string(count) +
                                             " device(s)");
  auto state = std::make_shared<ContextState>();
  state->ordinal = device_ordinal;
  check(d.cuDeviceGet(&state->device, device_ordinal),
        [&] { return "getting CUDA device " + std::to_string(device_ordinal) + " (cuDeviceGet)"; });
  CUcontext context = nullptr;
  check(d.cuDevicePrimaryCtxRetain(&context, state->device), [&] {
    return "retaining the primary context of device " + std::to_string(device_ordinal) + " (cuDevicePrimaryCtxRetain)";
  });
  state->context = std::unique_ptr<CUctx_st, detail::PrimaryContextRelease>(context, {state->device});
  return Context(std::move(state));
}

int Context::device() const noexcept { return state_->ordinal; }

CUctx_st* Context::native_handle() const noexcept { return state_ ? state_->context.get() : nullptr; }

std::string Context::device_name() const {
  std::array<char, 256> name{};
  check(detail::driver().cuDeviceGetName(name.data(), static_cast<int>(name.size()) - 1, state_->device),
        [&] { return "querying the name of device " + std::to_string(state_->ordinal) + " (cuDeviceGetName)"; });
  return name.data();
}

int Context::compute_capability() const { return limits().compute_capability; }

DeviceLimits Context::limits() const {
  std::lock_guard lock(state_->limits_mutex);
  if (state_->limits) return *state_->limits;
  const detail::Driver& d = detail::driver();
  const CUdevice device = state_->device;
  auto attribute = [&](CUdevice_attribute which, const char* what) {
    int value = 0;
    check(d.cuDeviceGetAttribute(&value, which, device), [&] {
      return std::string("querying ") + what + " of device " + std::to_string(state_->ordinal) +
             " (cuDeviceGetAttribute)";
    });
    return value;
  };
  auto bytes = [&](CUdevice_attribute which, const char* what) {
    return static_cast<std::size_t>(attribute(which, what));
  };
  DeviceLimits l;
  l.compute_capability = attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, "the compute capability") * 10 +
                         attribute(CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, "the compute capability");
  l.sm_count = attribute(CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, "the SM count");
  l.warp_size = attribute(CU_DEVICE_ATTRIBUTE_WARP_SIZE, "the warp size");
  l.max_threads_per_block = attribute(CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK, "the block size limit");
  l.max_block_dim = {attribute(CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X, "the block limits"),
                     attribute(CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y, "the block limits"),
                     attribute(CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z, "the block limits")};
  l.max_grid_dim = {attribute(CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X, "the grid limits"),
                    attribute(CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y, "the grid limits"),
                    attribute(CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z, "the grid limits")};
  l.max_shared_per_block = bytes(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK, "the shared memory limits");
  l.max_shared_per_block_optin = bytes(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, "the shared memory limits");
  l.max_shared_per_sm = bytes(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR, "the shared memory limits");
  l.max_registers_per_block = attribute(CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK, "the register limit");
  check(d.cuDeviceTotalMem(&l.total_memory, device),
        [&] { return "querying the memory size of device " + std::to_string(state_->ordinal) + " (cuDeviceTotalMem)"; });
  state_->limits = l;
  return l;
}

void Context::synchronize() const {
  detail::CurrentContext current(native_handle());
  check(detail::driver().cuCtxSynchronize(),
        [&] { return "synchronizing the context of device " + std::to_string(state_->ordinal) + " (cuCtxSynchronize)"; });
}

std::size_t Context::free_memory() const {
  detail::CurrentContext current(native_handle());
  std::size_t free = 0, total = 0;
  check(detail::driver().cuMemGetInfo(&free, &total),
        [&] { return "querying free memory of device " + std::to_string(state_->ordinal) + " (cuMemGetInfo)"; });
  return free;
}

}  // namespace simt
