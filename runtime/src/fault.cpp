// Fault records of simtc modules: allocation, the site table, and the report (fault.hpp).
#include "fault.hpp"

#include <algorithm>
#include <atomic>
#include <cstring>
#include <mutex>
#include <vector>

#include "context_state.hpp"

namespace simt::detail {
namespace {

// The layout written by compiler/codegen/fault_sites.cpp's __simt_fault_record.
constexpr std::uint32_t kFaultMagic = 0x53494d54;  // "SIMT", written last
constexpr std::size_t kRecordBytes = 48;
constexpr const char* kBufferSymbol = "__simt_fault_buffer";
constexpr const char* kSitesSymbol = "__simt_fault_sites";

std::uint32_t u32_at(const unsigned char* p, std::size_t offset) {
  std::uint32_t v;
  std::memcpy(&v, p + offset, sizeof v);
  return v;
}

std::uint64_t u64_at(const unsigned char* p, std::size_t offset) {
  std::uint64_t v;
  std::memcpy(&v, p + offset, sizeof v);
  return v;
}

std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= text.size(); ++i)
    if (i == text.size() || text[i] == separator) {
      out.push_back(text.substr(start, i - start));
      start = i + 1;
    }
  return out;
}

unsigned to_unsigned(std::string_view s) {
  unsigned v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return 0;
    v = v * 10 + unsigned(c - '0');
  }
  return v;
}

std::string triple(const unsigned (&v)[3]) {
  return "(" + std::to_string(v[0]) + "," + std::to_string(v[1]) + "," + std::to_string(v[2]) + ")";
}

std::string describe(const DeviceFault::Info& f) {
  std::string where = f.file.empty() ? std::string("<unknown location>")
                                     : f.file + ":" + std::to_string(f.line) + ":" + std::to_string(f.column);
  std::string what;
  if (f.kind == "bounds") {
    what = "index " + std::to_string(f.index);
    if (f.index >= (std::uint64_t{1} << 63)) what += " (" + std::to_string(std::int64_t(f.index)) + " as signed)";
    what += " out of range";
    if (!f.object.empty()) what += " for '" + f.object + "'";
    what += " (size " + std::to_string(f.size) + ")";
  } else if (f.kind == "assert") {
    what = f.condition.empty() ? std::string("assertion failed") : "assertion '" + f.condition + "' failed";
  } else {
    what = "the thread trapped (simt::trap)";
  }
  return where + ": " + what + " in block " + triple(f.block) + " thread " + triple(f.thread);
}

class Registry {
 public:
  void add(const std::shared_ptr<FaultRecord>& record) {
    std::lock_guard lock(mutex_);
    std::erase_if(records_, [](const std::weak_ptr<FaultRecord>& r) { return r.expired(); });
    records_.push_back(record);
  }
  // A fault that a record held when it was released (its module unloaded, say, while the
  // exception unwound): the context stays dead, so later failures keep reporting it.
  void remember(CUcontext context, DeviceFault::Info fault) {
    std::lock_guard lock(mutex_);
    for (const auto& [c, f] : released_)
      if (c == context) return;
    released_.emplace_back(context, std::move(fault));
  }
  std::optional<DeviceFault::Info> released_fault() {
    {
      std::lock_guard lock(mutex_);
      if (released_.empty()) return std::nullopt;  // the usual case: no driver call
    }
    const Driver* d = loaded_driver();
    CUcontext current = nullptr;
    if (d == nullptr || d->cuCtxGetCurrent(&current) != CUDA_SUCCESS) return std::nullopt;
    std::lock_guard lock(mutex_);
    for (const auto& [c, f] : released_)
      if (c == current) return f;
    return std::nullopt;
  }
  void forget(CUcontext context) noexcept {
    std::lock_guard lock(mutex_);
    std::erase_if(released_, [&](const auto& entry) { return entry.first == context; });
  }
  std::vector<std::shared_ptr<FaultRecord>> live() {
    std::lock_guard lock(mutex_);
    std::vector<std::shared_ptr<FaultRecord>> out;
    for (const auto& r : records_)
      if (auto p = r.lock()) out.push_back(std::move(p));
    return out;
  }

 private:
  std::mutex mutex_;
  std::vector<std::weak_ptr<FaultRecord>> records_;
  std::vector<std::pair<CUcontext, DeviceFault::Info>> released_;
};

Registry& registry() {
  static Registry* r = new Registry;  // never destroyed: records may be released at exit
  return *r;
}

}  // namespace

class FaultRecord {
 public:
  FaultRecord(CUcontext context, void* memory, std::string sites)
      : context_(context), memory_(static_cast<unsigned char*>(memory)), sites_(std::move(sites)) {}
  ~FaultRecord() {
    try {
      if (std::optional<DeviceFault::Info> fault = read()) registry().remember(context_, std::move(*fault));
    } catch (...) {
      // Out of memory while keeping the report: later failures are plain driver errors.
    }
    CurrentContext guard(context_, std::nothrow);
    if (const Driver* d = loaded_driver())
      check_release(d->cuMemFreeHost(memory_), "freeing a module's fault record (cuMemFreeHost)");
  }
  FaultRecord(const FaultRecord&) = delete;
  FaultRecord& operator=(const FaultRecord&) = delete;

