// CUB's device-wide algorithms (from the CUDA toolkit, compiled by nvcc) as a small shared
// library with a C interface, the reference column of the reduction, scan and histogram rows
// (bench/cub.hpp loads it with dlopen). Each call works on the current (primary) context and
// the given stream; temporary storage comes from the caller (query with temp == nullptr).
#include <cstddef>
#include <cstdint>

#include <cub/device/device_histogram.cuh>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>

extern "C" {

/// The CUB version this library was compiled with (CUB_VERSION, e.g. 300000).
int bench_cub_version() { return CUB_VERSION; }

/// *out = the sum of in[0, n) (DeviceReduce::Sum, float).
int bench_cub_reduce_sum_f32(void* temp, std::size_t* temp_bytes, const float* in, float* out, std::int64_t n,
                             cudaStream_t stream) {
  return static_cast<int>(cub::DeviceReduce::Sum(temp, *temp_bytes, in, out, n, stream));
}

/// out[i] = in[0] + ... + in[i] (DeviceScan::InclusiveSum, 32-bit unsigned, wrapping).
int bench_cub_inclusive_sum_u32(void* temp, std::size_t* temp_bytes, const std::uint32_t* in, std::uint32_t* out,
                                std::int64_t n, cudaStream_t stream) {
  return static_cast<int>(cub::DeviceScan::InclusiveSum(temp, *temp_bytes, in, out, n, stream));
}

/// bins[v] = the number of bytes equal to v among in[0, n) (DeviceHistogram::HistogramEven, 256
/// bins of width 1).
int bench_cub_histogram_u8(void* temp, std::size_t* temp_bytes, const std::uint8_t* in, std::uint32_t* bins,
                           std::int64_t n, cudaStream_t stream) {
  return static_cast<int>(cub::DeviceHistogram::HistogramEven(temp, *temp_bytes, in, bins, 257, 0, 256, n, stream));
}

/// The name of a cudaError_t.
const char* bench_cub_error_name(int error) { return cudaGetErrorName(static_cast<cudaError_t>(error)); }
}
