// Device helpers of the bench (built by nvcc like the twins): random inputs generated on the
// device, so gigabytes of input cost milliseconds instead of host time and PCIe copies, and a
// float4 copy kernel, one of the two copy-bandwidth references.
#include <cuda_fp16.h>
#include <stdint.h>

namespace {

// SplitMix64's finaliser: a counter-based generator, so element i depends only on (seed, i).
__device__ __forceinline__ uint64_t mix(uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

// Uniform in [0, 1) with 24 random bits.
__device__ __forceinline__ float unit(uint64_t seed, uint64_t i) {
  return float(mix(seed * 0x100000001B3ull ^ i) >> 40) * (1.0f / 16777216.0f);
}

}  // namespace

extern "C" __global__ void bench_fill_f32(float* out, uint64_t n, uint64_t seed, float lo, float hi) {
  for (uint64_t i = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; i < n; i += uint64_t(gridDim.x) * blockDim.x)
    out[i] = lo + (hi - lo) * unit(seed, i);
}

extern "C" __global__ void bench_fill_f16(__half* out, uint64_t n, uint64_t seed, float lo, float hi) {
  for (uint64_t i = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; i < n; i += uint64_t(gridDim.x) * blockDim.x)
    out[i] = __float2half_rn(lo + (hi - lo) * unit(seed, i));
}

// Uniform in [0, bound), or any 32-bit value when bound is 0.
extern "C" __global__ void bench_fill_u32(uint32_t* out, uint64_t n, uint64_t seed, uint32_t bound) {
  for (uint64_t i = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; i < n; i += uint64_t(gridDim.x) * blockDim.x) {
    const uint32_t x = uint32_t(mix(seed * 0x100000001B3ull ^ i) >> 32);
    out[i] = bound == 0 ? x : x % bound;
  }
}

// Four bytes per word, each geometrically distributed (success probability p) and clamped
// to 255: a few hot values, a long tail.
extern "C" __global__ void bench_fill_bytes_geometric(uint32_t* out, uint64_t n, uint64_t seed, float p) {
  const float scale = 1.0f / log1pf(-p);
  for (uint64_t i = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x; i < n; i += uint64_t(gridDim.x) * blockDim.x) {
    uint32_t word = 0;
    for (int b = 0; b < 4; ++b) {
      const float u = 1.0f - unit(seed + uint64_t(b) * 0x9E3779B9ull, i);  // in (0, 1]
      word |= uint32_t(fminf(floorf(logf(u) * scale), 255.0f)) << (8 * b);
    }
    out[i] = word;
  }
}

// One float4 per thread: 16-byte loads and stores, fully coalesced.
extern "C" __global__ void __launch_bounds__(256) bench_copy_f4(const float4* __restrict__ in,
                                                                float4* __restrict__ out, uint64_t n4) {
  const uint64_t i = blockIdx.x * uint64_t(blockDim.x) + threadIdx.x;
  if (i < n4) out[i] = in[i];
}
