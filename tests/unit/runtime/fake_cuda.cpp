// A fake CUDA driver for the runtime's unit tests: exports the entry points the runtime
// resolves (under the names cuda.h maps them to) and simulates them in-process. "Device"
// memory is host memory, so copies really move bytes; modules contain the `.entry` names of
// their PTX text; launches record their shape and copy their argument bytes. This file holds
// the state, devices, contexts, errors and the test controls; fake_cuda_objects.cpp the rest.
#include <cctype>
#include <cstdio>

#include "fake_cuda_state.hpp"

namespace fake {

State g;
namespace {
thread_local std::vector<CUcontext> t_stack;
}  // namespace

void set_defaults() {
  g.device_attributes = {
      {CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, 9}, {CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, 0},
      {CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, 132},   {CU_DEVICE_ATTRIBUTE_WARP_SIZE, 32},
      {CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK, 1024}, {CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X, 1024},
      {CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y, 1024},       {CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z, 64},
      {CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X, 2147483647},  {CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y, 65535},
      {CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z, 65535},       {CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK, 49152},
      {CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, 232448},
      {CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR, 233472},
      {CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK, 65536}};
  g.function_attributes = {{CU_FUNC_ATTRIBUTE_NUM_REGS, 32},          {CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES, 0},
                           {CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, 0},  {CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, 1024},
                           {CU_FUNC_ATTRIBUTE_PTX_VERSION, 80},       {CU_FUNC_ATTRIBUTE_BINARY_VERSION, 90}};
}

namespace {
[[maybe_unused]] const bool g_defaults_set = (set_defaults(), true);
}  // namespace

CUresult enter(const char* name, const char* versioned) {
  ++g.calls[name];
  if (!g.call_log.empty()) g.call_log += ' ';
  g.call_log += name;
  if (std::strcmp(name, versioned) != 0) ++g.calls[versioned];
  if (g.call_index++ == g.fail_at) {
    g.fail_at = -1;
    g.failed_call = name;
    return static_cast<CUresult>(g.fail_at_result);
  }
  for (const char* key : {name, versioned}) {
    if (auto it = g.fail_next.find(key); it != g.fail_next.end()) {
      auto result = static_cast<CUresult>(it->second);
      g.fail_next.erase(it);
      return result;
    }
  }
  return CUDA_SUCCESS;
}

CUcontext current() { return t_stack.empty() ? nullptr : t_stack.back(); }

CUresult need_context() {
  if (!g.initialised) return CUDA_ERROR_NOT_INITIALIZED;
  CUcontext c = current();
  if (c == nullptr) return CUDA_ERROR_INVALID_CONTEXT;
  if (reinterpret_cast<Context*>(c)->retains <= 0) return CUDA_ERROR_CONTEXT_IS_DESTROYED;
  return CUDA_SUCCESS;
}

unsigned char* device_range(CUdeviceptr ptr, std::size_t bytes) {
  auto it = g.allocation_sizes.upper_bound(ptr);
  if (it == g.allocation_sizes.begin()) return nullptr;
  --it;
  if (ptr - it->first > it->second || bytes > it->second - (ptr - it->first)) return nullptr;
  return g.allocations[it->first].get() + (ptr - it->first);
}

}  // namespace fake

using fake::g;
using fake::t_stack;
using fake::current;
using fake::need_context;

// ---- Driver entry points ---------------------------------------------------------------------

CUresult cuInit(unsigned int) {
  FAKE_ENTER(cuInit);
  CUresult r = g.init_result >= 0 ? static_cast<CUresult>(g.init_result)
                                  : (g.device_count == 0 ? CUDA_ERROR_NO_DEVICE : CUDA_SUCCESS);
  g.initialised = r == CUDA_SUCCESS;
  return r;
}

CUresult cuDriverGetVersion(int* version) {
  FAKE_ENTER(cuDriverGetVersion);
  *version = 13000;
  return CUDA_SUCCESS;
}

