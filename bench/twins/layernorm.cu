// CUDA C++ twin of examples/layernorm/layernorm.cpp: y = (x - mean) * rsqrt(var + eps) * gamma
// + beta per row. Rows up to 16384 columns in registers (layer_norm_1k ... layer_norm_16k: a
// block of G threads per row, P elements per thread, elements 4 (t + Gk) .. + 3 through one
// float4 access where the row is 16-byte aligned, the example's G and P per kernel); longer rows: one 256-thread block per row striding through it; block sums with xor
// shuffles and one shared slot per warp; the variance taken around the mean in a second pass.
constexpr int kBlock = 256;

template <int kThreads>
__device__ __forceinline__ float group_sum(float v) {
#pragma unroll
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_xor_sync(0xffffffffu, v, offset);
  if constexpr (kThreads > 32) {
    __shared__ float per_warp[kThreads / 32];
    if ((threadIdx.x & 31) == 0) per_warp[threadIdx.x >> 5] = v;
    __syncthreads();
    v = 0.0f;
#pragma unroll
    for (int w = 0; w < kThreads / 32; ++w) v += per_warp[w];
    __syncthreads();
  }
  return v;
}

template <int kGroup, int kPerThread>
__device__ __forceinline__ void layer_norm_in_registers(int rows, int cols, float epsilon, const float* __restrict__ in,
                                                        const float* __restrict__ gamma,
                                                        const float* __restrict__ beta, float* __restrict__ out) {
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
      for (int e = 0; e < 4; ++e) v[4 * k + e] = mine && j + e < cols ? in[base + j + e] : 0.0f;
    }
  }
  float sum = 0.0f;
#pragma unroll
  for (int k = 0; k < kPerThread; ++k) sum += v[k];
  const float mean = group_sum<kGroup>(sum) / float(cols);
  float squares = 0.0f;
  if (cols == kGroup * kPerThread) {  // a full row: every element counts
#pragma unroll
    for (int k = 0; k < kPerThread; ++k) squares += (v[k] - mean) * (v[k] - mean);
  } else {
#pragma unroll
    for (int k = 0; k < kPerThread; ++k) {
      const float d = 4 * (t + k / 4 * kGroup) + k % 4 < cols ? v[k] - mean : 0.0f;
      squares += d * d;
    }
  }
  const float rstd = rsqrtf(group_sum<kGroup>(squares) / float(cols) + epsilon);
  if (mine) {
#pragma unroll
    for (int k = 0; k < kVectors; ++k) {
      const int j = 4 * (t + k * kGroup);
      if (aligned && j + 3 < cols) {
        const float4 g = *reinterpret_cast<const float4*>(gamma + j), b = *reinterpret_cast<const float4*>(beta + j);
        *reinterpret_cast<float4*>(out + base + j) =
            make_float4((v[4 * k] - mean) * rstd * g.x + b.x, (v[4 * k + 1] - mean) * rstd * g.y + b.y,
                        (v[4 * k + 2] - mean) * rstd * g.z + b.z, (v[4 * k + 3] - mean) * rstd * g.w + b.w);
      } else {
#pragma unroll
        for (int e = 0; e < 4; ++e)
          if (j + e < cols) out[base + j + e] = (v[4 * k + e] - mean) * rstd * gamma[j + e] + beta[j + e];
      }
    }
  }
}

#define LAYER_NORM_IN_REGISTERS(name, group, per_thread)                                                  \
  extern "C" __global__ void __launch_bounds__(group)                                          \
      name(int rows, int cols, float epsilon, const float* __restrict__ in, const float* __restrict__ gamma,  \
           const float* __restrict__ beta, float* __restrict__ out) {                                          \
    layer_norm_in_registers<group, per_thread>(rows, cols, epsilon, in, gamma, beta, out);                 \
  }
LAYER_NORM_IN_REGISTERS(layer_norm_1k, 128, 8)
LAYER_NORM_IN_REGISTERS(layer_norm_4k, 256, 16)
LAYER_NORM_IN_REGISTERS(layer_norm_8k, 512, 16)
LAYER_NORM_IN_REGISTERS(layer_norm_16k, 512, 32)

__device__ __forceinline__ float block_sum(float v) {
  __shared__ float per_warp[kBlock / 32];
#pragma unroll
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_xor_sync(0xffffffffu, v, offset);
  if ((threadIdx.x & 31) == 0) per_warp[threadIdx.x >> 5] = v;
  __syncthreads();
  float total = 0.0f;
#pragma unroll
  for (int w = 0; w < kBlock / 32; ++w) total += per_warp[w];
  __syncthreads();
  return total;
}

extern "C" __global__ void layer_norm(int cols, float epsilon, const float* __restrict__ in,
                                      const float* __restrict__ gamma, const float* __restrict__ beta,
                                      float* __restrict__ out) {
  const size_t base = size_t(blockIdx.x) * cols;
  const int t = threadIdx.x;

  float sum = 0.0f;
  for (int j = t; j < cols; j += kBlock) sum += in[base + j];
  const float mean = block_sum(sum) / float(cols);

  float squares = 0.0f;
  for (int j = t; j < cols; j += kBlock) {
    const float d = in[base + j] - mean;
    squares += d * d;
  }
  const float rstd = rsqrtf(block_sum(squares) / float(cols) + epsilon);

  for (int j = t; j < cols; j += kBlock) out[base + j] = (in[base + j] - mean) * rstd * gamma[j] + beta[j];
}
