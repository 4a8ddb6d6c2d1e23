// CUDA C++ twin of examples/layernorm/layernorm.cpp: y = (x - mean) * rsqrt(var + eps) * gamma
// + beta per row, one 256-thread block per row striding through it; block sums with xor
// shuffles and one shared slot per warp; the variance taken around the mean in a second pass.
constexpr int kBlock = 256;

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