namespace {
struct ErrorText {
  CUresult code;
  const char* name;
  const char* text;
};
const ErrorText kErrors[] = {
    {CUDA_SUCCESS, "CUDA_SUCCESS", "no error"},
    {CUDA_ERROR_INVALID_VALUE, "CUDA_ERROR_INVALID_VALUE", "invalid argument"},
    {CUDA_ERROR_OUT_OF_MEMORY, "CUDA_ERROR_OUT_OF_MEMORY", "out of memory"},
    {CUDA_ERROR_NOT_INITIALIZED, "CUDA_ERROR_NOT_INITIALIZED", "initialization error"},
    {CUDA_ERROR_STUB_LIBRARY, "CUDA_ERROR_STUB_LIBRARY", "CUDA driver is a stub library"},
    {CUDA_ERROR_NO_DEVICE, "CUDA_ERROR_NO_DEVICE", "no CUDA-capable device is detected"},
    {CUDA_ERROR_INVALID_DEVICE, "CUDA_ERROR_INVALID_DEVICE", "invalid device ordinal"},
    {CUDA_ERROR_INVALID_CONTEXT, "CUDA_ERROR_INVALID_CONTEXT", "invalid device context"},
    {CUDA_ERROR_CONTEXT_IS_DESTROYED, "CUDA_ERROR_CONTEXT_IS_DESTROYED", "context is destroyed"},
    {CUDA_ERROR_NO_BINARY_FOR_GPU, "CUDA_ERROR_NO_BINARY_FOR_GPU", "no kernel image is available for execution on the device"},
    {CUDA_ERROR_INVALID_PTX, "CUDA_ERROR_INVALID_PTX", "a PTX JIT compilation failed"},
    {CUDA_ERROR_UNSUPPORTED_PTX_VERSION, "CUDA_ERROR_UNSUPPORTED_PTX_VERSION",
     "the provided PTX was compiled with an unsupported toolchain."},
    {CUDA_ERROR_INVALID_HANDLE, "CUDA_ERROR_INVALID_HANDLE", "invalid resource handle"},
    {CUDA_ERROR_NOT_FOUND, "CUDA_ERROR_NOT_FOUND", "named symbol not found"},
    {CUDA_ERROR_ILLEGAL_ADDRESS, "CUDA_ERROR_ILLEGAL_ADDRESS", "an illegal memory access was encountered"},
    {CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES, "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES", "too many resources requested for launch"},
    {CUDA_ERROR_ILLEGAL_INSTRUCTION, "CUDA_ERROR_ILLEGAL_INSTRUCTION", "an illegal instruction was encountered"},
    {CUDA_ERROR_LAUNCH_FAILED, "CUDA_ERROR_LAUNCH_FAILED", "unspecified launch failure"},
    {CUDA_ERROR_NOT_READY, "CUDA_ERROR_NOT_READY", "device not ready"},
    {CUDA_ERROR_NOT_SUPPORTED, "CUDA_ERROR_NOT_SUPPORTED", "operation not supported"},
    {CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED, "CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED",
     "peer access is already enabled"},
    {CUDA_ERROR_STREAM_CAPTURE_INVALIDATED, "CUDA_ERROR_STREAM_CAPTURE_INVALIDATED",
     "operation failed due to a previous error during capture"},
    {CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED, "CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED",
     "operation not permitted when stream is capturing"},
    {CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE, "CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE",
     "the graph update was not performed because it included changes which violated constraints specific to "
     "instantiated graph update"},
    {CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE, "CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE",
     "too many blocks in cooperative launch"},
};
const ErrorText* find_error(CUresult code) {
  for (const ErrorText& e : kErrors)
    if (e.code == code) return &e;
  return nullptr;
}
}  // namespace

