// CUDA C++ twin of examples/reduction/reduction.cpp: the same two-launch block sum. Each thread
// adds the float4s of a grid-stride loop, block 0 adds the up-to-3-element tail, then a
// shared-memory tree down to 64 partial sums and a warp-shuffle (xor butterfly) finish;
// 256-thread blocks, 32-bit indices, a plain store of each block's sum.
constexpr int kBlock = 256;

extern "C" __global__ void block_sum(const float4* __restrict__ quads, int n_quads, const float* __restrict__ all,
                                     int n, float* __restrict__ out) {
  __shared__ float partial[kBlock];
  const int t = threadIdx.x;
  float sum = 0.0f;
  for (int q = blockIdx.x * kBlock + t; q < n_quads; q += gridDim.x * kBlock) {
    const float4 v = quads[q];
    sum += (v.x + v.y) + (v.z + v.w);
  }
  const int tail = 4 * n_quads;
  if (blockIdx.x == 0 && tail + t < n) sum += all[tail + t];

  partial[t] = sum;
  __syncthreads();
#pragma unroll
  for (int half = kBlock / 2; half >= 64; half /= 2) {
    if (t < half) partial[t] += partial[t + half];
    __syncthreads();
  }
  if (t < 32) {
    float v = partial[t] + partial[t + 32];
#pragma unroll
    for (int offset = 16; offset > 0; offset >>= 1) v += __shfl_xor_sync(0xffffffffu, v, offset);
    if (t == 0) out[blockIdx.x] = v;
  }
}