  std::optional<DeviceFault::Info> read() const {
    // The kernel writes the magic last, after a system-wide fence.
    if (std::atomic_ref<std::uint32_t>(*reinterpret_cast<std::uint32_t*>(memory_)).load(std::memory_order_acquire) !=
        kFaultMagic)
      return std::nullopt;
    return decode_fault(memory_, sites_);
  }

 private:
  CUcontext context_;
  unsigned char* memory_;
  std::string sites_;
};

std::optional<DeviceFault::Info> decode_fault(const unsigned char* record, std::string_view site_table) {
  if (u32_at(record, 0) != kFaultMagic) return std::nullopt;
  DeviceFault::Info f;
  const std::uint32_t site = u32_at(record, 4);
  f.index = u64_at(record, 8);
  f.size = u64_at(record, 16);
  for (unsigned i = 0; i < 3; ++i) {
    f.block[i] = u32_at(record, 24 + 4 * i);
    f.thread[i] = u32_at(record, 36 + 4 * i);
  }
  std::vector<std::string_view> files;
  std::uint32_t n = 0;
  f.kind = "trap";
  for (std::string_view line : split(site_table, '\n')) {
    std::vector<std::string_view> fields = split(line, '\t');
    if (fields.size() == 2 && fields[0] == "F") files.push_back(fields[1]);
    if (fields.size() != 7 || fields[0] != "S") continue;
    if (n++ != site) continue;
    f.kind = std::string(fields[1]);
    if (fields[2] != "-1" && to_unsigned(fields[2]) < files.size()) {
      f.file = std::string(files[to_unsigned(fields[2])]);
      f.line = to_unsigned(fields[3]);
      f.column = to_unsigned(fields[4]);
    }
    f.object = std::string(fields[5]);
    if (f.kind == "assert") f.condition = std::string(fields[6]);
    break;
  }
  if (f.kind != "bounds") f.index = f.size = 0;
  f.text = describe(f);
  return f;
}

std::shared_ptr<FaultRecord> attach_fault_record(CUcontext context, CUmodule module, std::string_view image,
                                                 std::string_view module_name) {
  if (image.find(kBufferSymbol) == std::string_view::npos) return nullptr;
  const Driver& d = driver();
  CUdeviceptr buffer = 0, sites = 0;
  std::size_t buffer_bytes = 0, sites_bytes = 0;
  const CUresult found = d.cuModuleGetGlobal(&buffer, &buffer_bytes, module, kBufferSymbol);
  if (found == CUDA_ERROR_NOT_FOUND) return nullptr;
  // "<what> of module 'm' (<call>)": the driver call ends the action, as everywhere.
  auto action = [&](const char* what, const char* call = nullptr) {
    std::string out = std::string(what) + " of module '" + std::string(module_name) + "'";
    return call == nullptr ? out : out + " (" + call + ")";
  };
  check(found, [&] { return action("finding the fault record", "cuModuleGetGlobal"); });
  check(d.cuModuleGetGlobal(&sites, &sites_bytes, module, kSitesSymbol),
        [&] { return action("finding the fault sites", "cuModuleGetGlobal"); });
  std::string table(sites_bytes, '\0');
  if (sites_bytes > 0)
    check(d.cuMemcpyDtoH(table.data(), sites, sites_bytes),
          [&] { return action("reading the fault sites", "cuMemcpyDtoH"); });
  table.resize(strnlen(table.data(), table.size()));

  void* memory = nullptr;
  check(d.cuMemHostAlloc(&memory, kRecordBytes, CU_MEMHOSTALLOC_DEVICEMAP | CU_MEMHOSTALLOC_PORTABLE),
        [&] { return action("allocating the fault record", "cuMemHostAlloc"); });
  std::memset(memory, 0, kRecordBytes);
  auto record = std::make_shared<FaultRecord>(context, memory, std::move(table));
  CUdeviceptr device_address = 0;
  check(d.cuMemHostGetDevicePointer(&device_address, memory, 0),
        [&] { return action("mapping the fault record", "cuMemHostGetDevicePointer"); });
  if (buffer_bytes != sizeof device_address)
    throw Error(action("pointing at the fault record"), "__simt_fault_buffer has " + std::to_string(buffer_bytes) +
                                                            " bytes, expected 8 (a module from another simtc?)");
  check(d.cuMemcpyHtoD(buffer, &device_address, sizeof device_address),
        [&] { return action("pointing at the fault record", "cuMemcpyHtoD"); });
  registry().add(record);
  return record;
}

void forget_faults(CUcontext context) noexcept { registry().forget(context); }

std::optional<DeviceFault::Info> recorded_fault() {
  for (const auto& record : registry().live())
    if (auto f = record->read()) return f;
  return registry().released_fault();
}

}  // namespace simt::detail