CUresult cuGetErrorName(CUresult error, const char** name) {
  const ErrorText* e = find_error(error);
  *name = e ? e->name : nullptr;
  return e ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

CUresult cuGetErrorString(CUresult error, const char** text) {
  const ErrorText* e = find_error(error);
  *text = e ? e->text : nullptr;
  return e ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

CUresult cuDeviceGetCount(int* count) {
  FAKE_ENTER(cuDeviceGetCount);
  if (!g.initialised) return CUDA_ERROR_NOT_INITIALIZED;
  *count = g.device_count;
  return CUDA_SUCCESS;
}

CUresult cuDeviceGet(CUdevice* device, int ordinal) {
  FAKE_ENTER(cuDeviceGet);
  if (ordinal < 0 || ordinal >= g.device_count) return CUDA_ERROR_INVALID_DEVICE;
  *device = ordinal;
  return CUDA_SUCCESS;
}

CUresult cuDeviceGetName(char* name, int length, CUdevice) {
  FAKE_ENTER(cuDeviceGetName);
  std::snprintf(name, static_cast<std::size_t>(length), "%s", g.device_name.c_str());
  return CUDA_SUCCESS;
}

CUresult cuDeviceGetAttribute(int* value, CUdevice_attribute attribute, CUdevice) {
  FAKE_ENTER(cuDeviceGetAttribute);
  auto it = g.device_attributes.find(attribute);
  if (it == g.device_attributes.end()) return CUDA_ERROR_INVALID_VALUE;
  *value = it->second;
  return CUDA_SUCCESS;
}

CUresult cuDeviceTotalMem(std::size_t* bytes, CUdevice) {
  FAKE_ENTER(cuDeviceTotalMem);
  *bytes = g.total_memory;
  return CUDA_SUCCESS;
}

CUresult cuDevicePrimaryCtxRetain(CUcontext* context, CUdevice device) {
  FAKE_ENTER(cuDevicePrimaryCtxRetain);
  if (device < 0 || device >= g.device_count) return CUDA_ERROR_INVALID_DEVICE;
  g.contexts[device].device = device;
  ++g.contexts[device].retains;
  *context = reinterpret_cast<CUcontext>(&g.contexts[device]);
  return CUDA_SUCCESS;
}

CUresult cuDevicePrimaryCtxRelease(CUdevice device) {
  FAKE_ENTER(cuDevicePrimaryCtxRelease);
  if (g.contexts[device].retains <= 0) return CUDA_ERROR_INVALID_CONTEXT;
  --g.contexts[device].retains;
  return CUDA_SUCCESS;
}

CUresult cuCtxGetCurrent(CUcontext* context) {
  FAKE_ENTER(cuCtxGetCurrent);
  *context = current();
  return CUDA_SUCCESS;
}

CUresult cuCtxSetCurrent(CUcontext context) {
  FAKE_ENTER(cuCtxSetCurrent);
  if (t_stack.empty()) t_stack.push_back(context);
  else t_stack.back() = context;
  return CUDA_SUCCESS;
}

CUresult cuCtxPushCurrent(CUcontext context) {
  FAKE_ENTER(cuCtxPushCurrent);
  t_stack.push_back(context);
  return CUDA_SUCCESS;
}

CUresult cuCtxPopCurrent(CUcontext* context) {
  FAKE_ENTER(cuCtxPopCurrent);
  if (t_stack.empty()) return CUDA_ERROR_INVALID_CONTEXT;
  if (context != nullptr) *context = t_stack.back();
  t_stack.pop_back();
  return CUDA_SUCCESS;
}

CUresult cuCtxSynchronize() {
  FAKE_ENTER(cuCtxSynchronize);
  if (CUresult r = fake::refuse_during_capture(); r != CUDA_SUCCESS) return r;
  return need_context();
}

// ---- Test controls -----------------------------------------------------------------------------

extern "C" {

void fake_cuda_reset(void) {
  std::lock_guard lock(g.mutex);
  g.device_count = 1;
  g.init_result = -1;
  g.initialised = false;
  fake::set_defaults();
  g.device_name = "Fake CUDA Device";
  g.total_memory = std::size_t{1} << 30;
  g.fail_next.clear();
  g.calls.clear();
  g.call_index = 0;
  g.fail_at = -1;
  g.fail_at_result = 0;
  g.failed_call.clear();
  g.jit_error_log = "fake ptxas: error";
  g.clock_ms = 0;
  for (fake::Context& c : g.contexts) c = fake::Context{};
  g.allocations.clear();
  g.allocation_sizes.clear();
  g.host_allocations.clear();
  g.modules.clear();
  g.streams.clear();
  g.events.clear();
  g.graphs.clear();
  g.execs.clear();
  g.pools.clear();
  for (fake::Pool& p : g.default_pools) p = fake::Pool{};
  g.pool_allocations.clear();
  g.peer_access_possible = true;
  g.peer_access.clear();
  g.call_log.clear();
  g.launches = g.max_dynamic_shared = 0;
  g.last_launch = FakeCudaLaunch{};
  g.tensor_maps = 0;
  g.last_tensor_map = FakeCudaTensorMap{};
  g.last_image.clear();
  t_stack.clear();
}

void fake_cuda_set_device_count(int count) { g.device_count = count; }
void fake_cuda_set_init_result(int result) { g.init_result = result; }
void fake_cuda_set_device_attribute(int attribute, int value) { g.device_attributes[attribute] = value; }
void fake_cuda_set_device_name(const char* name) { g.device_name = name; }
void fake_cuda_set_total_memory(size_t bytes) { g.total_memory = bytes; }
void fake_cuda_set_function_attribute(int attribute, int value) { g.function_attributes[attribute] = value; }
void fake_cuda_fail_next(const char* entry, int result) { g.fail_next[entry] = result; }
void fake_cuda_fail_call(int n, int result) {
  g.fail_at = g.call_index + n;
  g.fail_at_result = result;
}
void fake_cuda_set_jit_error_log(const char* log) { g.jit_error_log = log; }
void fake_cuda_set_clock_ms(float ms) { g.clock_ms = ms; }

int fake_cuda_last_launch(FakeCudaLaunch* out) {
  *out = g.last_launch;
  return g.launches;
}

int fake_cuda_last_tensor_map(FakeCudaTensorMap* out) {
  *out = g.last_tensor_map;
  return g.tensor_maps;
}

int fake_cuda_call_count(const char* entry) {
  auto it = g.calls.find(entry);
  return it == g.calls.end() ? 0 : it->second;
}

int fake_cuda_total_calls(void) { return static_cast<int>(g.call_index); }
const char* fake_cuda_failed_call(void) { return g.failed_call.c_str(); }

int fake_cuda_live_allocations(void) {
  // A module's globals belong to the module (they go with it), not to the program.
  std::size_t globals = 0;
  for (const auto& [key, module] : g.modules) globals += module->global_addresses.size();
  return static_cast<int>(g.allocations.size() - globals);
}
int fake_cuda_live_host_allocations(void) { return static_cast<int>(g.host_allocations.size()); }
int fake_cuda_live_modules(void) { return static_cast<int>(g.modules.size()); }
int fake_cuda_live_streams(void) { return static_cast<int>(g.streams.size()); }
int fake_cuda_live_events(void) { return static_cast<int>(g.events.size()); }
int fake_cuda_primary_retains(int device) { return g.contexts[device].retains; }
int fake_cuda_live_contexts(void) {
  int retains = 0;
  for (const fake::Context& c : g.contexts) retains += c.retains;
  return retains;
}
void* fake_cuda_current_context(void) { return fake::current(); }
const char* fake_cuda_last_module_image(void) { return g.last_image.c_str(); }
void* fake_cuda_module_global(const char* name) {
  std::lock_guard lock(g.mutex);
  for (const auto& [key, module] : g.modules)
    if (auto it = module->global_addresses.find(name); it != module->global_addresses.end())
      return reinterpret_cast<void*>(it->second);
  return nullptr;
}
int fake_cuda_max_dynamic_shared(void) { return g.max_dynamic_shared; }
const char* fake_cuda_call_log(void) { return g.call_log.c_str(); }
int fake_cuda_live_graphs(void) { return static_cast<int>(g.graphs.size()); }
int fake_cuda_live_graph_execs(void) { return static_cast<int>(g.execs.size()); }
int fake_cuda_live_pools(void) { return static_cast<int>(g.pools.size()); }
unsigned long long fake_cuda_pool_release_threshold(void* pool) {
  return static_cast<fake::Pool*>(pool)->release_threshold;
}
void fake_cuda_set_peer_access_possible(int possible) { g.peer_access_possible = possible != 0; }
int fake_cuda_peer_access_enabled(void* context, void* peer) {
  for (const auto& [c, p] : g.peer_access)
    if (c == context && p == peer) return 1;
  return 0;
}

}  // extern "C"
