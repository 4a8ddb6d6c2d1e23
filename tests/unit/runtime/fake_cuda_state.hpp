// Shared state of the fake CUDA driver (fake_cuda.cpp, fake_cuda_objects.cpp).
#pragma once

#include <cuda.h>

#include <cstring>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "fake_cuda.h"

#define FAKE_STR_(x) #x
#define FAKE_STR(x) FAKE_STR_(x)
// Counts the call and returns an injected failure before touching any state, as the real
// driver leaves its objects alone when a call fails; `#fn` is the documented name, FAKE_STR(fn)
// the versioned one cuda.h maps it to.
#define FAKE_ENTER(fn)                                                     \
  std::lock_guard lock_(fake::g.mutex);                                    \
  if (CUresult r_ = fake::enter(#fn, FAKE_STR(fn)); r_ != CUDA_SUCCESS) return r_

namespace fake {

struct Function {
  std::string name;
  std::vector<unsigned> sizes, offsets;
  int max_dynamic_shared = -1;  // CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES; -1: the default
};

struct Module {
  std::deque<Function> functions;  // deque: CUfunction pointers stay valid
  // `.global` variables named __simt_* and `.visible .const` arrays: their initial bytes, then
  // (once cuModuleGetGlobal asked for them) their device allocation.
  std::map<std::string, std::vector<unsigned char>> globals;
  std::map<std::string, CUdeviceptr> global_addresses;
};

struct Context {
  int device = 0;
  int retains = 0;
};

struct Graph;

struct Stream {
  CUcontext context = nullptr;
  int priority = 0;
  Graph* capture = nullptr;  // the graph being captured, or null
  bool capture_invalidated = false;  // a call not allowed during capture was made
};

struct Event {
  float time = 0;
  bool recorded = false;
};

/// A kernel launch as cuLaunchKernel(Ex) describes it; the argument bytes are copied out.
struct Launch {
  const Function* function = nullptr;
  unsigned grid[3] = {1, 1, 1}, block[3] = {1, 1, 1};
  unsigned shared_bytes = 0;
  CUstream stream = nullptr;
  int cooperative = 0, priority = 0, via_ex = 0;
  unsigned cluster[3] = {0, 0, 0};
};

/// One piece of captured work: a launch (with its argument bytes) or another stream operation.
struct Op {
  bool is_launch = false;
  Launch launch;
  std::vector<std::vector<unsigned char>> args;
  std::function<CUresult()> run;  // not a launch
};

/// A graph: its top-level nodes, each the ops of one captured call or of one child graph.
struct Graph {
  std::deque<std::vector<Op>> nodes;  // deque: node handles (pointers into it) stay valid
};

struct Pool {
  int device = 0;
  unsigned long long release_threshold = 0;
  bool is_default = false;
};

struct State {
  std::recursive_mutex mutex;
  int device_count = 1;
  int init_result = -1;
  bool initialised = false;
  std::map<int, int> device_attributes;
  std::map<int, int> function_attributes;
  std::string device_name = "Fake CUDA Device";
  std::size_t total_memory = std::size_t{1} << 30;
  std::map<std::string, int> fail_next, calls;
  long call_index = 0;             // counted calls since the reset
  long fail_at = -1;               // the index fake_cuda_fail_call picked, or -1
  int fail_at_result = 0;
  std::string failed_call;         // documented name of the call fake_cuda_fail_call failed
  std::string jit_error_log = "fake ptxas: error";
  float clock_ms = 0;
  Context contexts[8];
  std::map<CUdeviceptr, std::unique_ptr<unsigned char[]>> allocations;
  std::map<CUdeviceptr, std::size_t> allocation_sizes;
  std::map<void*, std::unique_ptr<unsigned char[]>> host_allocations;
  std::map<Module*, std::unique_ptr<Module>> modules;
  // Owned here, so a reset frees what a test left (a release it made fail, say).
  std::map<Stream*, std::unique_ptr<Stream>> streams;
  std::map<Event*, std::unique_ptr<Event>> events;
  std::map<Graph*, std::unique_ptr<Graph>> graphs;
  std::map<Graph*, std::unique_ptr<Graph>> execs;  // instantiated: a copy of the graph
  std::map<Pool*, std::unique_ptr<Pool>> pools;
  Pool default_pools[8];
  std::map<CUdeviceptr, Pool*> pool_allocations;  // stream-ordered allocations and their pool
  bool peer_access_possible = true;
  std::vector<std::pair<CUcontext, CUcontext>> peer_access;  // (context, peer) enabled
  std::string call_log;  // the documented names of the calls since the reset, space-separated
  int launches = 0, max_dynamic_shared = 0;
  FakeCudaLaunch last_launch{};
  int tensor_maps = 0;
  FakeCudaTensorMap last_tensor_map{};
  std::string last_image;
};
extern State g;

void set_defaults();
CUresult enter(const char* name, const char* versioned);
CUcontext current();
/// What the real driver checks before anything that needs a current context.
CUresult need_context();
/// The host address behind [ptr, ptr + bytes), or null when that is not inside one allocation.
unsigned char* device_range(CUdeviceptr ptr, std::size_t bytes);
/// Checks a launch like the driver, then runs it (records it as the last launch) or, on a
/// capturing stream, adds it to the stream's graph with its argument bytes.
CUresult launch_kernel(const Launch& launch, void** params);
/// Runs a recorded launch: the last launch becomes it.
void run_launch(const Launch& launch, const std::vector<std::vector<unsigned char>>& args);
/// When a stream is capturing: invalidates the captures and returns
/// CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED, as the driver does for a synchronizing call.
CUresult refuse_during_capture();
/// Runs `op` now, or adds it to the graph `stream` is capturing.
CUresult stream_op(CUstream stream, std::function<CUresult()> op);
/// Parses `.param [.align A] .type name[N]` declarations of each `.entry name(...)`.
Module parse_module(const std::string& ptx);

}  // namespace fake
