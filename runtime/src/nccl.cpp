// NCCL, loaded with dlopen at first use like the driver (see driver.cpp): a communicator per
// GPU of the process and the collectives on DeviceViews, queued on simt Streams.
//
// The few NCCL types the entry points take are declared here with the values of NCCL's stable
// ABI, so the runtime builds without nccl.h; where nccl.h is at hand they are checked against it.
#include "simt/runtime/nccl.hpp"

#include <dlfcn.h>

#include <atomic>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "context_state.hpp"
#include "text.hpp"

#if __has_include(<nccl.h>)
#include <nccl.h>
#define SIMT_HAVE_NCCL_H 1
#endif

namespace simt::nccl {

using simt::detail::cat;

namespace {

using Result = int;           // ncclResult_t
using CommHandle = ncclComm*;  // ncclComm_t

#ifdef SIMT_HAVE_NCCL_H
static_assert(ncclSuccess == 0 && ncclInvalidUsage == 5 && ncclInProgress == 7);
static_assert(ncclInt8 == int(DataType::int8) && ncclUint8 == int(DataType::uint8) && ncclInt32 == int(DataType::int32) &&
              ncclUint32 == int(DataType::uint32) && ncclInt64 == int(DataType::int64) &&
              ncclUint64 == int(DataType::uint64) && ncclFloat16 == int(DataType::float16) &&
              ncclFloat32 == int(DataType::float32) && ncclFloat64 == int(DataType::float64) &&
              ncclBfloat16 == int(DataType::bfloat16));
static_assert(ncclSum == int(ReduceOp::sum) && ncclProd == int(ReduceOp::prod) && ncclMax == int(ReduceOp::max) &&
              ncclMin == int(ReduceOp::min) && ncclAvg == int(ReduceOp::avg));
static_assert(std::is_same_v<ncclComm_t, CommHandle>);
#endif

// The entry points, with the types of nccl.h (cudaStream_t is a CUstream).
struct Library {
  std::string path;
  Result (*ncclGetVersion)(int*) = nullptr;
  const char* (*ncclGetErrorString)(Result) = nullptr;
  Result (*ncclCommInitAll)(CommHandle*, int, const int*) = nullptr;
  Result (*ncclCommDestroy)(CommHandle) = nullptr;
  Result (*ncclCommCount)(CommHandle, int*) = nullptr;
  Result (*ncclCommUserRank)(CommHandle, int*) = nullptr;
  Result (*ncclAllReduce)(const void*, void*, std::size_t, int, int, CommHandle, CUstream) = nullptr;
  Result (*ncclAllGather)(const void*, void*, std::size_t, int, CommHandle, CUstream) = nullptr;
  Result (*ncclReduceScatter)(const void*, void*, std::size_t, int, int, CommHandle, CUstream) = nullptr;
  Result (*ncclBroadcast)(const void*, void*, std::size_t, int, int, CommHandle, CUstream) = nullptr;
  Result (*ncclGroupStart)() = nullptr;
  Result (*ncclGroupEnd)() = nullptr;
};

constexpr const char* kNotFound = "NCCL not found";

std::mutex g_mutex;
std::atomic<Library*> g_library{nullptr};
std::string g_override_path;  // guarded by g_mutex

std::vector<Library*>& retired_libraries() {
  static auto* retired = new std::vector<Library*>;
  return *retired;
}

template <class Fn>
void resolve(void* handle, Fn& slot, const char* symbol, const std::string& path) {
  slot = reinterpret_cast<Fn>(dlsym(handle, symbol));
  if (slot == nullptr) throw NcclError(kNotFound, path + " lacks the entry point " + symbol + " (not NCCL 2.x)");
}

Library* load() {
  std::string path = g_override_path;
  if (path.empty())
    if (const char* env = std::getenv("SIMT_NCCL_LIBRARY"); env != nullptr && *env != '\0') path = env;
  const bool chosen = !path.empty();
  if (!chosen) path = "libnccl.so.2";
  void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  const char* why = handle == nullptr ? dlerror() : nullptr;
  const std::string first_error = why != nullptr ? why : "unknown dlopen error";
  // Not on the loader's path: the CUDA toolkit's own copy, where the toolkit ships one.
  if (handle == nullptr && !chosen) {
    handle = dlopen("/usr/local/cuda/lib64/libnccl.so.2", RTLD_NOW | RTLD_LOCAL);
    if (handle != nullptr) path = "/usr/local/cuda/lib64/libnccl.so.2";
  }
  if (handle == nullptr)
    throw NcclError(kNotFound, "could not load " + path + " (" + first_error +
                                   "); install NCCL (the CUDA toolkit's libnccl, or pip's nvidia-nccl-cu12), or set "
                                   "SIMT_NCCL_LIBRARY to its path");
  auto library = std::make_unique<Library>();
  library->path = path;
  try {
#define SIMT_NCCL_RESOLVE(name) resolve(handle, library->name, #name, path);
    SIMT_NCCL_RESOLVE(ncclGetVersion) SIMT_NCCL_RESOLVE(ncclGetErrorString) SIMT_NCCL_RESOLVE(ncclCommInitAll)
    SIMT_NCCL_RESOLVE(ncclCommDestroy) SIMT_NCCL_RESOLVE(ncclCommCount) SIMT_NCCL_RESOLVE(ncclCommUserRank)
    SIMT_NCCL_RESOLVE(ncclAllReduce) SIMT_NCCL_RESOLVE(ncclAllGather) SIMT_NCCL_RESOLVE(ncclReduceScatter)
    SIMT_NCCL_RESOLVE(ncclBroadcast) SIMT_NCCL_RESOLVE(ncclGroupStart) SIMT_NCCL_RESOLVE(ncclGroupEnd)
#undef SIMT_NCCL_RESOLVE
  } catch (...) {
    dlclose(handle);
    throw;
  }
  return library.release();
}

const Library& library() {
  if (Library* loaded = g_library.load(std::memory_order_acquire)) [[likely]]
    return *loaded;
  std::lock_guard lock(g_mutex);
  if (g_library.load(std::memory_order_relaxed) == nullptr) g_library.store(load(), std::memory_order_release);
  return *g_library.load(std::memory_order_relaxed);
}

const char* result_name(Result result) {
  static constexpr const char* kNames[] = {"ncclSuccess",         "ncclUnhandledCudaError", "ncclSystemError",
                                           "ncclInternalError",   "ncclInvalidArgument",    "ncclInvalidUsage",
                                           "ncclRemoteError",     "ncclInProgress"};
  return result >= 0 && result < 8 ? kNames[result] : "ncclResult_t";
}

const char* fix_for(Result result) {
  switch (result) {
    case 1: return "a CUDA call inside NCCL failed: check the device (a kernel fault before the collective shows here too)";
    case 2: return "a system call inside NCCL failed: run with NCCL_DEBUG=WARN to see which";
    case 5: return "NCCL was used wrongly: issue the collectives of all ranks one thread drives inside simt::nccl::group, "
                   "and use every rank's own stream";
    default: return "";
  }
}

std::string message(const Library& lib, Result result, const std::string& action) {
  std::string text = cat(action, ": ", result_name(result), " (", result, "): ", lib.ncclGetErrorString(result));
  if (const std::string fix = fix_for(result); !fix.empty()) text += "; fix: " + fix;
  return text;
}

template <class Action>
void check(const Library& lib, Result result, Action&& action) {
  if (result == 0) [[likely]]
    return;
  std::string what = action();
  throw NcclError(result, result_name(result), what, message(lib, result, what));
}

}  // namespace

int version() {
  const Library& lib = library();
  int v = 0;
  check(lib, lib.ncclGetVersion(&v), [] { return std::string("asking for the NCCL version (ncclGetVersion)"); });
  return v;
}

Communicator::Communicator(Context context, std::shared_ptr<ncclComm> handle, int rank, int size)
    : context_(std::move(context)), handle_(std::move(handle)), rank_(rank), size_(size) {}

std::vector<Communicator> Communicator::init_all() { return init_all(Context::all()); }

std::vector<Communicator> Communicator::init_all(std::span<const Context> contexts) {
  if (contexts.empty()) throw UsageError("nccl::Communicator::init_all", "no contexts: a communicator needs at least 1 GPU");
  std::vector<int> devices;
  std::set<int> seen;
  for (const Context& c : contexts) {
    if (!seen.insert(c.device()).second)
      throw UsageError("nccl::Communicator::init_all",
                       cat("device ", c.device(), " is given twice; each rank needs a GPU of its own"));
    devices.push_back(c.device());
  }
  const Library& lib = library();
  std::vector<CommHandle> handles(contexts.size(), nullptr);
  check(lib, lib.ncclCommInitAll(handles.data(), static_cast<int>(handles.size()), devices.data()),
        [&] { return cat("creating a communicator over ", handles.size(), " GPU(s) (ncclCommInitAll)"); });
  // Own every handle first, so that a failure below destroys them all.
  std::vector<std::shared_ptr<ncclComm>> owned;
  for (CommHandle h : handles)
    owned.emplace_back(h, [&lib](ncclComm* comm) {
      if (const Result r = lib.ncclCommDestroy(comm); r != 0)
        simt::detail::report_release_error(NcclError(r, result_name(r), "destroying a communicator (ncclCommDestroy)",
                                                     message(lib, r, "destroying a communicator (ncclCommDestroy)")));
    });
  std::vector<Communicator> communicators;
  for (std::size_t i = 0; i < owned.size(); ++i) {
    int rank = 0, size = 0;
    check(lib, lib.ncclCommUserRank(handles[i], &rank), [] { return std::string("asking for a rank (ncclCommUserRank)"); });
    check(lib, lib.ncclCommCount(handles[i], &size), [] { return std::string("asking for the rank count (ncclCommCount)"); });
    communicators.push_back(Communicator(contexts[i], owned[i], rank, size));
  }
  return communicators;
}

void Communicator::check_sizes(const char* what, std::size_t send, std::size_t recv, int send_factor,
                               int recv_factor) const {
  const auto sf = static_cast<std::size_t>(send_factor), rf = static_cast<std::size_t>(recv_factor);
  if (send * sf == recv * rf) return;
  std::string rule = send_factor == 1 && recv_factor == 1 ? "equal sizes"
                     : recv_factor == 1 ? cat("recv to hold send x ", send_factor, " ranks = ", send * sf, " elements")
                                        : cat("send to hold recv x ", recv_factor, " ranks = ", recv * rf, " elements");
  throw UsageError(cat("nccl::Communicator::", what),
                   cat("send has ", send, " elements and recv ", recv, " on rank ", rank_, "; the collective needs ", rule));
}

void Communicator::collective(Kind kind, std::uint64_t send, std::uint64_t recv, std::size_t count, DataType type,
                              ReduceOp op, int root, const Stream& stream) const {
  if (!(stream.context() == context_))
    throw UsageError("nccl::Communicator", cat("rank ", rank_, " runs on device ", context_.device(),
                                               " but the stream belongs to device ", stream.context().device()));
  if (kind == Kind::broadcast && (root < 0 || root >= size_))
    throw UsageError("nccl::Communicator::broadcast", cat("root ", root, " is not a rank: there are ", size_));
  const Library& lib = library();
  const auto* in = reinterpret_cast<const void*>(static_cast<std::uintptr_t>(send));
  auto* out = reinterpret_cast<void*>(static_cast<std::uintptr_t>(recv));
  const int t = static_cast<int>(type), o = static_cast<int>(op);
  CUstream s = stream.native_handle();
  simt::detail::CurrentContext current(context_.native_handle());
  static constexpr const char* kCalls[] = {"ncclAllReduce", "ncclAllGather", "ncclReduceScatter", "ncclBroadcast"};
  Result result = 0;
  switch (kind) {
    case Kind::all_reduce: result = lib.ncclAllReduce(in, out, count, t, o, handle_.get(), s); break;
    case Kind::all_gather: result = lib.ncclAllGather(in, out, count, t, handle_.get(), s); break;
    case Kind::reduce_scatter: result = lib.ncclReduceScatter(in, out, count, t, o, handle_.get(), s); break;
    case Kind::broadcast: result = lib.ncclBroadcast(in, out, count, t, root, handle_.get(), s); break;
  }
  check(lib, result, [&] {
    return cat("rank ", rank_, " of ", size_, ": ", kCalls[static_cast<int>(kind)], " of ", count, " elements (",
               kCalls[static_cast<int>(kind)], ")");
  });
}

void group(const std::function<void()>& work) {
  const Library& lib = library();
  check(lib, lib.ncclGroupStart(), [] { return std::string("starting a group of collectives (ncclGroupStart)"); });
  try {
    work();
  } catch (...) {
    (void)lib.ncclGroupEnd();  // the exception in flight is what matters
    throw;
  }
  check(lib, lib.ncclGroupEnd(), [] { return std::string("running a group of collectives (ncclGroupEnd)"); });
}

namespace detail {

void reset_nccl_for_testing(std::string_view path) {
  std::lock_guard lock(g_mutex);
  if (Library* old = g_library.exchange(nullptr)) retired_libraries().push_back(old);
  g_override_path = std::string(path);
}

}  // namespace detail

}  // namespace simt::nccl
