// The fake driver's memory, streams, events, modules and launches (see fake_cuda.cpp).
#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdio>

#include "fake_cuda_state.hpp"

using fake::g;
using fake::need_context;

namespace fake {
namespace {

unsigned type_size(const std::string& type) {
  std::string digits;
  for (char c : type)
    if (std::isdigit(static_cast<unsigned char>(c))) digits += c;
  if (type == ".pred") return 1;
  return digits.empty() ? 8 : static_cast<unsigned>(std::stoul(digits) / 8);
}

}  // namespace

Module parse_module(const std::string& ptx) {
  Module m;
  for (std::size_t at = ptx.find(".entry"); at != std::string::npos; at = ptx.find(".entry", at + 6)) {
    std::size_t i = at + 6;
    while (i < ptx.size() && std::isspace(static_cast<unsigned char>(ptx[i]))) ++i;
    std::size_t start = i;
    while (i < ptx.size() && (std::isalnum(static_cast<unsigned char>(ptx[i])) || ptx[i] == '_' || ptx[i] == '$')) ++i;
    Function f{ptx.substr(start, i - start), {}, {}};
    std::size_t open = ptx.find_first_not_of(" \t\r\n", i);
    if (open != std::string::npos && ptx[open] == '(') {
      std::size_t close = ptx.find(')', open);
      std::string list = ptx.substr(open + 1, close - open - 1);
      unsigned offset = 0;
      for (std::size_t p = list.find(".param"); p != std::string::npos; p = list.find(".param", p + 6)) {
        std::size_t end = std::min(list.find(',', p), list.size());
        std::string decl = list.substr(p + 6, end - p - 6);
        unsigned align = 0, size = 0, count = 1;
        if (std::size_t a = decl.find(".align"); a != std::string::npos) align = static_cast<unsigned>(std::stoul(decl.substr(a + 6)));
        for (std::size_t t = decl.find('.'); t != std::string::npos; t = decl.find('.', t + 1)) {
          std::size_t e = decl.find_first_of(" \t\r\n", t);
          std::string token = decl.substr(t, e - t);
          if (token != ".align") size = type_size(token);
          if (e == std::string::npos) break;
        }
        if (std::size_t b = decl.find('['); b != std::string::npos) count = static_cast<unsigned>(std::stoul(decl.substr(b + 1)));
        if (align == 0) align = size;
        offset = (offset + align - 1) / align * align;
        f.offsets.push_back(offset);
        f.sizes.push_back(size * count);
        offset += size * count;
      }
    }
    m.functions.push_back(std::move(f));
  }
  // simtc's fault globals: `.u64 __simt_fault_buffer;` and `.b8 __simt_fault_sites[N] = {...};`.
  for (std::size_t at = 0; at < ptx.size();) {
    std::size_t line_end = std::min(ptx.find('\n', at), ptx.size());
    const std::string line = ptx.substr(at, line_end - at);
    at = line_end + 1;
    // Constant memory the host fills (simt::Constant): `.visible .const .align A .b8 name[N];`,
    // zero until a copy lands.
    if (line.rfind(".visible .const ", 0) == 0) {
      std::size_t open = line.find('[');
      std::size_t start = line.rfind(' ', open) + 1;
      if (open == std::string::npos) continue;
      m.globals[line.substr(start, open - start)] = std::vector<unsigned char>(std::stoul(line.substr(open + 1)), 0);
      continue;
    }
    if (line.rfind(".visible .global ", 0) != 0) continue;
    std::size_t name = line.find("__simt_");
    if (name == std::string::npos) continue;
    std::size_t end = name;
    while (end < line.size() && (std::isalnum(static_cast<unsigned char>(line[end])) || line[end] == '_')) ++end;
    std::vector<unsigned char> bytes(8, 0);
    if (std::size_t open = line.find('{', end); open != std::string::npos) {
      bytes.clear();
      std::size_t close = line.find('}', open);
      for (std::size_t i = open + 1; i < close;) {
        std::size_t next = std::min(line.find(',', i), close);
        bytes.push_back(static_cast<unsigned char>(std::stoul(line.substr(i, next - i))));
        i = next + 1;
      }
    }
    m.globals[line.substr(name, end - name)] = std::move(bytes);
  }
  return m;
}


}  // namespace fake

