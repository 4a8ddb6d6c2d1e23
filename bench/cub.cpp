// CUB through dlopen (bench/cub.hpp).
#include "cub.hpp"

#include <dlfcn.h>
#include <unistd.h>

#include <climits>
#include <stdexcept>

namespace bench {
namespace {

// The directory of the running executable, with a trailing slash.
std::string executable_dir() {
  char path[PATH_MAX];
  const ssize_t n = readlink("/proc/self/exe", path, sizeof path - 1);
  if (n <= 0) return "";
  const std::string exe(path, static_cast<std::size_t>(n));
  return exe.substr(0, exe.rfind('/') + 1);
}

template <class Fn>
void resolve(void* library, Fn& slot, const char* symbol) {
  void* address = dlsym(library, symbol);
  if (address == nullptr) throw std::runtime_error(std::string("libbench_cub.so lacks ") + symbol);
  slot = reinterpret_cast<Fn>(address);
}

}  // namespace

Cub::Cub(const simt::Context& context, const simt::Stream& stream) : context_(context), stream_(stream) {
  const std::string path = executable_dir() + "libbench_cub.so";
  library_ = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (library_ == nullptr) throw std::runtime_error("cannot load " + path + " (" + dlerror() + ")");
  int (*version)() = nullptr;
  resolve(library_, version, "bench_cub_version");
  resolve(library_, reduce_sum_, "bench_cub_reduce_sum_f32");
  resolve(library_, inclusive_sum_, "bench_cub_inclusive_sum_u32");
  resolve(library_, histogram_, "bench_cub_histogram_u8");
  resolve(library_, error_name_, "bench_cub_error_name");
  version_ = version();
}

void Cub::run(Call call, const char* what, std::uint64_t in, std::uint64_t out, std::int64_t n) {
  const void* src = reinterpret_cast<const void*>(in);
  void* dst = reinterpret_cast<void*>(out);
  std::size_t bytes = 0;
  int status = call(nullptr, &bytes, src, dst, n, stream_.native_handle());
  if (status == 0 && (!temp_ || bytes > temp_->size()))
    temp_.emplace(simt::DeviceBuffer<std::uint8_t>::uninitialized(context_, bytes == 0 ? 1 : bytes));
  if (status == 0) {
    bytes = temp_->size();
    status = call(reinterpret_cast<void*>(temp_->device_ptr()), &bytes, src, dst, n, stream_.native_handle());
  }
  if (status != 0) throw std::runtime_error(std::string(what) + " failed: " + error_name_(status));
}

void Cub::reduce_sum(std::uint64_t in, std::uint64_t out, std::int64_t n) {
  run(reduce_sum_, "cub::DeviceReduce::Sum", in, out, n);
}
void Cub::inclusive_sum(std::uint64_t in, std::uint64_t out, std::int64_t n) {
  run(inclusive_sum_, "cub::DeviceScan::InclusiveSum", in, out, n);
}
void Cub::histogram(std::uint64_t in, std::uint64_t bins, std::int64_t n) {
  run(histogram_, "cub::DeviceHistogram::HistogramEven", in, bins, n);
}

}  // namespace bench
