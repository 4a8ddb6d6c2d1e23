// CUDA C++ twin of examples/hgemm/hgemm.cpp: C (m x n, float) = A (m x k) * B (k x n), half
// inputs, row-major, k and n multiples of 8, on the tensor cores with the sm_80 instructions
// written as inline PTX, as CUDA programmers do: 64 x 64 x 32 block tiles, 4 warps of 32 x 32,
// two cp.async stages (16-byte chunks, zeros stored where a chunk lies outside the matrices),
// ldmatrix (B transposed on the way) and mma.sync.m16n8k16 with f32 accumulators; rows padded
// by 8 halves so ldmatrix is conflict-free.
#include <cuda_fp16.h>
#include <stdint.h>

constexpr int kBM = 64, kBN = 64, kBK = 32;
constexpr int kWarpsM = 2, kWarpsN = 2, kThreads = 32 * kWarpsM * kWarpsN;
constexpr int kStages = 2, kPad = 8;
constexpr int kARow = kBK + kPad, kBRow = kBN + kPad;
constexpr int kAStage = kBM * kARow, kBStage = kBK * kBRow;

__device__ __forceinline__ void cp_async16(void* smem, const void* gmem) {
  const unsigned s = static_cast<unsigned>(__cvta_generic_to_shared(smem));
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" ::"r"(s), "l"(gmem) : "memory");
}
__device__ __forceinline__ void cp_async_commit() { asm volatile("cp.async.commit_group;\n" ::: "memory"); }
template <int N>
__device__ __forceinline__ void cp_async_wait() {
  asm volatile("cp.async.wait_group %0;\n" ::"n"(N) : "memory");
}
__device__ __forceinline__ void ldmatrix_x4(uint32_t r[4], const void* p) {
  const unsigned s = static_cast<unsigned>(__cvta_generic_to_shared(p));
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
               : "r"(s));
}
__device__ __forceinline__ void ldmatrix_x4_trans(uint32_t r[4], const void* p) {
  const unsigned s = static_cast<unsigned>(__cvta_generic_to_shared(p));
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];\n"
               : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
               : "r"(s));
}
__device__ __forceinline__ void mma_16816(float c[4], const uint32_t a[4], const uint32_t b[2]) {
  asm volatile(
      "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
      "{%0, %1, %2, %3};\n"
      : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
      : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
}

extern "C" __global__ void hgemm(int m, int n, int k, const __half* __restrict__ a, const __half* __restrict__ b,
                                 float* __restrict__ c) {
  __shared__ __align__(16) __half as[kStages * kAStage];
  __shared__ __align__(16) __half bs[kStages * kBStage];
  const int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
  const int wm = warp / kWarpsN, wn = warp % kWarpsN;
  const int row0 = blockIdx.y * kBM, col0 = blockIdx.x * kBN;

  auto load = [&](int s, int k0) {
    for (int chunk = tid; chunk < kBM * kBK / 8; chunk += kThreads) {
      const int r = chunk / (kBK / 8), part = chunk % (kBK / 8), gk = k0 + 8 * part;
      __half* dst = as + s * kAStage + r * kARow + 8 * part;
      if (row0 + r < m && gk < k) cp_async16(dst, a + size_t(row0 + r) * k + gk);
      else *reinterpret_cast<uint4*>(dst) = make_uint4(0, 0, 0, 0);
    }
    for (int chunk = tid; chunk < kBK * kBN / 8; chunk += kThreads) {
      const int r = chunk / (kBN / 8), part = chunk % (kBN / 8), gc = col0 + 8 * part;
      __half* dst = bs + s * kBStage + r * kBRow + 8 * part;
      if (k0 + r < k && gc < n) cp_async16(dst, b + size_t(k0 + r) * n + gc);
      else *reinterpret_cast<uint4*>(dst) = make_uint4(0, 0, 0, 0);
    }
  };

  float acc[2][4][4] = {};
  const int slices = (k + kBK - 1) / kBK;
  load(0, 0);
  cp_async_commit();
  for (int slice = 0; slice < slices; ++slice) {
    if (slice + 1 < slices) {
      load((slice + 1) % kStages, (slice + 1) * kBK);
      cp_async_commit();
      cp_async_wait<1>();
    } else {
      cp_async_wait<0>();
    }
    __syncthreads();

    const __half* at = as + (slice % kStages) * kAStage;
    const __half* bt = bs + (slice % kStages) * kBStage;
#pragma unroll
    for (int kk = 0; kk < kBK; kk += 16) {
      uint32_t fa[2][4], fb[4][2];
#pragma unroll
      for (int mi = 0; mi < 2; ++mi) ldmatrix_x4(fa[mi], at + (wm * 32 + mi * 16 + lane % 16) * kARow + kk + (lane / 16) * 8);
#pragma unroll
      for (int nj = 0; nj < 2; ++nj) {
        uint32_t pair[4];
        ldmatrix_x4_trans(pair, bt + (kk + lane % 16) * kBRow + wn * 32 + nj * 16 + (lane / 16) * 8);
        fb[2 * nj][0] = pair[0], fb[2 * nj][1] = pair[1];
        fb[2 * nj + 1][0] = pair[2], fb[2 * nj + 1][1] = pair[3];
      }
#pragma unroll
      for (int mi = 0; mi < 2; ++mi)
#pragma unroll
        for (int ni = 0; ni < 4; ++ni) mma_16816(acc[mi][ni], fa[mi], fb[ni]);
    }
    __syncthreads();
  }

  const int g = lane / 4, t = lane % 4;
#pragma unroll
  for (int mi = 0; mi < 2; ++mi)
#pragma unroll
    for (int ni = 0; ni < 4; ++ni)
#pragma unroll
      for (int e = 0; e < 4; ++e) {
        const int r = row0 + wm * 32 + mi * 16 + g + (e / 2) * 8, col = col0 + wn * 32 + ni * 8 + 2 * t + e % 2;
        if (r < m && col < n) c[size_t(r) * n + col] = acc[mi][ni][e];
      }
}
