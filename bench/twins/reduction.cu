// CUDA C++ twin of examples/reduction/reduction.cpp: the same one-launch sum. Each thread adds
// the float4s of a grid-stride loop, kUnroll strides a step (each load under its own range
// test), block 0 adds the up-to-3-element tail, then a shared-memory
// tree down to 64 partial sums and a warp-shuffle (xor butterfly) finish; thread 0 stores the
// block's sum (relaxed) and counts the block (acq_rel atomic add); the block that counts last,
// told by __syncthreads_or, adds the partial sums (relaxed loads) the same way and resets the
// counter. 256-thread blocks, 32-bit indices.
constexpr int kBlock = 256;
constexpr int kUnroll = 4;

__device__ __forceinline__ float block_total(float value, float* partial) {
  const int t = threadIdx.x;
  partial[t] = value;
  __syncthreads();
#pragma unroll
  for (int half = kBlock / 2; half >= 64; half /= 2) {
    if (t < half) partial[t] += partial[t + half];
    __syncthreads();
  }
  float v = 0.0f;
  if (t < 32) {
    v = partial[t] + partial[t + 32];
#pragma unroll
    for (int offset = 16; offset > 0; offset >>= 1) v += __shfl_xor_sync(0xffffffffu, v, offset);
  }
  return v;
}

extern "C" __global__ void sum(const float4* __restrict__ quads, int n_quads, const float* __restrict__ all, int n,
                               float* partials, unsigned* arrived, float* out) {
  __shared__ float partial[kBlock];
  const int t = threadIdx.x;
  float s = 0.0f;
  const int stride = gridDim.x * kBlock;
  for (int q = blockIdx.x * kBlock + t; q < n_quads; q += kUnroll * stride) {
    float4 v[kUnroll];
#pragma unroll
    for (int u = 0; u < kUnroll; ++u)
      v[u] = q + u * stride < n_quads ? quads[q + u * stride] : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
#pragma unroll
    for (int u = 0; u < kUnroll; ++u) s += (v[u].x + v[u].y) + (v[u].z + v[u].w);
  }
  const int tail = 4 * n_quads;
  if (blockIdx.x == 0 && tail + t < n) s += all[tail + t];
  const float total = block_total(s, partial);
  bool last = false;
  if (t == 0) {
    asm volatile("st.relaxed.gpu.global.f32 [%0], %1;" ::"l"(partials + blockIdx.x), "f"(total) : "memory");
    unsigned old;
    asm volatile("atom.acq_rel.gpu.global.add.u32 %0, [%1], 1;" : "=r"(old) : "l"(arrived) : "memory");
    last = old == gridDim.x - 1;
  }
  if (!__syncthreads_or(last)) return;
  float mine = 0.0f;
  for (int b = t; b < gridDim.x; b += kBlock) {
    float x;
    asm volatile("ld.relaxed.gpu.global.f32 %0, [%1];" : "=f"(x) : "l"(partials + b) : "memory");
    mine += x;
  }
  const float all_blocks = block_total(mine, partial);
  if (t == 0) {
    *out = all_blocks;
    *arrived = 0;
  }
}
