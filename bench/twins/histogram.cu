// CUDA C++ twin of examples/histogram/histogram.cpp: a 256-bin byte histogram, each block
// counting into its own shared-memory copy with shared atomics (block scope), 16-byte loads in
// a grid-stride loop, block 0 taking the n % 16 tail bytes, then one global atomic per
// non-empty bin. 256-thread blocks.
#include <stdint.h>

constexpr int kBins = 256;
constexpr int kBlock = 256;

extern "C" __global__ void histogram(unsigned long long n, const uint4* __restrict__ chunks, int n_chunks,
                                     const uint32_t* __restrict__ data, uint32_t* __restrict__ bins) {
  __shared__ uint32_t local[kBins];
  const int t = threadIdx.x;
  local[t] = 0;
  __syncthreads();

  for (int c = blockIdx.x * kBlock + t; c < n_chunks; c += gridDim.x * kBlock) {
    const uint4 chunk = chunks[c];
    const uint32_t w[4] = {chunk.x, chunk.y, chunk.z, chunk.w};
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
      for (int byte = 0; byte < 4; ++byte) atomicAdd_block(&local[(w[i] >> (8 * byte)) & 0xFFu], 1u);
  }
  const unsigned long long tail = 16ull * n_chunks;
  if (blockIdx.x == 0 && tail + t < n) {
    const unsigned long long i = tail + t;
    atomicAdd_block(&local[(data[i / 4] >> (8 * (i % 4))) & 0xFFu], 1u);
  }
  __syncthreads();

  const uint32_t count = local[t];
  if (count != 0) atomicAdd(&bins[t], count);
}