// ---- Memory ------------------------------------------------------------------------------------

CUresult cuMemGetInfo(std::size_t* free, std::size_t* total) {
  FAKE_ENTER(cuMemGetInfo);
  if (CUresult r = need_context(); r != CUDA_SUCCESS) return r;
  std::size_t used = 0;
  for (const auto& [ptr, size] : g.allocation_sizes) used += size;
  *total = g.total_memory;
  *free = g.total_memory - std::min(used, g.total_memory);
  return CUDA_SUCCESS;
}

CUresult cuMemAlloc(CUdeviceptr* ptr, std::size_t bytes) {
  FAKE_ENTER(cuMemAlloc);
  if (CUresult r = need_context(); r != CUDA_SUCCESS) return r;
  if (bytes == 0) return CUDA_ERROR_INVALID_VALUE;  // like the real driver
  auto memory = std::make_unique<unsigned char[]>(bytes);
  *ptr = reinterpret_cast<std::uintptr_t>(memory.get());
  g.allocation_sizes[*ptr] = bytes;
  g.allocations[*ptr] = std::move(memory);
  return CUDA_SUCCESS;
}

CUresult cuMemFree(CUdeviceptr ptr) {
  FAKE_ENTER(cuMemFree);
  if (CUresult r = need_context(); r != CUDA_SUCCESS) return r;
  if (g.allocations.erase(ptr) == 0) return CUDA_ERROR_INVALID_VALUE;
  g.allocation_sizes.erase(ptr);
  g.pool_allocations.erase(ptr);  // a synchronous free of stream-ordered memory is allowed
  return CUDA_SUCCESS;
}

CUresult cuMemHostAlloc(void** ptr, std::size_t bytes, unsigned int) {
  FAKE_ENTER(cuMemHostAlloc);
  if (CUresult r = need_context(); r != CUDA_SUCCESS) return r;
  auto memory = std::make_unique<unsigned char[]>(bytes);
  *ptr = memory.get();
  g.host_allocations[*ptr] = std::move(memory);
  return CUDA_SUCCESS;
}

CUresult cuMemHostGetDevicePointer(CUdeviceptr* device, void* host, unsigned int flags) {
  FAKE_ENTER(cuMemHostGetDevicePointer);
  if (flags != 0) return CUDA_ERROR_INVALID_VALUE;
  if (g.host_allocations.count(host) == 0) return CUDA_ERROR_INVALID_VALUE;
  *device = reinterpret_cast<std::uintptr_t>(host);  // unified addressing
  return CUDA_SUCCESS;
}

