// CUB's device-wide reduce, scan and histogram (the CUDA toolkit's CUB, compiled by nvcc into
// libbench_cub.so beside bench_kernels: bench/peers/cub.cu), loaded with dlopen: the library
// peer of the reduction, scan and histogram rows. Each call runs on the bench's stream in the
// primary context and uses temporary storage this class keeps (grown on demand, so the timed
// calls allocate nothing).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include <simt/runtime.hpp>

namespace bench {

class Cub {
 public:
  /// Loads libbench_cub.so from the directory of the running executable; throws
  /// std::runtime_error naming what failed.
  Cub(const simt::Context& context, const simt::Stream& stream);
  Cub(const Cub&) = delete;
  Cub& operator=(const Cub&) = delete;

  /// *out = in[0] + ... + in[n - 1] (cub::DeviceReduce::Sum).
  void reduce_sum(std::uint64_t in, std::uint64_t out, std::int64_t n);
  /// out[i] = in[0] + ... + in[i], 32-bit unsigned (cub::DeviceScan::InclusiveSum).
  void inclusive_sum(std::uint64_t in, std::uint64_t out, std::int64_t n);
  /// bins[v] = the count of bytes equal to v among the n bytes at `in`, 256 bins
  /// (cub::DeviceHistogram::HistogramEven); the bins are overwritten, not added to.
  void histogram(std::uint64_t in, std::uint64_t bins, std::int64_t n);

  /// CUB's version (CUB_VERSION at the library's build, e.g. 300000 for 3.0.0).
  int version() const { return version_; }

 private:
  using Call = int (*)(void*, std::size_t*, const void*, void*, std::int64_t, CUstream_st*);
  void run(Call call, const char* what, std::uint64_t in, std::uint64_t out, std::int64_t n);

  const simt::Context& context_;
  const simt::Stream& stream_;
  void* library_ = nullptr;
  int version_ = 0;
  Call reduce_sum_ = nullptr, inclusive_sum_ = nullptr, histogram_ = nullptr;
  const char* (*error_name_)(int) = nullptr;
  std::optional<simt::DeviceBuffer<std::uint8_t>> temp_;
};

}  // namespace bench
