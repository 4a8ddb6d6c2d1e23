// CUDA C++ twin of examples/sgemm/sgemm.cpp: C (m x n) = A (m x k) * B (k x n), row-major.
// 64 x 64 tiles of C per block, k in slices of 16 staged in shared memory (A transposed, its
// rows padded by 4 floats), 16 x 16 threads each accumulating a 4 x 4 sub-tile in registers
// from one float4 of As and one of Bs per k (an outer product); zeros staged past the edges.
// 32-bit indices (the benchmark's matrices have fewer than 2^31 elements).
constexpr int kBM = 64, kBN = 64, kBK = 16, kTM = 4, kTN = 4;
constexpr int kThreadsX = kBN / kTN, kThreadsY = kBM / kTM;

extern "C" __global__ void sgemm(int m, int n, int k, const float* __restrict__ a, const float* __restrict__ b,
                                 float* __restrict__ c) {
  __shared__ __align__(16) float as[kBK][kBM + 4];
  __shared__ __align__(16) float bs[kBK][kBN];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int tid = ty * kThreadsX + tx;
  const int row0 = blockIdx.y * kBM, col0 = blockIdx.x * kBN;

  float acc[kTM][kTN] = {};
  for (int k0 = 0; k0 < k; k0 += kBK) {
    for (int e = tid; e < kBM * kBK; e += kThreadsX * kThreadsY) {
      const int r = e / kBK, kk = e % kBK;
      as[kk][r] = row0 + r < m && k0 + kk < k ? a[(row0 + r) * k + k0 + kk] : 0.0f;
    }
    for (int e = tid; e < kBK * kBN; e += kThreadsX * kThreadsY) {
      const int kk = e / kBN, cc = e % kBN;
      bs[kk][cc] = k0 + kk < k && col0 + cc < n ? b[(k0 + kk) * n + col0 + cc] : 0.0f;
    }
    __syncthreads();
#pragma unroll
    for (int kk = 0; kk < kBK; ++kk) {
      const float4 av = *reinterpret_cast<const float4*>(&as[kk][ty * kTM]);
      const float4 bv = *reinterpret_cast<const float4*>(&bs[kk][tx * kTN]);
      const float ar[kTM] = {av.x, av.y, av.z, av.w}, br[kTN] = {bv.x, bv.y, bv.z, bv.w};
#pragma unroll
      for (int i = 0; i < kTM; ++i)
#pragma unroll
        for (int j = 0; j < kTN; ++j) acc[i][j] += ar[i] * br[j];
    }
    __syncthreads();
  }

#pragma unroll
  for (int i = 0; i < kTM; ++i) {
    const int r = row0 + ty * kTM + i;
#pragma unroll
    for (int j = 0; j < kTN; ++j) {
      const int cc = col0 + tx * kTN + j;
      if (r < m && cc < n) c[r * n + cc] = acc[i][j];
    }
  }
}