CUresult cuMemFreeHost(void* ptr) {
  FAKE_ENTER(cuMemFreeHost);
  return g.host_allocations.erase(ptr) == 1 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

namespace {

// The bodies the synchronous and asynchronous forms share: the *Async entry points must not
// call the synchronous ones, which would count (and could fail) a second driver call.
CUresult copy_to_device(CUdeviceptr dst, const void* src, std::size_t bytes) {
  if (CUresult r = need_context(); r != CUDA_SUCCESS) return r;
  unsigned char* to = fake::device_range(dst, bytes);
  if (to == nullptr) return CUDA_ERROR_INVALID_VALUE;
  std::memcpy(to, src, bytes);
  return CUDA_SUCCESS;
}

CUresult copy_to_host(void* dst, CUdeviceptr src, std::size_t bytes) {
  if (CUresult r = need_context(); r != CUDA_SUCCESS) return r;
  const unsigned char* from = fake::device_range(src, bytes);
  if (from == nullptr) return CUDA_ERROR_INVALID_VALUE;
  std::memcpy(dst, from, bytes);
  return CUDA_SUCCESS;
}

CUresult set_bytes(CUdeviceptr dst, unsigned char value, std::size_t bytes) {
  if (CUresult r = need_context(); r != CUDA_SUCCESS) return r;
  unsigned char* to = fake::device_range(dst, bytes);
  if (to == nullptr) return CUDA_ERROR_INVALID_VALUE;
  std::memset(to, value, bytes);
  return CUDA_SUCCESS;
}

}  // namespace

CUresult cuMemcpyHtoD(CUdeviceptr dst, const void* src, std::size_t bytes) {
  FAKE_ENTER(cuMemcpyHtoD);
  return copy_to_device(dst, src, bytes);
}

CUresult cuMemcpyDtoH(void* dst, CUdeviceptr src, std::size_t bytes) {
  FAKE_ENTER(cuMemcpyDtoH);
  return copy_to_host(dst, src, bytes);
}

CUresult cuMemcpyHtoDAsync(CUdeviceptr dst, const void* src, std::size_t bytes, CUstream stream) {
  FAKE_ENTER(cuMemcpyHtoDAsync);
  return fake::stream_op(stream, [=] { return copy_to_device(dst, src, bytes); });
}

CUresult cuMemcpyDtoHAsync(void* dst, CUdeviceptr src, std::size_t bytes, CUstream stream) {
  FAKE_ENTER(cuMemcpyDtoHAsync);
  return fake::stream_op(stream, [=] { return copy_to_host(dst, src, bytes); });
}

CUresult cuMemsetD8(CUdeviceptr dst, unsigned char value, std::size_t bytes) {
  FAKE_ENTER(cuMemsetD8);
  return set_bytes(dst, value, bytes);
}

CUresult cuMemsetD8Async(CUdeviceptr dst, unsigned char value, std::size_t bytes, CUstream stream) {
  FAKE_ENTER(cuMemsetD8Async);
  return fake::stream_op(stream, [=] { return set_bytes(dst, value, bytes); });
}

// ---- Streams and events ------------------------------------------------------------------------

CUresult cuStreamCreate(CUstream* stream, unsigned int flags) {
  FAKE_ENTER(cuStreamCreate);
  if (CUresult r = need_context(); r != CUDA_SUCCESS) return r;
  if (flags != CU_STREAM_NON_BLOCKING) return CUDA_ERROR_INVALID_VALUE;  // the runtime's only kind
  auto created = std::make_unique<fake::Stream>();
  created->context = fake::current();
  *stream = reinterpret_cast<CUstream>(created.get());
  g.streams[created.get()] = std::move(created);
  return CUDA_SUCCESS;
}

CUresult cuStreamDestroy(CUstream stream) {
  FAKE_ENTER(cuStreamDestroy);
  if (CUresult r = need_context(); r != CUDA_SUCCESS) return r;
  return g.streams.erase(reinterpret_cast<fake::Stream*>(stream)) == 1 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
}

CUresult cuStreamSynchronize(CUstream) {
  FAKE_ENTER(cuStreamSynchronize);
  return need_context();
}

CUresult cuEventCreate(CUevent* event, unsigned int) {
  FAKE_ENTER(cuEventCreate);
  if (CUresult r = need_context(); r != CUDA_SUCCESS) return r;
  auto created = std::make_unique<fake::Event>();
  *event = reinterpret_cast<CUevent>(created.get());
  g.events[created.get()] = std::move(created);
  return CUDA_SUCCESS;
}

CUresult cuEventDestroy(CUevent event) {
  FAKE_ENTER(cuEventDestroy);
  return g.events.erase(reinterpret_cast<fake::Event*>(event)) == 1 ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
}

CUresult cuEventRecord(CUevent event, CUstream) {
  FAKE_ENTER(cuEventRecord);
  if (CUresult r = need_context(); r != CUDA_SUCCESS) return r;
  auto* e = reinterpret_cast<fake::Event*>(event);
  e->time = g.clock_ms;
  e->recorded = true;
  return CUDA_SUCCESS;
}

CUresult cuEventSynchronize(CUevent event) {
  FAKE_ENTER(cuEventSynchronize);
  return reinterpret_cast<fake::Event*>(event)->recorded ? CUDA_SUCCESS : CUDA_ERROR_INVALID_HANDLE;
}

CUresult cuEventElapsedTime(float* ms, CUevent start, CUevent end) {
  FAKE_ENTER(cuEventElapsedTime);
  auto* s = reinterpret_cast<fake::Event*>(start);
  auto* e = reinterpret_cast<fake::Event*>(end);
  if (!s->recorded || !e->recorded) return CUDA_ERROR_INVALID_HANDLE;
  *ms = e->time - s->time;
  return CUDA_SUCCESS;
}

// ---- Modules and kernels -----------------------------------------------------------------------

CUresult cuModuleLoadDataEx(CUmodule* module, const void* image, unsigned int count, CUjit_option* options,
                            void** values) {
  char* error_log = nullptr;
  std::size_t error_size = 0;
  for (unsigned i = 0; i < count; ++i) {
    if (options[i] == CU_JIT_ERROR_LOG_BUFFER) error_log = static_cast<char*>(values[i]);
    if (options[i] == CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES) error_size = reinterpret_cast<std::uintptr_t>(values[i]);
  }
  auto fail = [&](CUresult r) {
    if (error_log != nullptr && error_size > 0) std::snprintf(error_log, error_size, "%s", g.jit_error_log.c_str());
    return r;
  };
  std::lock_guard lock(g.mutex);
  if (CUresult r = fake::enter("cuModuleLoadDataEx", FAKE_STR(cuModuleLoadDataEx)); r != CUDA_SUCCESS) return fail(r);
  g.last_image = static_cast<const char*>(image);
  if (CUresult r = need_context(); r != CUDA_SUCCESS) return r;
  if (g.last_image.find(".version") == std::string::npos) return fail(CUDA_ERROR_INVALID_PTX);
  auto parsed = std::make_unique<fake::Module>(fake::parse_module(g.last_image));
  *module = reinterpret_cast<CUmodule>(parsed.get());
  g.modules[parsed.get()] = std::move(parsed);
  return CUDA_SUCCESS;
}

CUresult cuModuleGetGlobal(CUdeviceptr* address, std::size_t* bytes, CUmodule module, const char* name) {
  FAKE_ENTER(cuModuleGetGlobal);
  auto it = g.modules.find(reinterpret_cast<fake::Module*>(module));
  if (it == g.modules.end()) return CUDA_ERROR_INVALID_HANDLE;
  fake::Module& m = *it->second;
  auto global = m.globals.find(name);
  if (global == m.globals.end()) return CUDA_ERROR_NOT_FOUND;
  auto [at, inserted] = m.global_addresses.try_emplace(name, 0);
  if (inserted) {
    const std::vector<unsigned char>& init = global->second;
    auto memory = std::make_unique<unsigned char[]>(init.size());
    std::copy(init.begin(), init.end(), memory.get());
    at->second = reinterpret_cast<std::uintptr_t>(memory.get());
    g.allocation_sizes[at->second] = init.size();
    g.allocations[at->second] = std::move(memory);
  }
  if (address != nullptr) *address = at->second;
  if (bytes != nullptr) *bytes = global->second.size();
  return CUDA_SUCCESS;
}

CUresult cuModuleUnload(CUmodule module) {
  FAKE_ENTER(cuModuleUnload);
  if (CUresult r = need_context(); r != CUDA_SUCCESS) return r;
  auto it = g.modules.find(reinterpret_cast<fake::Module*>(module));
  if (it == g.modules.end()) return CUDA_ERROR_INVALID_HANDLE;
  for (const auto& [name, address] : it->second->global_addresses) {
    g.allocations.erase(address);
    g.allocation_sizes.erase(address);
  }
  g.modules.erase(it);
  return CUDA_SUCCESS;
}

CUresult cuModuleGetFunction(CUfunction* function, CUmodule module, const char* name) {
  FAKE_ENTER(cuModuleGetFunction);
  auto it = g.modules.find(reinterpret_cast<fake::Module*>(module));
  if (it == g.modules.end()) return CUDA_ERROR_INVALID_HANDLE;
  for (fake::Function& f : it->second->functions) {
    if (f.name == name) {
      *function = reinterpret_cast<CUfunction>(&f);
      return CUDA_SUCCESS;
    }
  }
  return CUDA_ERROR_NOT_FOUND;
}

CUresult cuFuncGetAttribute(int* value, CUfunction_attribute attribute, CUfunction function) {
  FAKE_ENTER(cuFuncGetAttribute);
  if (attribute == CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES) {
    // Like the driver: what is left of the default per-block limit until raised.
    const int set = reinterpret_cast<const fake::Function*>(function)->max_dynamic_shared;
    *value = set >= 0 ? set
                      : g.device_attributes[CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK] -
                            g.function_attributes[CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES];
    return CUDA_SUCCESS;
  }
  auto it = g.function_attributes.find(attribute);
  if (it == g.function_attributes.end()) return CUDA_ERROR_INVALID_VALUE;
  *value = it->second;
  return CUDA_SUCCESS;
}

CUresult cuFuncSetAttribute(CUfunction function, CUfunction_attribute attribute, int value) {
  FAKE_ENTER(cuFuncSetAttribute);
  if (attribute != CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES) return CUDA_ERROR_INVALID_VALUE;
  if (value > g.device_attributes[CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN]) return CUDA_ERROR_INVALID_VALUE;
  reinterpret_cast<fake::Function*>(function)->max_dynamic_shared = value;
  g.max_dynamic_shared = value;
  return CUDA_SUCCESS;
}

CUresult cuOccupancyMaxActiveBlocksPerMultiprocessor(int* blocks, CUfunction, int block_size, std::size_t shared) {
  FAKE_ENTER(cuOccupancyMaxActiveBlocksPerMultiprocessor);
  if (CUresult r = need_context(); r != CUDA_SUCCESS) return r;
  // A toy model: 2048 threads per SM, at most 32 blocks, shared memory split evenly.
  const std::size_t per_sm = static_cast<std::size_t>(g.device_attributes[CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR]);
  int by_threads = std::min(32, 2048 / std::max(block_size, 1));
  int by_shared = shared == 0 ? 32 : static_cast<int>(per_sm / shared);
  *blocks = std::min(by_threads, by_shared);
  return CUDA_SUCCESS;
}

CUresult cuLaunchKernel(CUfunction function, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
                        unsigned shared, CUstream stream, void** params, void** extra) {
  FAKE_ENTER(cuLaunchKernel);
  if (extra != nullptr) return CUDA_ERROR_INVALID_VALUE;
  fake::Launch launch;
  launch.function = reinterpret_cast<const fake::Function*>(function);
  launch.grid[0] = gx, launch.grid[1] = gy, launch.grid[2] = gz;
  launch.block[0] = bx, launch.block[1] = by, launch.block[2] = bz;
  launch.shared_bytes = shared;
  launch.stream = stream;
  return fake::launch_kernel(launch, params);
}

// What the real driver checks of a tiled map without interleave (the runtime checks them first,
// with messages); the arguments are recorded and written into the map.
CUresult cuTensorMapEncodeTiled(CUtensorMap* map, CUtensorMapDataType type, cuuint32_t rank, void* address,
                                const cuuint64_t* dims, const cuuint64_t* strides, const cuuint32_t* box,
                                const cuuint32_t* element_strides, CUtensorMapInterleave interleave,
                                CUtensorMapSwizzle swizzle, CUtensorMapL2promotion, CUtensorMapFloatOOBfill) {
  FAKE_ENTER(cuTensorMapEncodeTiled);
  if (map == nullptr || rank < 1 || rank > 5 || reinterpret_cast<std::uintptr_t>(address) % 16 != 0)
    return CUDA_ERROR_INVALID_VALUE;
  FakeCudaTensorMap t{};
  t.data_type = int(type);
  t.rank = rank;
  t.address = reinterpret_cast<std::uintptr_t>(address);
  for (cuuint32_t i = 0; i < rank; ++i) {
    if (dims[i] == 0 || box[i] == 0 || box[i] > 256) return CUDA_ERROR_INVALID_VALUE;
    t.dims[i] = dims[i];
    t.box[i] = static_cast<unsigned short>(box[i]);
    t.element_strides[i] = static_cast<unsigned char>(element_strides[i]);
  }
  for (cuuint32_t i = 0; i + 1 < rank; ++i) {
    if (strides[i] % 16 != 0) return CUDA_ERROR_INVALID_VALUE;
    t.strides[i] = strides[i];
  }
  t.interleave = static_cast<unsigned char>(interleave);
  t.swizzle = static_cast<unsigned char>(swizzle);
  static_assert(sizeof(FakeCudaTensorMap) <= sizeof(CUtensorMap));
  std::memset(map, 0, sizeof *map);
  std::memcpy(map, &t, sizeof t);
  g.last_tensor_map = t;
  ++g.tensor_maps;
  return CUDA_SUCCESS;
}
