/* Control interface of the fake CUDA driver (fake_cuda.cpp). Tests resolve these with dlsym
   from the same library the runtime loads through SIMT_CUDA_DRIVER, so both see one state. */
#ifndef SIMT_TESTS_FAKE_CUDA_H
#define SIMT_TESTS_FAKE_CUDA_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

enum { FAKE_CUDA_MAX_PARAMS = 32, FAKE_CUDA_MAX_ARG_BYTES = 4096 };

/* The most recent successful cuLaunchKernel, with the parameter bytes copied out of
   kernelParams using the sizes of the entry's .param list in the PTX. */
typedef struct FakeCudaLaunch {
  char kernel[128];
  unsigned grid[3];
  unsigned block[3];
  unsigned shared_bytes;
  void* stream;
  unsigned param_count;
  unsigned param_offset[FAKE_CUDA_MAX_PARAMS];
  unsigned param_size[FAKE_CUDA_MAX_PARAMS];
  unsigned char args[FAKE_CUDA_MAX_ARG_BYTES];
  /* cuLaunchKernelEx only: its attributes. */
  int via_ex;
  int cooperative;
  unsigned cluster[3];
  int priority;
} FakeCudaLaunch;

/* The arguments of a cuTensorMapEncodeTiled call. The fake writes this struct into the
   CUtensorMap it encodes (it fits in its 128 bytes), so a launch's parameter bytes show which
   map a kernel got. */
typedef struct FakeCudaTensorMap {
  int data_type;
  unsigned rank;
  unsigned long long address;
  unsigned long long dims[5];
  unsigned long long strides[4];
  unsigned short box[5];
  unsigned char element_strides[5];
  unsigned char interleave, swizzle;
} FakeCudaTensorMap;

/* Forget everything: devices back to one default device, no failures queued, counters zero. */
void fake_cuda_reset(void);
void fake_cuda_set_device_count(int count);
/* The result cuInit returns; -1 (default) means CUDA_ERROR_NO_DEVICE when there are no devices. */
void fake_cuda_set_init_result(int result);
void fake_cuda_set_device_attribute(int attribute, int value);
void fake_cuda_set_device_name(const char* name);
void fake_cuda_set_total_memory(size_t bytes);
void fake_cuda_set_function_attribute(int attribute, int value);
/* The next call of `entry` (e.g. "cuMemAlloc" or "cuMemAlloc_v2") returns `result`. */
void fake_cuda_fail_next(const char* entry, int result);
/* Call `n` (0 is the next one) of any entry point returns `result` and changes nothing, like a
   failing call of the real driver. Calls are counted from here on; only one such failure is
   armed at a time. */
void fake_cuda_fail_call(int n, int result);
/* Driver calls since the reset, every entry point together (not cuGetErrorName/String). */
int fake_cuda_total_calls(void);
/* The documented name (e.g. "cuMemAlloc") of the call fake_cuda_fail_call failed, or "". */
const char* fake_cuda_failed_call(void);
/* Written to CU_JIT_ERROR_LOG_BUFFER when a module load fails. */
void fake_cuda_set_jit_error_log(const char* log);
/* cuEventRecord stamps events with this clock. */
void fake_cuda_set_clock_ms(float ms);
/* Copies the last launch into *out; returns how many launches there were. */
int fake_cuda_last_launch(FakeCudaLaunch* out);
/* How often `entry` was called (documented or versioned name). */
int fake_cuda_call_count(const char* entry);
int fake_cuda_live_allocations(void);
int fake_cuda_live_host_allocations(void);
int fake_cuda_live_modules(void);
int fake_cuda_live_streams(void);
int fake_cuda_live_events(void);
/* Retain count of a device's primary context. */
int fake_cuda_primary_retains(int device);
/* Retains of all devices' primary contexts together. */
int fake_cuda_live_contexts(void);
/* The calling thread's current context, or NULL. */
void* fake_cuda_current_context(void);
/* The image text of the last cuModuleLoadDataEx. */
const char* fake_cuda_last_module_image(void);
/* The memory of global `name` (e.g. "__simt_fault_buffer", a `.visible .const` array) of a loaded module, once
   cuModuleGetGlobal has been asked for it; null otherwise. */
void* fake_cuda_module_global(const char* name);
/* The documented names of the driver calls since the reset, space-separated, in order. */
const char* fake_cuda_call_log(void);
int fake_cuda_live_graphs(void);
int fake_cuda_live_graph_execs(void);
int fake_cuda_live_pools(void);
/* The release threshold last set on `pool` (a CUmemoryPool). */
unsigned long long fake_cuda_pool_release_threshold(void* pool);
/* Whether cuDeviceCanAccessPeer reports that distinct devices can access each other (default 1). */
void fake_cuda_set_peer_access_possible(int possible);
/* Whether `context` may access `peer`'s memory (cuCtxEnablePeerAccess was called). */
int fake_cuda_peer_access_enabled(void* context, void* peer);
/* Copies the last cuTensorMapEncodeTiled's arguments into *out; returns how many calls there were. */
int fake_cuda_last_tensor_map(FakeCudaTensorMap* out);
/* The last value set with CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES. */
int fake_cuda_max_dynamic_shared(void);

#ifdef __cplusplus
}
#endif

#endif
