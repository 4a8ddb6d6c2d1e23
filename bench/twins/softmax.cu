// CUDA C++ twin of examples/softmax/softmax.cpp: row-wise softmax, one 256-thread block per
// row, threads striding through the row; the block combines maxima and sums with xor shuffles
// and one shared slot per warp. Rows that fit are cached in dynamic shared memory during the
// first pass (the host says so through `cached`, where the simtc kernel compares the dynamic
// shared size with the row), so later passes read shared memory instead of global memory.
#include <cfloat>

constexpr int kBlock = 256;

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
