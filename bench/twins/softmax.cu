// CUDA C++ twin of examples/softmax/softmax.cpp: row-wise softmax. Rows up to 16384 columns in
// registers (softmax_1k ... softmax_32k: a block of G threads per row, P elements per thread,
// elements 4 (t + Gk) .. + 3 through one float4 load and store where the row is 16-byte aligned,
// the example's G and P per kernel); longer rows: one
// 256-thread block per row, threads striding through the row; the block combines maxima and sums with xor shuffles
// and one shared slot per warp. Rows that fit are cached in dynamic shared memory during the
// first pass (the host says so through `cached`, where the simtc kernel compares the dynamic
// shared size with the row), so later passes read shared memory instead of global memory.
#include <cfloat>

constexpr int kBlock = 256;

// The sum or maximum over a group of kThreads threads (a warp, or the whole block).
template <int kThreads, class Op>
__device__ __forceinline__ float group_combine(float v, Op op) {
#pragma unroll
  for (int offset = 16; offset > 0; offset /= 2) v = op(v, __shfl_xor_sync(0xffffffffu, v, offset));
  if constexpr (kThreads > 32) {
    __shared__ float per_warp[kThreads / 32];
    if ((threadIdx.x & 31) == 0) per_warp[threadIdx.x >> 5] = v;
    __syncthreads();
    v = per_warp[0];
#pragma unroll
    for (int w = 1; w < kThreads / 32; ++w) v = op(v, per_warp[w]);
    __syncthreads();
  }
  return v;
}

template <int kGroup, int kPerThread>
__device__ __forceinline__ void softmax_in_registers(int rows, int cols, const float* __restrict__ in,
                                                     float* __restrict__ out) {
  const int row = blockIdx.x;
  const bool mine = row < rows;
  const size_t base = size_t(row) * cols;
  const int t = threadIdx.x;
  constexpr int kVectors = kPerThread / 4;
  const bool aligned = cols % 4 == 0;  // every row starts 16-byte aligned
  float v[kPerThread];
#pragma unroll
  for (int k = 0; k < kVectors; ++k) {
    const int j = 4 * (t + k * kGroup);
    if (mine && aligned && j + 3 < cols) {
      const float4 x = *reinterpret_cast<const float4*>(in + base + j);
      v[4 * k] = x.x, v[4 * k + 1] = x.y, v[4 * k + 2] = x.z, v[4 * k + 3] = x.w;
    } else {
#pragma unroll
      for (int e = 0; e < 4; ++e) v[4 * k + e] = mine && j + e < cols ? in[base + j + e] : -FLT_MAX;
    }
  }
  float m = v[0];
#pragma unroll
  for (int k = 1; k < kPerThread; ++k) m = fmaxf(m, v[k]);
  m = group_combine<kGroup>(m, [](float a, float b) { return fmaxf(a, b); });
  float sum = 0.0f;
#pragma unroll
  for (int k = 0; k < kPerThread; ++k) {
    v[k] = expf(v[k] - m);
    sum += v[k];
  }
  const float scale = 1.0f / group_combine<kGroup>(sum, [](float a, float b) { return a + b; });
  if (mine) {
#pragma unroll
    for (int k = 0; k < kVectors; ++k) {
      const int j = 4 * (t + k * kGroup);
      if (aligned && j + 3 < cols) {
        *reinterpret_cast<float4*>(out + base + j) =
            make_float4(v[4 * k] * scale, v[4 * k + 1] * scale, v[4 * k + 2] * scale, v[4 * k + 3] * scale);
      } else {
#pragma unroll
        for (int e = 0; e < 4; ++e)
          if (j + e < cols) out[base + j + e] = v[4 * k + e] * scale;
      }
    }
  }
}

#define SOFTMAX_IN_REGISTERS(name, group, per_thread)                                                     \
  extern "C" __global__ void __launch_bounds__(group)                                          \
      name(int rows, int cols, const float* __restrict__ in, float* __restrict__ out) {                        \
    softmax_in_registers<group, per_thread>(rows, cols, in, out);                                          \
  }
SOFTMAX_IN_REGISTERS(softmax_1k, 128, 8)
SOFTMAX_IN_REGISTERS(softmax_4k, 256, 16)
SOFTMAX_IN_REGISTERS(softmax_8k, 256, 32)
SOFTMAX_IN_REGISTERS(softmax_16k, 512, 32)
SOFTMAX_IN_REGISTERS(softmax_32k, 1024, 32)

template <class Op>
__device__ __forceinline__ float block_combine(float v, Op op) {
  __shared__ float per_warp[kBlock / 32];
#pragma unroll
  for (int offset = 16; offset > 0; offset /= 2) v = op(v, __shfl_xor_sync(0xffffffffu, v, offset));
  if ((threadIdx.x & 31) == 0) per_warp[threadIdx.x >> 5] = v;
  __syncthreads();
  float r = per_warp[0];
#pragma unroll
  for (int w = 1; w < kBlock / 32; ++w) r = op(r, per_warp[w]);
  __syncthreads();
  return r;
}

extern "C" __global__ void softmax(int cols, const float* __restrict__ in, float* __restrict__ out, int cached) {
  extern __shared__ float cache[];
  const size_t base = size_t(blockIdx.x) * cols;
  const int t = threadIdx.x;

  float m = -FLT_MAX;
  for (int j = t; j < cols; j += kBlock) {
    const float x = in[base + j];
    if (cached) cache[j] = x;
    m = fmaxf(m, x);
  }
  m = block_combine(m, [](float a, float b) { return fmaxf(a, b); });

  float sum = 0.0f;
  if (cached) {
    for (int j = t; j < cols; j += kBlock) sum += expf(cache[j] - m);
  } else {
    for (int j = t; j < cols; j += kBlock) sum += expf(in[base + j] - m);
  }
  sum = block_combine(sum, [](float a, float b) { return a + b; });

  const float scale = 1.0f / sum;
  if (cached) {
    for (int j = t; j < cols; j += kBlock) out[base + j] = expf(cache[j] - m) * scale;
  } else {
    for (int j = t; j < cols; j += kBlock) out[base + j] = expf(in[base + j] - m) * scale;
  }
}
