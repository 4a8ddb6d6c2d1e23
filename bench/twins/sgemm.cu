// CUDA C++ twin of examples/sgemm/sgemm.cpp: C (m x n) = A (m x k) * B (k x n), row-major.
// 128 x 128 tiles of C per block of 16 x 16 threads, k in slices of 8, double-buffered in
// shared memory (A transposed, its rows padded by 4 floats): while the block multiplies one
// slice, each thread's float4 loads of the next (four elements of A, four of B) are in flight
// and land in the other buffer afterwards, one barrier per slice. A thread accumulates 8 x 8
// elements (rows ty*4.., 64+ty*4.., columns tx*4.., 64+tx*4..) from four float4 shared loads
// per k, a warp holding 4 row groups and 8 column groups; zeros staged past the edges. 64-bit
// indices and the same guards as the simtc kernel.
constexpr int kBM = 128, kBN = 128, kBK = 8, kTM = 8, kTN = 8;
constexpr int kThreadsX = kBN / kTN, kThreadsY = kBM / kTM;
constexpr int kARow = kBM + 4;

namespace {

__device__ __forceinline__ float4 fetch(const float* __restrict__ p, size_t rows, size_t cols, size_t r, size_t c) {
  float4 v = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
  if (r < rows) {
    const size_t i = r * cols + c;
    if (c + 3 < cols) {
      // A 16-byte load where the address allows it, element loads otherwise (as load<4>).
      if (i % 4 == 0) {
        v = __ldg(reinterpret_cast<const float4*>(p + i));
      } else {
        v.x = __ldg(p + i), v.y = __ldg(p + i + 1), v.z = __ldg(p + i + 2), v.w = __ldg(p + i + 3);
      }
    } else {
      if (c < cols) v.x = __ldg(p + i);
      if (c + 1 < cols) v.y = __ldg(p + i + 1);
      if (c + 2 < cols) v.z = __ldg(p + i + 2);
    }
  }
  return v;
}

}  // namespace

extern "C" __global__ void __launch_bounds__(kThreadsX * kThreadsY, 2)
    sgemm(unsigned m, unsigned n, unsigned k, const float* __restrict__ a, const float* __restrict__ b,
          float* __restrict__ c) {
  __shared__ __align__(16) float as[2 * kBK][kARow];
  __shared__ __align__(16) float bs[2 * kBK][kBN];
  const int tid = threadIdx.y * kThreadsX + threadIdx.x;
  const int ty = (tid / 32) / 2 * 4 + (tid % 32) / 8, tx = (tid / 32) % 2 * 8 + tid % 8;
  if (blockIdx.z != 0) return;
  const size_t row0 = size_t(blockIdx.y) * kBM, col0 = size_t(blockIdx.x) * kBN;
  const int ar = tid / 2, ak = (tid % 2) * 4;
  const int bk = tid / 32, bc = (tid % 32) * 4;

  auto stage = [&](int s, float4 va, float4 vb) {
    as[s * kBK + ak + 0][ar] = va.x;
    as[s * kBK + ak + 1][ar] = va.y;
    as[s * kBK + ak + 2][ar] = va.z;
    as[s * kBK + ak + 3][ar] = va.w;
    *reinterpret_cast<float4*>(&bs[s * kBK + bk][bc]) = vb;
  };

  float acc[kTM][kTN] = {};
  const size_t slices = (size_t(k) + kBK - 1) / kBK;
  stage(0, fetch(a, m, k, row0 + ar, ak), fetch(b, k, n, bk, col0 + bc));
  __syncthreads();
  for (size_t slice = 0; slice < slices; ++slice) {
    const bool more = slice + 1 < slices;
    float4 next_a = make_float4(0.0f, 0.0f, 0.0f, 0.0f), next_b = next_a;
    if (more) {
      const size_t k0 = (slice + 1) * kBK;
      next_a = fetch(a, m, k, row0 + ar, k0 + ak);
      next_b = fetch(b, k, n, k0 + bk, col0 + bc);
    }
    const int row = int(slice % 2) * kBK;
#pragma unroll
    for (int kk = 0; kk < kBK; ++kk) {
      const float4 a0 = *reinterpret_cast<const float4*>(&as[row + kk][ty * 4]);
      const float4 a1 = *reinterpret_cast<const float4*>(&as[row + kk][64 + ty * 4]);
      const float4 b0 = *reinterpret_cast<const float4*>(&bs[row + kk][tx * 4]);
      const float4 b1 = *reinterpret_cast<const float4*>(&bs[row + kk][64 + tx * 4]);
      const float ra[kTM] = {a0.x, a0.y, a0.z, a0.w, a1.x, a1.y, a1.z, a1.w};
      const float rb[kTN] = {b0.x, b0.y, b0.z, b0.w, b1.x, b1.y, b1.z, b1.w};
#pragma unroll
      for (int i = 0; i < kTM; ++i)
#pragma unroll
        for (int j = 0; j < kTN; ++j) acc[i][j] += ra[i] * rb[j];
    }
    if (more) stage(int((slice + 1) % 2), next_a, next_b);
    __syncthreads();
  }

#pragma unroll
  for (int i = 0; i < kTM; ++i) {
    const size_t r = row0 + (i / 4) * 64 + ty * 4 + i % 4;
#pragma unroll
    for (int j = 0; j < kTN; ++j) {
      const size_t cc = col0 + (j / 4) * 64 + tx * 4 + j % 4;
      if (r < m && cc < n) c[r * n + cc] = acc[i][j];
    }
  }
}
